import { sanitizeRedirect } from './redirect.ts';
import { samePerson, type Person } from '../lib/person.ts';
import { isJsonObject } from '../lib/jsonObject.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

const KEY = STORAGE_KEYS.signedOutFrom.name;

interface SignedOutFrom {
  path: string;
  subject: string;
  organization: string;
}

/**
 * The identity provider sends the browser to the app's start page after its "Do you want to sign
 * out?", whichever was chosen, and the app signs in again from there. When the answer was "Stay
 * signed in", the technician should be back on the page they were on, so that page is kept for this
 * tab, with who was on it: the next person to sign in here starts on the home page instead.
 */
export function rememberSignOutPage(
  path: string,
  person: Person | null,
  storage: Storage = window.sessionStorage,
): void {
  if (!person) return;
  const saved: SignedOutFrom = { path, subject: person.subject, organization: person.organization };
  try {
    storage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Without storage the start page opens, as before.
  }
}

function read(storage: Storage): SignedOutFrom | null {
  try {
    const raw = storage.getItem(KEY);
    storage.removeItem(KEY);
    const saved: unknown = raw ? JSON.parse(raw) : null;
    if (isJsonObject(saved)) {
      const { path, subject, organization } = saved;
      if (typeof path === 'string' && typeof subject === 'string' && typeof organization === 'string') {
        return { path, subject, organization };
      }
    }
  } catch {
    // Unreadable or not ours: nothing to go back to.
  }
  return null;
}

/**
 * Where a sign-in that was headed for `returnTo` should land: the page this same person signed out
 * from when the sign-in started from the start page, else `returnTo`. Read once.
 */
export function takeSignOutPage(
  returnTo: string,
  person: Person | null,
  storage: Storage = window.sessionStorage,
): string {
  const saved = read(storage);
  if (!saved || !person || returnTo !== '/') return returnTo;
  if (!samePerson(saved, person)) return returnTo;
  return sanitizeRedirect(saved.path);
}
