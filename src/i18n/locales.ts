/**
 * The languages of the floor. English is written in the code (each message's default); the others
 * are catalogues in `catalogues/`, loaded when chosen. A sixth language is a translated copy of
 * `catalogues/en.json` and one line here.
 */
export const LANGUAGES = ['en', 'es', 'de', 'vi', 'zh-Hans'] as const;

/** Accented and 40 % longer English: shows clipped controls and words left out of the catalogues. */
export const PSEUDO_LOCALE = 'en-XA';

export type Language = (typeof LANGUAGES)[number];
export type AppLocale = Language | typeof PSEUDO_LOCALE;

/** Each language's own name for itself, as a person looks for it in a menu (never translated). */
export const LANGUAGE_NAMES: Record<AppLocale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  vi: 'Tiếng Việt',
  'zh-Hans': '简体中文',
  [PSEUDO_LOCALE]: 'Ƥşḗŭḓǿ',
};

export function isAppLocale(value: unknown): value is AppLocale {
  return value === PSEUDO_LOCALE || (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The app's language for the browser's list (`navigator.languages`): the first one the app speaks,
 * by its language alone when the region differs (es-MX → es); Chinese in simplified script only
 * (zh, zh-CN, zh-SG, zh-Hans-*), never for zh-TW or zh-Hant; English when none is spoken.
 */
export function matchLanguage(requested: readonly string[]): Language {
  for (const tag of requested) {
    let locale: Intl.Locale;
    try {
      locale = new Intl.Locale(tag).maximize();
    } catch {
      continue;
    }
    if (locale.language === 'zh') {
      if (locale.script === 'Hans') return 'zh-Hans';
      continue;
    }
    const found = LANGUAGES.find((language) => language === locale.language);
    if (found) return found;
  }
  return 'en';
}

/** The tag `Intl` formats with: the pseudo-locale's numbers and dates are English ones. */
export function intlLocaleOf(locale: AppLocale): string {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}
