import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from './-components/AuthCallbackPage.tsx';

export const Route = createFileRoute('/auth/callback')({
  component: AuthCallbackPage,
});
