import type { IntlShape } from 'react-intl';
import { AttachmentItemFields, RecordAttachmentsFields } from '../attachments/index.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { appIntl } from '../../i18n/index.ts';

/**
 * A file field's value is its files (listed under Attachments below), not the scalar `value`, which
 * such a field leaves empty: "Not set" beside an attached file would say the evidence is missing.
 */
export function filesValue(
  field: {
    fileAttachmentId?: number | null;
    entity?: FragmentType<typeof RecordAttachmentsFields> | null;
  },
  intl: IntlShape = appIntl(),
): string {
  const items = getFragmentData(RecordAttachmentsFields, field.entity)?.fileAttachments ?? [];
  const files = items.flatMap((item) => (item ? [getFragmentData(AttachmentItemFields, item)] : []));
  const [only] = files;
  if (files.length > 1) {
    return intl.formatMessage(
      {
        defaultMessage: '{count, plural, one {# file attached} other {# files attached}}',
        id: 'DxQACe',
        description: 'The value of a file field of a run step',
      },
      { count: files.length },
    );
  }
  if (only) {
    return intl.formatMessage(
      {
        defaultMessage: 'Attached: {filename}',
        id: 'MYEa33',
        description: 'The value of a file field of a run step',
      },
      { filename: displayFilename(only.filename, intl).text },
    );
  }
  return field.fileAttachmentId != null
    ? intl.formatMessage({
        defaultMessage: 'A file is attached',
        id: 'xjviie',
        description: 'The value of a file field of a run step whose file is not listed',
      })
    : intl.formatMessage({
        defaultMessage: 'No file attached yet',
        id: '8zxbGX',
        description: 'The value of a file field of a run step',
      });
}
