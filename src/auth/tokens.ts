import type { AuthSession, SessionPerson } from './authSession';

/** Token access for code outside React (GraphQL links, the upload pipeline). */
let active: AuthSession | null = null;

/** Called once at start (main.tsx) and by component tests. */
export function setActiveAuthSession(session: AuthSession | null): void {
  active = session;
}

/** The current access token, renewed first if it has expired; null when nobody is signed in. */
export function getAccessToken(): Promise<string | null> {
  return active ? active.getAccessToken() : Promise.resolve(null);
}

/** Renews the access token now (e.g. after a 401); null when renewal failed and the user must sign in. */
export function renewAccessToken(): Promise<string | null> {
  return active ? active.renew() : Promise.resolve(null);
}

/** Who is signed in (kept while a session ended by expiry); null when nobody is. */
export function getSignedInPerson(): SessionPerson | null {
  return active ? active.getPerson() : null;
}

/** Marks the session ended so the shell asks the user to sign in again (no automatic redirect). */
export function endSession(): void {
  active?.endSession();
}
