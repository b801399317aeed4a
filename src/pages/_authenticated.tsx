import { useEffect } from 'react';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useAuthState } from '../auth/AuthContext.tsx';
import { AppShellLayout } from '../features/app-shell/index.ts';
import { ViewOnlyProvider } from '../components/viewOnly.tsx';
import { DuplicateGuardProvider } from '../features/upload/index.ts';

/** Every private page is a child of this pathless layout: signed-out visitors go to sign-in first. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (context.auth.getState().status === 'signed-out') {
      throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true });
    }
  },
  component: PrivateLayout,
});

/**
 * Signed out, in this tab or another one of this device: the sign-in page, at once, whatever was open
 * (a dialog, a half-filled form). Nothing of the person who left stays on the screen.
 */
function LeaveWhenSignedOut() {
  const { status } = useAuthState();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'signed-out') {
      void navigate({ to: '/sign-in', search: { redirect: '/', signedOut: true }, replace: true });
    }
  }, [status, navigate]);
  return null;
}

function PrivateLayout() {
  const { status } = useAuthState();
  return (
    <ViewOnlyProvider>
      <LeaveWhenSignedOut />
      {status === 'signed-out' ? null : (
        <DuplicateGuardProvider>
          <AppShellLayout />
        </DuplicateGuardProvider>
      )}
    </ViewOnlyProvider>
  );
}
