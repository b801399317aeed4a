import { Alert, Stack, Text } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import { PartsTable } from './PartsTable.tsx';
import { KEPT_PARTS_SHOWN, keptPartsMatching } from './keptParts.ts';
import type { PartsSearch } from './partsSearch.ts';

/** Offline: the search runs over the parts kept on this tablet, and says so. */
export function KeptPartsResults({ search, message }: { search: PartsSearch; message: string }) {
  const client = useApolloClient();
  const { rows, total } = useMemo(() => keptPartsMatching(client.cache, search), [client, search]);
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Offline: searching parts kept on this tablet" role="status">
        <Text>{message}</Text>
        <Text>
          {total === 0
            ? 'None of the parts kept here matches. Parts you listed or opened while online are kept.'
            : `${total} kept part${total === 1 ? '' : 's'} match${total === 1 ? 'es' : ''}${total > KEPT_PARTS_SHOWN ? `; the first ${KEPT_PARTS_SHOWN} are shown` : ''}. The full list comes back with the network.`}
        </Text>
      </Alert>
      {rows.length > 0 && <PartsTable parts={rows} busy={false} />}
    </Stack>
  );
}
