// What other features may use of the upload feature.
export { RecordDropZone, RecordUploadsHere } from './RecordDropZone.tsx';
export { UploadTray } from './UploadTray.tsx';
export { useRecordUploadTarget } from './recordUploadTarget.tsx';
export { LeftByOthersNotice } from './LeftByOthersNotice.tsx';
export { readDroppedFiles } from './readDroppedFiles.ts';
export { DuplicateGuardProvider, useDuplicateCheck } from './duplicateCheck.tsx';
export { usePageFileDrag } from './usePageFileDrag.ts';
export { TakePhotoButton } from './camera/TakePhotoButton.tsx';
export { useAttachFiles } from './useAttachFiles.tsx';
export { pendingShotsTaking, usePendingShotCount } from './camera/pendingShots.ts';
export { keepEveryRecording, recordingsNow, useRecordingsNow } from './recording/recordingsUnderWay.ts';
export { InterruptedRecordingsNotice } from './recording/InterruptedRecordingsNotice.tsx';
export { VoiceNoteButton } from './recording/VoiceNoteButton.tsx';
export { captureName, nextCaptureName, type CaptureKind, type CaptureOf } from './camera/captureName.ts';
