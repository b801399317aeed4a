export { LocaleProvider, useLanguageChoice } from './LocaleProvider.tsx';
export { LanguageChoice, browserLanguageChoice } from './languageChoice.ts';
export { loadMessages } from './catalogues.ts';
export { appIntl } from './appIntl.ts';
export {
  LANGUAGES,
  LANGUAGE_NAMES,
  PSEUDO_LOCALE,
  isAppLocale,
  matchLanguage,
  type AppLocale,
} from './locales.ts';
