import type { IntlShape } from 'react-intl';
import { appIntl } from '../i18n/index.ts';

/**
 * Direction controls (e.g. U+202E RIGHT-TO-LEFT OVERRIDE) can make `photo_gnp.exe` look like
 * `photo_exe.png`; control characters can hide parts of a name. Both are shown as visible code points
 * so the technician sees the name that is really stored. Ordinary right-to-left letters stay untouched.
 */
const HIDDEN = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\p{Cc}]/gu;

export interface DisplayedFilename {
  text: string;
  /** True when something was made visible, so the UI can say why the name looks odd. */
  revealed: boolean;
}

export function displayFilename(
  filename: string | null | undefined,
  intl: IntlShape = appIntl(),
): DisplayedFilename {
  if (filename == null || filename === '') {
    return {
      text: intl.formatMessage({
        defaultMessage: 'Unnamed file',
        id: 'l9MLIg',
        description: 'Shown for a file without a name',
      }),
      revealed: false,
    };
  }
  let revealed = false;
  const text = filename.replace(HIDDEN, (ch) => {
    revealed = true;
    return `[U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`;
  });
  return { text, revealed };
}
