import { createFileRoute, redirect } from '@tanstack/react-router';
import { sanitizeRedirect } from '../auth/redirect.ts';
import { SignInPage } from './-components/SignInPage.tsx';

interface SignInSearch {
  redirect: string;
  /** Just signed out on this tablet: wait for the next person instead of going to the provider. */
  signedOut?: true;
}

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    redirect: sanitizeRedirect(search.redirect),
    ...(search.signedOut === true || search.signedOut === 'true' ? { signedOut: true as const } : {}),
  }),
  beforeLoad: ({ context, search }) => {
    if (context.auth.getState().status === 'signed-in')
      throw redirect({ href: search.redirect, replace: true });
  },
  component: function SignInRoute() {
    const { redirect: returnTo, signedOut } = Route.useSearch();
    return <SignInPage returnTo={returnTo} signedOut={signedOut === true} />;
  },
});
