// Deleting an attachment: the question, the mutation and what it changes in the lists. Its own feature
// because two others use it (the attachments list, and the camera's strip of photos just attached),
// and the attachments feature already uses the upload feature.
export { DeleteAttachmentDialog, type DeleteTarget } from './DeleteAttachmentDialog.tsx';
