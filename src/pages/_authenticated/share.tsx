import { createFileRoute } from '@tanstack/react-router';
import { ShareTargetPage } from '../-components/ShareTargetPage.tsx';

interface ShareSearch {
  problem?: string;
}

export const Route = createFileRoute('/_authenticated/share')({
  validateSearch: (search: Record<string, unknown>): ShareSearch =>
    typeof search.problem === 'string' ? { problem: search.problem } : {},
  component: SharePage,
});

function SharePage() {
  const { problem } = Route.useSearch();
  return <ShareTargetPage problem={problem} />;
}
