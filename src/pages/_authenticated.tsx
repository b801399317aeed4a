import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppShellLayout } from '../features/app-shell/AppShellLayout';
import { ViewOnlyProvider } from '../components/viewOnly.tsx';
import { DuplicateGuardProvider } from '../features/upload/duplicateCheck.tsx';

/** Every private page is a child of this pathless layout: signed-out visitors go to sign-in first. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    if (context.auth.getState().status === 'signed-out') {
      throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true });
    }
  },
  component: PrivateLayout,
});

function PrivateLayout() {
  return (
    <ViewOnlyProvider>
      <DuplicateGuardProvider>
        <AppShellLayout />
      </DuplicateGuardProvider>
    </ViewOnlyProvider>
  );
}
