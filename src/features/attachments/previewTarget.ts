import { attachmentType, canPreview } from './attachmentType.ts';
import type { PreviewTarget } from './AttachmentPreviewModal.tsx';

/** What the preview opens for an attachment, or null when the app cannot show it. */
export function previewTarget(attachment: {
  id: number;
  filename?: string | null;
  contentType?: string | null;
}): PreviewTarget | null {
  const type = attachmentType(attachment.contentType, attachment.filename);
  if (!canPreview(type, attachment.contentType)) return null;
  return { id: attachment.id, filename: attachment.filename ?? null, type: type === 'pdf' ? 'pdf' : 'image' };
}
