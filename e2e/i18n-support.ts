import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Page } from '@playwright/test';
import type { AppLocale } from '../src/i18n/locales.ts';
import { pseudoLocalize } from '../src/i18n/pseudoLocale.ts';

type Source = Record<string, { defaultMessage: string; description?: string }>;
const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../src/i18n/catalogues/${name}.json`, import.meta.url), 'utf8'));
const source = read('en') as Source;

/**
 * What the app says for the English message `english` in `locale`, from the catalogues the app loads:
 * a journey reads the screen as a person of that language would, whatever the translators wrote.
 */
export function say(
  locale: AppLocale,
  english: string,
  values?: Record<string, string | number>,
  description?: string,
): string {
  const ids = Object.keys(source).filter(
    (key) =>
      source[key]!.defaultMessage === english &&
      (description === undefined || source[key]!.description === description),
  );
  if (ids.length === 0) throw new Error(`No message "${english}" in src/i18n/catalogues/en.json`);
  if (ids.length > 1 && locale !== 'en') {
    const notes = ids.map((key) => source[key]!.description ?? '(none)').join('; ');
    throw new Error(`"${english}" is ${ids.length} messages: pass one's description (${notes})`);
  }
  const id = ids[0]!;
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
  await page.getByRole('menuitem', { name: language, exact: true }).click();
}
