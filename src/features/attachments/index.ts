// What other features may use of the attachments feature.
export { AttachmentsPanel } from './AttachmentsPanel.tsx';
export { AttachmentItemFields, RecordAttachmentsFields } from './attachmentDocuments.ts';
export { AttachmentThumbnail } from './AttachmentThumbnail.tsx';
export { attachmentType } from './attachmentType.ts';
export { newestAttachments } from './attachmentSort.ts';
export { httpUrl } from './attachmentType.ts';
export { freshDownloadUrl, openStoredFile, storageRefused, StoredFileError } from './downloadAttachment.ts';
