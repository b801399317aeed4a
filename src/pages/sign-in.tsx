import { createFileRoute, redirect } from '@tanstack/react-router';
import { sanitizeRedirect } from '../auth/redirect';
import { SignInPage } from './-components/SignInPage';

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search: Record<string, unknown>): { redirect: string } => ({
    redirect: sanitizeRedirect(search.redirect),
  }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.getState().status === 'signed-in')
      throw redirect({ href: search.redirect, replace: true });
  },
  component: function SignInRoute() {
    const { redirect: returnTo } = Route.useSearch();
    return <SignInPage returnTo={returnTo} />;
  },
});
