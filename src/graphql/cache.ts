import { InMemoryCache, type TypePolicies } from '@apollo/client';
import { RECORD_KINDS } from '../records/recordKinds.ts';
import { fileAttachmentsPolicy } from './attachmentsList.ts';

const PAGE_KEY_ARGS = ['filters', 'sort', 'distinctOn', 'first', 'after', 'last', 'before'];

/** All cache type policies, in one place. */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      // Each page (filters, sort and cursor) is its own entry: pages are navigated, not appended.
      parts: { keyArgs: PAGE_KEY_ARGS },
      runs: { keyArgs: PAGE_KEY_ARGS },
      procedures: { keyArgs: PAGE_KEY_ARGS },
    },
  },
  Entity: { keyFields: ['id'], fields: { fileAttachments: fileAttachmentsPolicy } },
  FileAttachment: { keyFields: ['id'] },
  ...Object.fromEntries(RECORD_KINDS.map(({ typename }) => [typename, { keyFields: ['id'] }])),
  // A run's steps (all of them, or those still missing files) as the server last said: a step that
  // got its last required file leaves the missing list, never merged back from the older answer.
  Run: {
    keyFields: ['id'],
    fields: { steps: { merge: (_existing: unknown, incoming: unknown) => incoming } },
  },
  User: { keyFields: ['id'] },
  Organization: { keyFields: ['id'] },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}
