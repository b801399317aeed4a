import type { IntlShape } from 'react-intl';

/** What the technician is told of a scan too short to be a label (see WedgeScanner's minLength). */
export function tooShortScanMessage(text: string, intl: IntlShape): string {
  return intl.formatMessage(
    {
      defaultMessage:
        'The scanner sent only “{text}”: too short for a label, so nothing was opened. Scan the label again, or type its id on the home page.',
      id: 'G9L6bl',
      description: '{text} is what the barcode scanner sent',
    },
    { text },
  );
}
