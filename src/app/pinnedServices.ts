import type { ApolloClient } from '@apollo/client';
import type { AuthSession } from '../auth/authSession.ts';
import { DEFAULT_PINNED_BUDGET_MB, type AppConfig } from '../config/appConfig.ts';
import type { KeptRecords } from '../graphql/keptRecords.ts';
import { PinnedRecords } from '../pins/pinnedRecords.ts';
import type { PersistenceManager } from '../pins/pinnedPorts.ts';
import { createIdbPinnedStorage } from '../pins/idbPinnedStorage.ts';
import { createPinFetcher } from '../features/pins/services.ts';
import { freshDownloadUrl } from '../features/attachments/index.ts';
import { RECORD_QUERIES, recordVariables } from '../features/record-view/index.ts';

/** `navigator.storage` where it can persist (absent in old browsers and some webviews). */
function browserPersistence(): PersistenceManager | null {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  return storage && typeof storage.persist === 'function' && typeof storage.persisted === 'function'
    ? storage
    : null;
}

/**
 * The records pinned for the shift (issue 24, item 2), wired: each record is fetched ahead with its own
 * page's query (the same document and variables, so the page reads it from the kept records offline),
 * the kept records written as soon as a pin's records came, within config.json's `pinnedBudgetMb`.
 */
export function createPinnedRecords(deps: {
  config: AppConfig;
  session: AuthSession;
  client: ApolloClient;
  keptRecords?: KeptRecords;
}): PinnedRecords {
  const { config, session, client, keptRecords } = deps;
  return new PinnedRecords({
    storage: createIdbPinnedStorage(),
    owner: () => session.getPerson(),
    budgetBytes: (config.pinnedBudgetMb ?? DEFAULT_PINNED_BUDGET_MB) * 1024 * 1024,
    persistence: browserPersistence(),
    fetcher: createPinFetcher({
      queryRecord: async (record) => {
        const { data } = await client.query({
          query: RECORD_QUERIES[record.kind],
          variables: recordVariables(record.id),
          fetchPolicy: 'network-only',
        });
        return data;
      },
      freshUrl: (attachmentId) => freshDownloadUrl(client, attachmentId),
      recordsFetched: async () => keptRecords?.flush(),
    }),
  });
}
