import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconFiles, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import type { RecordRef } from '../../records/recordKinds.ts';
import type { UploadTarget } from '../../upload/types.ts';
import { carriesNoFiles, pastedFiles, readDroppedFiles, refusedInDrop } from './readDroppedFiles.ts';
import { usePageFileDrag } from './usePageFileDrag.ts';
import { RecordUploadTargetContext } from './recordUploadTarget.tsx';
import { TakePhotoButton } from './camera/TakePhotoButton.tsx';
import { UploadList } from './UploadList.tsx';
import { SharedFilesOffer } from '../share/index.ts';
import { useUploadQueue, useUploads } from '../../components/uploadQueueContext.tsx';
import classes from './RecordDropZone.module.css';
import desktop from '../../components/desktopOnly.module.css';
import { useViewOnly } from '../../components/viewOnly.tsx';
import { useDuplicateCheck } from './duplicateCheck.tsx';
import { displayFilename } from '../../components/displayFilename.ts';

export interface RecordDropZoneProps {
  /** The record's entity.id (not its own id): attachments are registered on it. */
  entityId: number;
  /** What the technician calls the record, e.g. "Part BRKT-001". */
  label: string;
  /** The record's kind and own id: how a lost registration is looked up again. */
  record: RecordRef;
  /** Opens the camera as the page appears (scan, then shoot). */
  openCameraAtStart?: boolean;
  children: ReactNode;
}

/** This record's files in the queue; the only part of the zone that renders at every queue change. */
function RecordUploads({ entityId, label }: { entityId: number; label: string }) {
  const uploads = useUploads();
  const forThisRecord = useMemo(
    () => uploads.filter((entry) => entry.target.entityId === entityId),
    [uploads, entityId],
  );
  return forThisRecord.length > 0 ? (
    <UploadList entries={forThisRecord} title={`Uploads to ${label}`} />
  ) : null;
}

/**
 * Makes a whole record page a drop target: files dropped anywhere on it, chosen, photographed or
 * pasted while it is open go to the app's upload queue for this record.
 */
export function RecordDropZone({
  entityId,
  label,
  record,
  openCameraAtStart = false,
  children,
}: RecordDropZoneProps) {
  const queue = useUploadQueue();
  const [refusals, setRefusals] = useState<string[]>([]);
  const { viewOnly } = useViewOnly();

  const target = useMemo<UploadTarget>(() => ({ entityId, label, record }), [entityId, label, record]);

  const attach = useCallback(
    (files: readonly File[], refusedNames: readonly string[] = []) => {
      const { refused } = queue.add(files, target);
      const messages = [
        ...refusedNames.map(
          (name) => `“${displayFilename(name).text}” is a folder or not a file; drop the files themselves.`,
        ),
        ...refused.map(
          ({ filename, reason }) => `“${displayFilename(filename).text}” was not attached: ${reason}`,
        ),
      ];
      // Unchanged "nothing refused" keeps the zone from rendering again at every drop.
      setRefusals((shown) => (messages.length === 0 && shown.length === 0 ? shown : messages));
    },
    [queue, target],
  );

  const duplicates = useDuplicateCheck(target);

  const { getRootProps, getInputProps, open } = useDropzone({
    noClick: true,
    noKeyboard: true,
    // Pastes are taken from the whole document below, not only when focus is inside the zone.
    noPaste: true,
    useFsAccessApi: false,
    getFilesFromEvent: readDroppedFiles,
    onDrop: (accepted, _rejected, event) => {
      const refusedNames = refusedInDrop(event);
      duplicates.check(accepted, (files) => attach(files, refusedNames));
    },
  });

  const refuseNonFiles = (event: React.DragEvent) => {
    if (carriesNoFiles(event.dataTransfer)) {
      event.preventDefault();
      setRefusals(['Only files can be attached. Drop files from your device, not text or links.']);
    }
  };

  // The overlay follows the page's own drag events, not react-dropzone's isDragActive: that one is
  // set once the dragged items are read, after the event, so a drop in the same moment came first
  // and left it on.
  const pageDrag = usePageFileDrag();

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = pastedFiles(event);
      if (files.length === 0) return;
      event.preventDefault();
      duplicates.check(files, attach);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [attach, duplicates]);

  return (
    <Box {...getRootProps({ onDrop: refuseNonFiles, className: classes.zone })}>
      {/* The visible "Choose files" button is the control; this input only serves it. */}
      <input {...getInputProps({ 'aria-hidden': true })} data-testid="choose-files-input" />
      {!viewOnly && (
        <Group gap="sm" mb="sm" className={classes.actions}>
          <Button leftSection={<IconFiles size={20} aria-hidden />} onClick={open}>
            Choose files
          </Button>
          <TakePhotoButton
            target={target}
            onFiles={(files) => attach(files)}
            openAtStart={openCameraAtStart}
          />
          <Text size="sm" c="dimmed" className={desktop.desktopOnly}>
            or drop files anywhere on this page, or paste a screenshot
          </Text>
        </Group>
      )}
      {refusals.length > 0 && (
        <Alert
          color="orange"
          title="Some items were not attached"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRefusals([])}
          mb="sm"
          role="alert"
        >
          {refusals.map((message, index) => (
            <Text key={index} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      <SharedFilesOffer label={label} onAttach={attach} />
      {duplicates.prompt}
      <RecordUploads entityId={entityId} label={label} />
      <RecordUploadTargetContext.Provider value={target}>{children}</RecordUploadTargetContext.Provider>
      {pageDrag && (
        // Covers the whole window and sits inside the zone, so a drop anywhere on the page lands here.
        <div className={classes.overlay} aria-hidden>
          <IconUpload size={48} />
          <Text size="xl" fw={700}>
            Drop to attach to {label}
          </Text>
        </div>
      )}
    </Box>
  );
}
