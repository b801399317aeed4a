import { Box, Button, Group, Text } from '@mantine/core';
import { IconFiles, IconUpload } from '@tabler/icons-react';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RecordRef } from '../../records/recordKinds.ts';
import type { RecordFacts } from '../../records/recordFacts.ts';
import { sameRecord, type UploadTarget } from '../../upload/types.ts';
import { pastedFiles } from './readDroppedFiles.ts';
import { usePageFileDrag } from './usePageFileDrag.ts';
import { RecordUploadTargetContext, useRecordUploadTarget } from './recordUploadTarget.tsx';
import { TakePhotoButton } from './camera/TakePhotoButton.tsx';
import { VoiceNoteButton } from './recording/VoiceNoteButton.tsx';
import { UploadList } from './UploadList.tsx';
import { SharedFilesOffer } from '../share/index.ts';
import { useUploads } from '../../upload/uploadQueueContext.tsx';
import classes from './RecordDropZone.module.css';
import desktop from '../../components/desktopOnly.module.css';
import { useViewOnly } from '../../components/viewOnly.tsx';
import { useAttachFiles } from './useAttachFiles.tsx';
import { useHasPendingShots } from './camera/PendingShotRows.tsx';
import { scrollIntoViewIfHidden } from '../../lib/scrollIntoViewIfHidden.ts';

export interface RecordDropZoneProps {
  /**
   * The record's entity.id (not its own id): attachments are registered on it. null for a record
   * reached offline and never opened here: the queue learns it (from `record`) when the network is back.
   */
  entityId: number | null;
  /** What the technician calls the record, e.g. "Part BRKT-001". */
  label: string;
  /** The record's kind and own id: how a lost registration is looked up again. */
  record: RecordRef;
  /** Where the record sits (serial, run, step): what files captured on it are named from. */
  facts?: RecordFacts;
  /** Opens the camera as the page appears (scan, then shoot). */
  openCameraAtStart?: boolean;
  /** The page, which places the record's files on their way with `RecordUploadsHere`. */
  children: ReactNode;
}

/**
 * How many times the zone has asked to focus its list of files on their way (files were queued), for
 * the page that places the list (RecordUploadsHere); the record and its label come with the zone's
 * target (RecordUploadTargetContext). A count in a ref, not state: the list takes a request up in the
 * render the queue's announcement of those files brings, instead of a render of the zone of its own.
 */
const UploadsFocusContext = createContext<{ readonly current: number }>({ current: 0 });

/**
 * The record's files on their way, where the page inside a zone places them: a record page lists them
 * just above its attachments, so a file is shown going and then landed in one place, and the page is
 * not scrolled up to the list at each drop and back down to the landed row after it (as it was with
 * the list above the page, one file after another).
 */
export function RecordUploadsHere() {
  const target = useRecordUploadTarget();
  const focusRequests = useContext(UploadsFocusContext);
  return target ? (
    <RecordUploads record={target.record} label={target.label} focusRequests={focusRequests} />
  ) : null;
}

/**
 * This record's files in the queue; the only part of the zone that renders at every queue change.
 * A new request in `focusRequests` moves focus to the list once its rows are drawn (files just dropped
 * or chosen: the next Tab reaches their rows, not whatever came after Choose files, and the list is
 * scrolled into view). Queued files are announced, so the list renders after every request.
 */
function RecordUploads({
  record,
  label,
  focusRequests,
}: {
  record: RecordRef;
  label: string;
  focusRequests: { readonly current: number };
}) {
  const intl = useIntl();
  const uploads = useUploads();
  const list = useRef<HTMLElement>(null);
  const focused = useRef(focusRequests.current);
  useEffect(() => {
    const section = list.current;
    const request = focusRequests.current;
    if (focused.current === request || !section) return;
    // A question (the duplicate guard's) holds focus itself; its answer brings the request back.
    if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
    focused.current = request;
    section.focus({ preventScroll: true });
    // Scrolled only when the list is off screen, once the frame is laid out: no layout forced here.
    scrollIntoViewIfHidden(section);
  });
  // By record, not entity: a file chosen before the entity was known belongs here too.
  const forThisRecord = useMemo(
    () => uploads.filter((entry) => sameRecord(entry.target.record, record)),
    [uploads, record],
  );
  const shooting = useHasPendingShots(record);
  return forThisRecord.length > 0 || shooting ? (
    <UploadList
      ref={list}
      entries={forThisRecord}
      shotsOf={record}
      title={intl.formatMessage({ defaultMessage: 'Uploads to {record}', id: '5OQaaU' }, { record: label })}
    />
  ) : null;
}

/**
 * The zone's controls: Choose files, the camera, a voice note. Memoised: the zone renders at each drag
 * over the page and each drop, and these buttons (Mantine's, with their style props) are most of its
 * render on a tablet's CPU; what they are handed is stable while the record is.
 */
const DropZoneActions = memo(function DropZoneActions({
  target,
  onChoose,
  onFiles,
  openCameraAtStart,
}: {
  target: UploadTarget;
  onChoose(): void;
  onFiles(files: readonly File[]): void;
  openCameraAtStart: boolean;
}) {
  return (
    <Group gap="sm" mb="sm" className={classes.actions}>
      <Button leftSection={<IconFiles size={20} aria-hidden />} onClick={onChoose}>
        <FormattedMessage
          defaultMessage="Choose files"
          id="RV31aH"
          description="Button: opens the file picker"
        />
      </Button>
      <TakePhotoButton target={target} onFiles={onFiles} openAtStart={openCameraAtStart} />
      <VoiceNoteButton target={target} />
      <Text size="sm" c="dimmed" className={desktop.desktopOnly}>
        <FormattedMessage
          defaultMessage="or drop files anywhere on this page, or paste a screenshot"
          id="UAdsrX"
        />
      </Text>
    </Group>
  );
});

/**
 * Makes a whole record page a drop target: files dropped anywhere on it, chosen, photographed or
 * pasted while it is open go to the app's upload queue for this record.
 */
export function RecordDropZone({
  entityId,
  label,
  record,
  facts,
  openCameraAtStart = false,
  children,
}: RecordDropZoneProps) {
  const { viewOnly } = useViewOnly();
  const target = useMemo<UploadTarget>(
    () => ({ entityId, label, record, ...(facts ? { facts } : {}) }),
    [entityId, label, record, facts],
  );
  const focusRequests = useRef(0);
  const onAdded = useCallback(() => void (focusRequests.current += 1), []);
  const files = useAttachFiles(target, { onAdded });
  const { attachUnlessDuplicate } = files;

  // The overlay follows the page's own drag events, not react-dropzone's isDragActive: that one is
  // set once the dragged items are read, after the event, so a drop in the same moment came first
  // and left it on.
  const pageDrag = usePageFileDrag();

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = pastedFiles(event);
      if (pasted.length === 0) return;
      event.preventDefault();
      attachUnlessDuplicate(pasted);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [attachUnlessDuplicate]);

  return (
    <Box {...files.getRootProps({ className: classes.zone })}>
      {/* The visible "Choose files" button is the control; this input only serves it. */}
      <input {...files.getInputProps({ 'aria-hidden': true })} data-testid="choose-files-input" />
      {!viewOnly && (
        <DropZoneActions
          target={target}
          onChoose={files.open}
          onFiles={attachUnlessDuplicate}
          openCameraAtStart={openCameraAtStart}
        />
      )}
      <div className={classes.notices}>{files.notices}</div>
      <SharedFilesOffer label={label} onAttach={attachUnlessDuplicate} />
      <RecordUploadTargetContext.Provider value={target}>
        <UploadsFocusContext.Provider value={focusRequests}>{children}</UploadsFocusContext.Provider>
      </RecordUploadTargetContext.Provider>
      {pageDrag && (
        // Covers the whole window and sits inside the zone, so a drop anywhere on the page lands here.
        <div className={classes.overlay} aria-hidden>
          <IconUpload size={48} />
          <Text size="xl" fw={700}>
            <FormattedMessage
              defaultMessage="Drop to attach to {record}"
              id="Ocw7LT"
              values={{ record: label }}
            />
          </Text>
        </div>
      )}
    </Box>
  );
}
