import { useSyncExternalStore, type ReactNode } from 'react';
import { serviceContext } from '../lib/serviceContext.tsx';
import type { AuthSession, AuthState, SignOut } from './authSession.ts';

const Session = serviceContext<AuthSession>('AuthSessionContext');
const SignOutService = serviceContext<SignOut>('SignOutContext');

/** The session, and the app's sign-out (which also forgets this user's data, see app/signOut.ts). */
export function AuthProvider({
  session,
  signOut,
  children,
}: {
  session: AuthSession;
  signOut: SignOut;
  children: ReactNode;
}) {
  return (
    <Session.Provider value={session}>
      <SignOutService.Provider value={signOut}>{children}</SignOutService.Provider>
    </Session.Provider>
  );
}

/** The session (actions) for components; throws outside AuthProvider so a missing provider is loud. */
export const useAuthSession = Session.useRequired;

/** The app's sign-out: the one way a component ends the session. */
export const useSignOut = SignOutService.useRequired;

/** The current auth state; re-renders when it changes. */
export function useAuthState(): AuthState {
  const session = useAuthSession();
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
