import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthSession, AuthState } from './authSession';

const AuthSessionContext = createContext<AuthSession | null>(null);

export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  return <AuthSessionContext.Provider value={session}>{children}</AuthSessionContext.Provider>;
}

/** The session (actions) for components; throws outside AuthProvider so a missing provider is loud. */
export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext);
  if (!session) throw new Error('useAuthSession must be used inside <AuthProvider>.');
  return session;
}

/** The current auth state; re-renders when it changes. */
export function useAuthState(): AuthState {
  const session = useAuthSession();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
