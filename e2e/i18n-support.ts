import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Page } from '@playwright/test';
import type { AppLocale } from '../src/i18n/locales.ts';
import { pseudoLocalize } from '../src/i18n/pseudoLocale.ts';

type Source = Record<string, { defaultMessage: string }>;
const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../src/i18n/catalogues/${name}.json`, import.meta.url), 'utf8'));
const source = read('en') as Source;

/**
 * What the app says for the English message `english` in `locale`, from the catalogues the app loads:
 * a journey reads the screen as a person of that language would, whatever the translators wrote.
 */
export function say(locale: AppLocale, english: string, values?: Record<string, string | number>): string {
  const id = Object.keys(source).find((key) => source[key]!.defaultMessage === english);
  if (!id) throw new Error(`No message "${english}" in src/i18n/catalogues/en.json`);
  const message =
    locale === 'en'
      ? english
      : locale === 'en-XA'
        ? pseudoLocalize(english)
        : (read(locale) as Record<string, string>)[id];
  if (!message) throw new Error(`No ${locale} translation of "${english}"`);
  return String(new IntlMessageFormat(message, locale === 'en-XA' ? 'en' : locale).format(values));
}

/** Chooses `language` (its own name, as the menu lists it) from the account menu: two taps. */
export async function chooseLanguage(page: Page, language: string): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitemradio', { name: language }).click();
}
