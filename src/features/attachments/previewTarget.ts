import { attachmentType, canPreview, knownOnlyByContent } from './attachmentType.ts';
import type { PreviewTarget } from './AttachmentPreviewModal.tsx';

/**
 * What the preview opens for an attachment, or null when the app cannot show it. A file that says
 * nothing of its type is offered too: the preview reads its first bytes and shows it if it can.
 */
export function previewTarget(attachment: {
  id: number;
  filename?: string | null;
  contentType?: string | null;
}): PreviewTarget | null {
  const filename = attachment.filename ?? null;
  const type = attachmentType(attachment.contentType, attachment.filename);
  if (canPreview(type, attachment.contentType)) {
    return { id: attachment.id, filename, type };
  }
  return knownOnlyByContent(attachment.contentType, attachment.filename)
    ? { id: attachment.id, filename, type: 'by-content' }
    : null;
}
