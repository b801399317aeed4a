import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthSession, AuthState } from './authSession';

const AuthSessionContext = createContext<AuthSession | null>(null);
const SignOutContext = createContext<(() => Promise<void>) | null>(null);

/** The session, and the app's sign-out (which also forgets this user's data, see app/signOut.ts). */
export function AuthProvider({
  session,
  signOut,
  children,
}: {
  session: AuthSession;
  signOut: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <AuthSessionContext.Provider value={session}>
      <SignOutContext.Provider value={signOut}>{children}</SignOutContext.Provider>
    </AuthSessionContext.Provider>
  );
}

/** The session (actions) for components; throws outside AuthProvider so a missing provider is loud. */
export function useAuthSession(): AuthSession {
  const session = useContext(AuthSessionContext);
  if (!session) throw new Error('useAuthSession must be used inside <AuthProvider>.');
  return session;
}

/** The app's sign-out: the one way a component ends the session. */
export function useSignOut(): () => Promise<void> {
  const signOut = useContext(SignOutContext);
  if (!signOut) throw new Error('useSignOut must be used inside <AuthProvider>.');
  return signOut;
}

/** The current auth state; re-renders when it changes. */
export function useAuthState(): AuthState {
  const session = useAuthSession();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
