import { Alert, Stack, Text } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PartRow } from './partRow.ts';
import { KEPT_PARTS_SHOWN, keptPartsMatching } from './keptParts.ts';
import type { PartsSearch } from './partsSearch.ts';

/** Offline: the search runs over the parts kept on this tablet, and says so; `table` shows the rows found. */
export function KeptPartsResults({
  search,
  message,
  table,
}: {
  search: PartsSearch;
  message: string;
  table(rows: PartRow[]): ReactNode;
}) {
  const intl = useIntl();
  const client = useApolloClient();
  const { rows, total } = useMemo(() => keptPartsMatching(client.cache, search), [client, search]);
  return (
    <Stack gap="sm">
      <Alert
        color="yellow"
        title={intl.formatMessage({
          defaultMessage: 'Offline: searching parts kept on this tablet',
          id: 'Sn6Mr/',
        })}
        role="status"
      >
        <Text>{message}</Text>
        <Text>
          {total === 0 ? (
            <FormattedMessage
              defaultMessage="None of the parts kept here matches. Parts you listed or opened while online are kept."
              id="k/iQVt"
            />
          ) : (
            <FormattedMessage
              defaultMessage="{total, plural, one {# kept part matches} other {# kept parts match}}{capped, select, yes {; the first {shown, number} are shown} other {}}. The full list comes back with the network."
              id="NkakAu"
              description="Offline, how many of the parts kept on this tablet match the search; when there are more than can be listed, how many are shown"
              values={{ total, capped: total > KEPT_PARTS_SHOWN ? 'yes' : 'no', shown: KEPT_PARTS_SHOWN }}
            />
          )}
        </Text>
      </Alert>
      {rows.length > 0 && table(rows)}
    </Stack>
  );
}
