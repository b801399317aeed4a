import type { ComponentProps } from 'react';
import { IconDownload, IconEye, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { displayFilename } from '../../components/displayFilename.ts';
import { PlainButton } from '../../components/PlainButton.tsx';

/** What can be done to an attached file from its row (and, for a download, its preview). */
export type FileAction = 'preview' | 'markUp' | 'download' | 'delete';

const ICONS = {
  preview: IconEye,
  markUp: IconPencil,
  download: IconDownload,
  delete: IconTrash,
} satisfies Record<FileAction, Icon>;

/** The verb on each action's button. */
const LABELS: Record<FileAction, MessageDescriptor> = defineMessages({
  preview: { defaultMessage: 'Preview', id: '0YIR93', description: 'Button: show the file in the app' },
  markUp: { defaultMessage: 'Mark up', id: 'nWYP1w', description: 'Button: draw on a copy of the photo' },
  download: { defaultMessage: 'Download', id: 'MWMQru', description: 'Button: save the file on this device' },
  delete: { defaultMessage: 'Delete', id: '3XcSV5', description: 'Button: delete an attached file' },
});

/** Each action's accessible name, which says which file it acts on (several rows have the same verbs). */
const NAMED: Record<FileAction, MessageDescriptor> = defineMessages({
  preview: {
    defaultMessage: 'Preview {filename}',
    id: 'C8h70t',
    description: 'Button: show the file in the app',
  },
  markUp: {
    defaultMessage: 'Mark up {filename}',
    id: '7h2QB7',
    description: 'Button: draw on a copy of the photo',
  },
  download: {
    defaultMessage: 'Download {filename}',
    id: 'wA9sjN',
    description: 'Button: save the file on this device',
  },
  delete: {
    defaultMessage: 'Delete {filename}',
    id: 'Y35ujp',
    description: 'Button: delete an attached file',
  },
});

type Props = Omit<ComponentProps<typeof PlainButton>, 'icon' | 'children' | 'aria-label' | 'variant'> & {
  action: FileAction;
  filename: string | null;
  variant?: 'light' | 'subtle' | 'filled';
};

/**
 * A button acting on an attached file: its icon and verb shown, the file named for screen readers.
 * A PlainButton: every listed file has up to four.
 */
export function FileActionButton({ action, filename, variant = 'light', ...button }: Props) {
  const intl = useIntl();
  const ActionIcon = ICONS[action];
  return (
    <PlainButton
      variant={variant}
      icon={<ActionIcon size={18} aria-hidden="true" />}
      aria-label={intl.formatMessage(NAMED[action], { filename: displayFilename(filename, intl).text })}
      {...button}
    >
      {intl.formatMessage(LABELS[action])}
    </PlainButton>
  );
}
