import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { RawIntlProvider } from 'react-intl';
import { createAppIntl, setAppIntl } from './appIntl.ts';
import { loadedMessages, loadMessages, type Messages } from './catalogues.ts';
import type { LanguageChoice } from './languageChoice.ts';
import { intlLocaleOf, type AppLocale } from './locales.ts';

const LanguageChoiceContext = createContext<LanguageChoice | null>(null);

/** The language chosen now and a way to choose another (the account menu's list). */
export function useLanguageChoice(): { locale: AppLocale; choose: (locale: AppLocale) => void } {
  const choice = useContext(LanguageChoiceContext);
  if (!choice) throw new Error('useLanguageChoice must be used inside <LocaleProvider>.');
  const locale = useSyncExternalStore(choice.subscribe, choice.locale);
  return { locale, choose: (next) => choice.choose(next) };
}

/**
 * The app's words in the chosen language. A language still loading keeps the last one on screen
 * (never a flash of ids); one whose catalogue cannot be loaded (offline, never opened) stays English.
 */
export function LocaleProvider({ choice, children }: { choice: LanguageChoice; children: ReactNode }) {
  const wanted = useSyncExternalStore(choice.subscribe, choice.locale);
  const [shown, setShown] = useState<{ locale: AppLocale; messages: Messages }>(() => {
    const messages = loadedMessages(wanted);
    return messages ? { locale: wanted, messages } : { locale: 'en', messages: {} };
  });

  useEffect(() => {
    if (shown.locale === wanted) return;
    let live = true;
    loadMessages(wanted).then(
      (messages) => live && setShown({ locale: wanted, messages }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, shown.locale]);

  const intl = useMemo(() => createAppIntl(shown.locale, shown.messages), [shown]);
  // Words made outside components (failures, queue notices) follow along, as does the page's lang.
  setAppIntl(intl);
  useEffect(() => {
    document.documentElement.lang = intlLocaleOf(shown.locale);
  }, [shown.locale]);

  return (
    <LanguageChoiceContext.Provider value={choice}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LanguageChoiceContext.Provider>
  );
}
