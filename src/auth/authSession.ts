import type { Person } from '../lib/person.ts';

/**
 * The app's view of the signed-in session, independent of the OIDC library, so the router guard,
 * the GraphQL links and component tests all talk to the same small interface.
 */
export type AuthStatus =
  /** No user: private pages send the browser to sign-in. */
  | 'signed-out'
  | 'signed-in'
  /** A user was signed in but the token could not be renewed: ask, never redirect on our own. */
  | 'session-ended';

export interface AuthState {
  status: AuthStatus;
}

/**
 * How a sign-out ended. It always ends on this device at once; the identity provider's own session
 * is ended by going there ('left-for-provider': this page is being replaced), or, when the provider
 * cannot be reached, not at all ('provider-not-reached'): the next sign-in here then asks for a
 * password, so nobody is signed straight in as the person who left.
 */
export type SignOutOutcome = 'left-for-provider' | 'provider-not-reached';

/** The app's sign-out with the technician's answer about their pending files. */
export type SignOut = (choice: {
  /** Discard this person's pending files (confirmed by them); otherwise they stay stored for them. */
  discardFiles: boolean;
  /** The page to come back to when the identity provider's answer is "Stay signed in". */
  returnTo: string;
}) => Promise<SignOutOutcome>;

export interface AuthSession {
  getState(): AuthState;
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** A valid access token, renewing first when the stored one has expired; null when there is none. */
  getAccessToken(): Promise<string | null>;
  /** Renews the access token (one renewal at a time); null and status 'session-ended' when it fails. */
  renew(): Promise<string | null>;
  /** The signed-in person; kept after the session ended by expiry (null once signed out). */
  getPerson(): Person | null;
  /** Marks the session ended (e.g. the API kept refusing a renewed token). */
  endSession(): void;
  /** Leaves for the identity provider's login; after sign-in the app opens `returnTo` (a local path). */
  signIn(returnTo: string): Promise<void>;
  /** Completes the login from the callback URL (once per URL); resolves to the local path to open. */
  completeSignIn(url: string): Promise<string>;
  /**
   * Tells every tab of this device that this person is signing out (they end their session at once)
   * and makes the next sign-in here ask for a password. Once; signOut does it too. This tab stays
   * signed in until signOut (it may still be sending this person's files, see SignOutDialog).
   */
  beginSignOut(): void;
  /**
   * Ends the session in this tab and every other at once; revokes the refresh token and ends the
   * identity provider's session (the page leaves for it) when the provider can be reached, otherwise
   * as soon as it can (the tokens wait in this tab).
   */
  signOut(): Promise<SignOutOutcome>;
  /** True after any sign-out on this device until a sign-in asked for the password (prompt=login). */
  nextSignInAsksPassword(): boolean;
  /** True while a sign-out in this tab could not reach the provider to end its session there yet. */
  providerSessionToEnd(): boolean;
}

/**
 * The callback URL cannot complete a sign-in (its state was already used, e.g. the user pressed Back
 * onto it, or it carries no code); the caller continues to the app or starts a fresh sign-in.
 */
export class StaleSignInError extends Error {
  constructor() {
    super('This sign-in link was already used.');
    this.name = 'StaleSignInError';
  }
}
