import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MarkupDraft, UploadEntry } from '../../upload/types.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { LazyMarkupEditor, preloadMarkupEditor } from '../markup/index.ts';
import type { MarkupResult } from '../markup/index.ts';

const noMarks: MarkupDraft = { width: 0, height: 0, shapes: [] };

/**
 * "Mark up" on a photo in the upload queue. A photo not being attached yet is held while it is
 * marked up, its marks stored with it, so a reload finds them again; saving queues the marked copy
 * for the same record and lets the original go on (unless the technician keeps it out).
 */
export function MarkUpQueuedPhoto({
  entry,
  name,
  minHeight,
  onEditing,
  onSaved,
}: {
  entry: UploadEntry;
  name: string;
  /** Taller than the theme's touch minimum where the button sits among larger ones (the camera). */
  minHeight?: number;
  /** The editor opened or closed: a dialog it opens over must not close on that dialog's Escape. */
  onEditing?(editing: boolean): void;
  /** The marked copy was queued; `keptOriginal` is false when the original is no longer to be attached. */
  onSaved?(marked: UploadEntry, keptOriginal: boolean): void;
}) {
  const intl = useIntl();
  const queue = useUploadQueue();
  const [session, setSession] = useState<{ initial?: MarkupDraft; held: boolean } | null>(null);
  const { id } = entry;
  // A photo that can be marked up is listed: the editor's code loads when the page is next idle, so
  // a tap on "Mark up" does not wait for it.
  useEffect(() => preloadMarkupEditor(), []);

  const open = () => {
    const initial = entry.markup;
    setSession({ initial, held: queue.holdForMarkup(id, initial ?? noMarks) });
    onEditing?.(true);
  };

  const close = () => {
    setSession(null);
    onEditing?.(false);
  };

  const held = session?.held ?? false;
  const keep = useCallback(
    (draft: MarkupDraft) => void (held && queue.holdForMarkup(id, draft)),
    [held, queue, id],
  );

  const save = ({ file, keepOriginal }: MarkupResult) => {
    const { added, refused } = queue.add([file], entry.target);
    if (refused.length > 0) throw new Error(refused[0]!.reason);
    if (held) queue.endMarkup(id, keepOriginal);
    close();
    onSaved?.(added[0]!, !held || keepOriginal);
  };

  const cancel = () => {
    if (held) queue.endMarkup(id, true);
    close();
  };

  return (
    <>
      <Button
        variant={entry.markup ? 'filled' : 'light'}
        size="sm"
        mih={minHeight}
        leftSection={<IconPencil size={18} aria-hidden />}
        aria-label={
          entry.markup
            ? intl.formatMessage({ defaultMessage: 'Continue marking up {name}', id: 'pCXT/G' }, { name })
            : intl.formatMessage({ defaultMessage: 'Mark up {name}', id: 'O20Ry1' }, { name })
        }
        onClick={open}
        {...preloadMarkupEditor}
      >
        {entry.markup ? (
          <FormattedMessage
            defaultMessage="Continue mark-up"
            id="lOiAtO"
            description="Button: go on marking up a photo"
          />
        ) : (
          <FormattedMessage defaultMessage="Mark up" id="LgxFsA" description="Button: draw on a photo" />
        )}
      </Button>
      {session && (
        <LazyMarkupEditor
          image={entry.file}
          filename={entry.filename}
          initial={session.initial}
          offerKeepOriginal={held}
          onChange={held ? keep : undefined}
          onSave={save}
          onCancel={cancel}
        />
      )}
    </>
  );
}
