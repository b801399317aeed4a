import { Alert, Text } from '@mantine/core';
import { useCallback, useState, type DragEvent, type ReactNode } from 'react';
import { useDropzone, type DropEvent, type DropzoneRootProps } from 'react-dropzone';
import { useIntl } from 'react-intl';
import type { UploadTarget } from '../../upload/types.ts';
import { useUploadQueue } from '../../upload/uploadQueueContext.tsx';
import { carriesNoFiles, readDroppedFiles, refusedInDrop } from './readDroppedFiles.ts';
import { useDuplicateCheck } from './duplicateCheck.tsx';
import { displayFilename } from '../../components/displayFilename.ts';

export interface AttachFiles {
  /** Props for the drop target's root element. */
  getRootProps(props?: DropzoneRootProps): DropzoneRootProps;
  /** Props for the hidden input behind "Choose files". */
  getInputProps: ReturnType<typeof useDropzone>['getInputProps'];
  /** Opens the file picker. */
  open(): void;
  /** Files are dragged over this target itself. */
  isDragActive: boolean;
  /** Queues files for the target and reports what was refused (`refusedNames`: items that were not files). */
  attach(files: readonly File[], refusedNames?: readonly string[]): void;
  /** Like attach, after asking about any file already attached or on its way to the same target. */
  attachUnlessDuplicate(files: readonly File[]): void;
  /** What was refused, and the question about duplicates: shown where the target shows its messages. */
  notices: ReactNode;
}

/**
 * One way for a drop target (a record page, an evidence slot) to take files: drop, choose, and whatever
 * else the target wires to `attach`; folders, non-files and what the queue refuses are reported in
 * the same words everywhere. `nested`: the target sits inside a larger one, which must not see its drops;
 * `onAdded`: files were queued (the target moves focus to where they are listed).
 */
export function useAttachFiles(
  target: UploadTarget | null,
  { nested = false, onAdded }: { nested?: boolean; onAdded?: () => void } = {},
): AttachFiles {
  const intl = useIntl();
  const queue = useUploadQueue();
  const [refusals, setRefusals] = useState<string[]>([]);
  const duplicates = useDuplicateCheck(target);

  const attach = useCallback(
    (files: readonly File[], refusedNames: readonly string[] = []) => {
      const { added, refused } = target ? queue.add(files, target) : { added: [], refused: [] };
      if (added.length > 0) onAdded?.();
      const messages = [
        ...refusedNames.map((name) =>
          intl.formatMessage(
            {
              defaultMessage: '“{name}” is a folder or not a file; drop the files themselves.',
              id: 'hYNDTQ',
            },
            { name: displayFilename(name).text },
          ),
        ),
        ...refused.map(({ filename, reason }) =>
          intl.formatMessage(
            { defaultMessage: '“{filename}” was not attached: {reason}', id: '6ECxc1' },
            { filename: displayFilename(filename).text, reason },
          ),
        ),
      ];
      // Unchanged "nothing refused" keeps the target from rendering again at every drop.
      setRefusals((shown) => (messages.length === 0 && shown.length === 0 ? shown : messages));
    },
    [queue, target, intl, onAdded],
  );
  // Both stable while the target is (check and attach are): the zone's controls that are handed
  // attachUnlessDuplicate, and react-dropzone's own callbacks built on onDrop, stay the same objects,
  // so a drop does not draw the zone's buttons again.
  const { check } = duplicates;
  const attachUnlessDuplicate = useCallback(
    (files: readonly File[]) => check(files, (fresh) => attach(fresh)),
    [check, attach],
  );
  const onDrop = useCallback(
    (accepted: File[], _rejected: unknown, event: DropEvent) => {
      const refusedNames = refusedInDrop(event);
      check(accepted, (files) => attach(files, refusedNames));
    },
    [check, attach],
  );

  const dropzone = useDropzone({
    noClick: true,
    noKeyboard: true,
    // Pastes are the record page's to take, from the whole document, not only with focus in here.
    noPaste: true,
    useFsAccessApi: false,
    noDragEventsBubbling: nested,
    disabled: target === null,
    getFilesFromEvent: readDroppedFiles,
    onDrop,
  });

  const refuseNonFiles = (event: DragEvent) => {
    if (carriesNoFiles(event.dataTransfer)) {
      event.preventDefault();
      setRefusals([
        intl.formatMessage({
          defaultMessage: 'Only files can be attached. Drop files from your device, not text or links.',
          id: 'gQJzBM',
        }),
      ]);
    }
  };

  const notices = (
    <>
      {refusals.length > 0 && (
        <Alert
          color="orange"
          title={intl.formatMessage({ defaultMessage: 'Some items were not attached', id: 'gFyFfd' })}
          withCloseButton
          closeButtonLabel={intl.formatMessage({
            defaultMessage: 'Dismiss',
            id: 'sIlK98',
            description: 'Closes a notice',
          })}
          onClose={() => setRefusals([])}
          role="alert"
        >
          {refusals.map((message, index) => (
            <Text key={index} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      {duplicates.prompt}
    </>
  );

  return {
    getRootProps: (props) => dropzone.getRootProps({ ...props, onDrop: refuseNonFiles }),
    getInputProps: dropzone.getInputProps,
    open: dropzone.open,
    isDragActive: dropzone.isDragActive,
    attach,
    attachUnlessDuplicate,
    notices,
  };
}
