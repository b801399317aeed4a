import { AttachmentItemFields, RecordAttachmentsFields } from '../../features/attachments/index.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';

/**
 * A file field's value is its files (listed under Attachments below), not the scalar `value`, which
 * such a field leaves empty: "Not set" beside an attached file would say the evidence is missing.
 */
export function filesValue(field: {
  fileAttachmentId?: number | null;
  entity?: FragmentType<typeof RecordAttachmentsFields> | null;
}): string {
  const items = getFragmentData(RecordAttachmentsFields, field.entity)?.fileAttachments ?? [];
  const files = items.flatMap((item) => (item ? [getFragmentData(AttachmentItemFields, item)] : []));
  const [only] = files;
  if (files.length > 1) return `${files.length} files attached`;
  if (only) return `Attached: ${displayFilename(only.filename).text}`;
  return field.fileAttachmentId != null ? 'A file is attached' : 'No file attached yet';
}
