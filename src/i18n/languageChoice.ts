import { personKey, samePerson, type PersonId } from '../lib/person.ts';
import { isJsonObject } from '../lib/jsonObject.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';
import { isAppLocale, matchLanguage, type AppLocale } from './locales.ts';

const KEY = STORAGE_KEYS.languages.name;

/**
 * The language the app speaks now: the signed-in person's choice on this device, else the browser's.
 * A shared tablet changes language with the person who signs in; nobody signed in, it follows the
 * browser. Plain TypeScript; the provider subscribes.
 */
export class LanguageChoice {
  private person: PersonId | null = null;
  private current: AppLocale;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null,
    private readonly browserLanguages: () => readonly string[],
  ) {
    this.current = this.resolve();
  }

  locale = (): AppLocale => this.current;

  /** The person signed in now (null: nobody). */
  setPerson(person: PersonId | null): void {
    if ((!person && !this.person) || samePerson(person, this.person)) return;
    this.person = person && { subject: person.subject, organization: person.organization };
    this.update();
  }

  /** The person's choice, kept for them on this device (nobody signed in: for this page only). */
  choose(locale: AppLocale): void {
    if (this.person) {
      const chosen = this.read();
      chosen[personKey(this.person)] = locale;
      try {
        this.storage?.setItem(KEY, JSON.stringify(chosen));
      } catch {
        // Storage full or denied: the choice holds until the page closes.
      }
    }
    this.current = locale;
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private resolve(): AppLocale {
    const chosen = this.person ? this.read()[personKey(this.person)] : undefined;
    return isAppLocale(chosen) ? chosen : matchLanguage(this.browserLanguages());
  }

  private update(): void {
    const next = this.resolve();
    if (next === this.current) return;
    this.current = next;
    this.notify();
  }

  private notify(): void {
    this.listeners.forEach((listener) => listener());
  }

  private read(): Record<string, unknown> {
    try {
      const value: unknown = JSON.parse(this.storage?.getItem(KEY) ?? '{}');
      return isJsonObject(value) ? value : {};
    } catch {
      return {};
    }
  }
}

/** The page's own: localStorage and the browser's languages. */
export function browserLanguageChoice(): LanguageChoice {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage denied: choices last for the page.
  }
  return new LanguageChoice(storage, () =>
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
}
