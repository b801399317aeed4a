import {
  IconArrowUpRight,
  IconArrowsMove,
  IconBlur,
  IconCircle,
  IconScribble,
  IconSquare,
  IconTag,
  type Icon,
} from '@tabler/icons-react';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { appIntl } from '../../i18n/index.ts';
import type { Tool } from './markupTools.tsx';
import { colorName, type Shape } from './shapeModel.ts';

/**
 * How each mark-up tool meets a person, apart from what it draws (markupTools.tsx): its icon and
 * name on the toolbar, how to use it, and what a screen reader says for one of its marks. Every
 * table and message is by Tool or ShapeKind, so the compiler names a new kind of mark left out.
 */

export const TOOL_ICONS = {
  arrow: IconArrowUpRight,
  ellipse: IconCircle,
  rect: IconSquare,
  ink: IconScribble,
  text: IconTag,
  blur: IconBlur,
  move: IconArrowsMove,
} satisfies Record<Tool, Icon>;

const WORDS: Record<'name' | 'hint' | 'mark', MessageDescriptor> = defineMessages({
  name: {
    defaultMessage:
      '{tool, select, arrow {Arrow} ellipse {Circle} rect {Box} ink {Draw} text {Label} blur {Blur} move {Move} other {}}',
    id: 'C5ahk7',
    description:
      'A mark-up tool’s name on the toolbar. arrow: draws an arrow on a photo; ellipse: draws a circle; rect: draws a rectangle; ink: draws freehand lines; text: puts a word on a photo; blur: hides part of a photo under coarse blocks; move: picks up marks to move or reshape them',
  },
  hint: {
    defaultMessage:
      '{tool, select, arrow {Drag to draw an arrow: it points where you let go.} ellipse {Drag across what to circle.} rect {Drag across what to frame.} ink {Draw with a finger, a pen or the mouse.} text {Tap the photo where the label goes.} blur {Drag across what must not be seen: it is covered in coarse blocks.} move {Tap a mark to select it; drag it to move it, or its round handles to reshape it.} other {}}',
    id: 'uJQ6iw',
    description:
      'How to use the chosen mark-up tool, shown under the toolbar while it is chosen. The tools: arrow, ellipse (Circle), rect (Box), ink (Draw), text (Label), blur, move',
  },
  mark: {
    defaultMessage:
      '{kind, select, arrow {{color} arrow} ellipse {{color} circle} rect {{color} rectangle} ink {{color} freehand line} text {{color} label “{text}”} blur {Blurred area} other {}}',
    id: 'fo6njQ',
    description:
      'A mark on a photo, as a screen reader says it, by its kind, e.g. "Red arrow", "Red label “crack”"; color: its colour; text: the words on a label',
  },
});

/** A tool's name on the toolbar, e.g. "Arrow". */
export function toolName(tool: Tool, intl: IntlShape): string {
  return intl.formatMessage(WORDS.name, { tool });
}

/** How to use a tool, e.g. "Drag across what to circle." */
export function toolHint(tool: Tool, intl: IntlShape): string {
  return intl.formatMessage(WORDS.hint, { tool });
}

/** The words a screen reader says for one mark, e.g. "Red arrow". */
export function describeShape(shape: Shape, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(WORDS.mark, {
    kind: shape.kind,
    color: 'color' in shape ? intl.formatMessage(colorName(shape.color)) : '',
    text: shape.kind === 'text' ? shape.text : '',
  });
}
