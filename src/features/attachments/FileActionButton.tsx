import type { ComponentPropsWithoutRef } from 'react';
import { Button, Loader, type ButtonProps } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { displayFilename } from '../../components/displayFilename.ts';

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

type Props = Omit<ButtonProps, 'children' | 'leftSection' | 'size'> &
  Pick<ComponentPropsWithoutRef<'button'>, 'onClick' | 'onPointerEnter' | 'onPointerDown' | 'onFocus'> & {
    action: FileAction;
    filename: string | null;
    /**
     * At work (a download being fetched): a spinner, clicks ignored, yet still focusable, unlike
     * Mantine's `loading`, which disables the button and drops focus to the page's body.
     */
    busy?: boolean;
  };

/** A button acting on an attached file: its icon and verb shown, the file named for screen readers. */
export function FileActionButton({ action, filename, variant = 'light', busy = false, ...button }: Props) {
  const intl = useIntl();
  const ActionIcon = ICONS[action];
  const { onClick, ...rest } = button;
  return (
    <Button
      variant={variant}
      size="sm"
      leftSection={busy ? <Loader size={18} /> : <ActionIcon size={18} aria-hidden="true" />}
      aria-label={intl.formatMessage(NAMED[action], { filename: displayFilename(filename, intl).text })}
      aria-busy={busy || undefined}
      data-disabled={busy || undefined}
      onClick={busy ? undefined : onClick}
      {...rest}
    >
      {intl.formatMessage(LABELS[action])}
    </Button>
  );
}
