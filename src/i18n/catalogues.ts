import { PSEUDO_LOCALE, type AppLocale } from './locales.ts';

/** Message id → ICU message, in one language. */
export type Messages = Record<string, string>;

/** The English catalogue as extracted from the code (`npm run i18n:extract`): with each message's note. */
export type SourceCatalogue = Record<string, { defaultMessage: string; description?: string }>;

// Each catalogue is its own chunk, fetched only when its language is chosen (and kept offline by the
// service worker with the rest of the app's code). English needs none: it is written in the code.
const translated = import.meta.glob<Messages>(['./catalogues/*.json', '!./catalogues/en.json'], {
  import: 'default',
});
const loadSource = () => import('./catalogues/en.json').then((module) => module.default as SourceCatalogue);

const loaded = new Map<AppLocale, Messages>([['en', {}]]);

/** The messages of `locale` when already loaded (the first render waits for none). */
export function loadedMessages(locale: AppLocale): Messages | undefined {
  return loaded.get(locale);
}

/** The messages of `locale`, loaded once. A language without its catalogue shows English. */
export async function loadMessages(locale: AppLocale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return known;
  let messages: Messages;
  if (locale === PSEUDO_LOCALE) {
    // The ICU parser it needs is loaded with it, never for the real languages.
    const [source, { pseudoLocalize }] = await Promise.all([loadSource(), import('./pseudoLocale.ts')]);
    messages = Object.fromEntries(
      Object.entries(source).map(([id, { defaultMessage }]) => [id, pseudoLocalize(defaultMessage)]),
    );
  } else {
    const load = translated[`./catalogues/${locale}.json`];
    messages = load ? await load() : {};
  }
  loaded.set(locale, messages);
  return messages;
}
