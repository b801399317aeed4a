// What other features may use of the upload feature.
export { RecordDropZone } from './RecordDropZone.tsx';
export { UploadTray } from './UploadTray.tsx';
export { useRecordUploadTarget } from './recordUploadTarget.tsx';
export { useUploadQueue } from './uploadQueueContext.tsx';
export { LeftByOthersNotice } from './LeftByOthersNotice.tsx';
export { useUploadsValue } from './uploadQueueContext.tsx';
