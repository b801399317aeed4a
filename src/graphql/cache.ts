import { InMemoryCache, type FieldPolicy, type TypePolicies } from '@apollo/client';

/** Record types the app opens by id; `Query.<field>(id)` reads the cached record before asking the API. */
const RECORD_FIELDS = {
  part: 'Part',
  run: 'Run',
  procedure: 'Procedure',
  step: 'Step',
  runStep: 'RunStep',
  runStepField: 'RunStepField',
} as const;

function readRecordById(typename: string): FieldPolicy {
  return {
    read(existing, { args, toReference }) {
      if (existing !== undefined || args?.id == null) return existing;
      return toReference({ __typename: typename, id: args.id as string | number });
    },
  };
}

const recordFieldPolicies = Object.fromEntries(
  Object.entries(RECORD_FIELDS).map(([field, typename]) => [field, readRecordById(typename)]),
);

const PAGE_KEY_ARGS = ['filters', 'sort', 'distinctOn', 'first', 'after', 'last', 'before'];

/** All cache type policies, in one place. */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      ...recordFieldPolicies,
      // Each page (filters, sort and cursor) is its own entry: pages are navigated, not appended.
      parts: { keyArgs: PAGE_KEY_ARGS },
      runs: { keyArgs: PAGE_KEY_ARGS },
      procedures: { keyArgs: PAGE_KEY_ARGS },
    },
  },
  // Attachments are appended with cache.modify on `Entity:<id>.fileAttachments` after an upload.
  Entity: {
    keyFields: ['id'],
    fields: {
      // A fresh list from the server replaces the cached one (no merge of stale attachments).
      fileAttachments: { merge: (_existing, incoming) => incoming },
    },
  },
  FileAttachment: { keyFields: ['id'] },
  Part: { keyFields: ['id'] },
  Run: { keyFields: ['id'] },
  Procedure: { keyFields: ['id'] },
  Step: { keyFields: ['id'] },
  RunStep: { keyFields: ['id'] },
  RunStepField: { keyFields: ['id'] },
  User: { keyFields: ['id'] },
  Organization: { keyFields: ['id'] },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}
