import { createFileRoute } from '@tanstack/react-router';
import { Stack, Title } from '@mantine/core';
import { PartsBrowser } from '../../components/parts/PartsBrowser.tsx';
import { firstPage, validatePartsSearch } from '../../components/parts/partsSearch.ts';
import { useOpenByIdShortcut } from '../../components/open-by-id/openByIdShortcut.ts';

export const Route = createFileRoute('/_authenticated/parts/')({
  validateSearch: validatePartsSearch,
  component: PartsPage,
});

function PartsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  useOpenByIdShortcut();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Parts
      </Title>
      <PartsBrowser
        search={search}
        onNavigate={(next, replace) => void navigate({ search: next, replace })}
        onCriteria={(change, replace) => void navigate({ search: firstPage(search, change), replace })}
      />
    </Stack>
  );
}
