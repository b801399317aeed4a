// What other features may use of the attachments feature.
export { AttachmentsPanel } from './AttachmentsPanel.tsx';
export type { RecordAttachmentsFields } from './attachmentDocuments.ts';
