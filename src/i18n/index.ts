export { LocaleProvider, useLanguageChoice } from './LocaleProvider';
export { LanguageChoice, browserLanguageChoice } from './languageChoice';
export { loadMessages } from './catalogues';
export { appIntl } from './appIntl';
export {
  LANGUAGES,
  LANGUAGE_NAMES,
  PSEUDO_LOCALE,
  isAppLocale,
  matchLanguage,
  type AppLocale,
} from './locales';
