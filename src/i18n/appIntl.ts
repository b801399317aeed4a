import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { intlLocaleOf, type AppLocale } from './locales.ts';
import type { Messages } from './catalogues.ts';

const cache = createIntlCache();

/**
 * English is the code's own default: a message missing from a catalogue falls back to it silently in
 * the app (the catalogue test names it); any other formatting error is a developer's to see.
 */
export function onIntlError(error: { code?: string }): void {
  if (error.code === 'MISSING_TRANSLATION' || error.code === 'MISSING_DATA') return;
  console.error(error);
}

export function createAppIntl(locale: AppLocale, messages: Messages): IntlShape {
  return createIntl(
    { locale: intlLocaleOf(locale), defaultLocale: 'en', messages, onError: onIntlError },
    cache,
  );
}

let current = createAppIntl('en', {});

/**
 * The language in force, for words made outside a component (a failure's sentence, a notice from the
 * upload queue). Components use `useIntl`; the locale provider keeps this in step with it.
 */
export function appIntl(): IntlShape {
  return current;
}

export function setAppIntl(intl: IntlShape): void {
  current = intl;
}
