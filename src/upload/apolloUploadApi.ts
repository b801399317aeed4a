import type { ApolloCache, ApolloClient, Reference } from '@apollo/client';
import { throttle } from '../lib/throttle.ts';
import { graphql } from '../graphql/generated/index.ts';
import { ERRORS_IN_PLACE } from '../graphql/links.ts';
import {
  errorMessagesOf,
  isAuthFailure,
  isPermissionRefusal,
  isTransientFailure,
  toUserMessage,
} from '../graphql/errors.ts';
import { UploadError } from './uploadErrors.ts';
import type { UploadApi } from './uploadPorts.ts';
import type { RecordKind, UploadTarget } from './types.ts';

const UploadTicketQuery = graphql(`
  query UploadTicket($filename: String!) {
    requestFileUploadUrl(filename: $filename) {
      uploadUrl
      s3Key
      contentType
    }
  }
`);

const AttachUploadedFileMutation = graphql(`
  mutation AttachUploadedFile($input: CreateFileAttachmentInput!) {
    createFileAttachment(input: $input) {
      fileAttachment {
        id
        ...AttachmentItem
      }
    }
  }
`);

// One lookup per record kind (the real API has no query for an entity by its id).
const PartUploadLookup = graphql(`
  query PartUploadLookup($id: ID!, $s3Key: String!) {
    part(id: $id) {
      id
      entity {
        id
        fileAttachments(filters: { s3Key: { eq: $s3Key } }) {
          id
        }
      }
    }
  }
`);

const RunUploadLookup = graphql(`
  query RunUploadLookup($id: ID!, $s3Key: String!) {
    run(id: $id) {
      id
      entity {
        id
        fileAttachments(filters: { s3Key: { eq: $s3Key } }) {
          id
        }
      }
    }
  }
`);

const ProcedureUploadLookup = graphql(`
  query ProcedureUploadLookup($id: ID!, $s3Key: String!) {
    procedure(id: $id) {
      id
      entity {
        id
        fileAttachments(filters: { s3Key: { eq: $s3Key } }) {
          id
        }
      }
    }
  }
`);

const StepUploadLookup = graphql(`
  query StepUploadLookup($id: ID!, $s3Key: String!) {
    step(id: $id) {
      id
      entity {
        id
        fileAttachments(filters: { s3Key: { eq: $s3Key } }) {
          id
        }
      }
    }
  }
`);

const RunStepUploadLookup = graphql(`
  query RunStepUploadLookup($id: ID!, $s3Key: String!) {
    runStep(id: $id) {
      id
      entity {
        id
        fileAttachments(filters: { s3Key: { eq: $s3Key } }) {
          id
        }
      }
    }
  }
`);

const RunStepFieldUploadLookup = graphql(`
  query RunStepFieldUploadLookup($id: ID!, $s3Key: String!) {
    runStepField(id: $id) {
      id
      entity {
        id
        fileAttachments(filters: { s3Key: { eq: $s3Key } }) {
          id
        }
      }
    }
  }
`);

type LookupEntity = { entity?: { fileAttachments?: ({ id: number } | null)[] | null } | null } | null;

async function lookup(
  client: ApolloClient,
  kind: RecordKind,
  variables: { id: string; s3Key: string },
  signal: AbortSignal,
): Promise<LookupEntity | undefined> {
  const options = {
    variables,
    fetchPolicy: 'network-only',
    context: { ...ERRORS_IN_PLACE, retryTransient: false, fetchOptions: { signal } },
  } as const;
  switch (kind) {
    case 'part':
      return (await client.query({ query: PartUploadLookup, ...options })).data?.part;
    case 'run':
      return (await client.query({ query: RunUploadLookup, ...options })).data?.run;
    case 'procedure':
      return (await client.query({ query: ProcedureUploadLookup, ...options })).data?.procedure;
    case 'step':
      return (await client.query({ query: StepUploadLookup, ...options })).data?.step;
    case 'runStep':
      return (await client.query({ query: RunStepUploadLookup, ...options })).data?.runStep;
    case 'runStepField':
      return (await client.query({ query: RunStepFieldUploadLookup, ...options })).data?.runStepField;
  }
}

// Storage has no object, or another one, under the key: uploading again with a fresh ticket may help.
const etagProblem =
  /etag|checksum|does not match|mismatch|(object|upload)[\s\S]*(not found|missing|does not exist)/i;

/** Sorts an Apollo failure into what the queue does about it; the message is the user's. */
export function classifyApiError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (error instanceof Error && error.name === 'AbortError') return new UploadError('aborted', 'Cancelled');
  const message = toUserMessage(error);
  if (isAuthFailure(error)) return new UploadError('sign-in', message);
  if (isTransientFailure(error)) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return new UploadError(offline ? 'offline' : 'transient', message);
  }
  if (isPermissionRefusal(error)) return new UploadError('forbidden', message);
  const etagMessage = errorMessagesOf(error).find((m) => etagProblem.test(m));
  if (etagMessage)
    return new UploadError('etag-mismatch', `Storage did not confirm the upload: ${etagMessage}`);
  return new UploadError('permanent', message);
}

async function classified<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw classifyApiError(error);
  }
}

/**
 * Puts registered attachments (already in the cache: the mutation wrote them) into the cached lists
 * of their records. Each change of a list makes every page showing it read and render the whole list
 * again, at a cost that grows with its length. So a list takes new attachments at once, and again at
 * most once per window that grows with the list (half a millisecond per listed file, up to
 * `maxWindowMs`): a short list shows each file as it lands, a long one takes a burst together.
 */
function attachmentAppender(
  cache: ApolloCache,
  maxWindowMs: number,
): (entityId: number, attachment: { __typename?: string; id: number }) => void {
  let pending = new Map<number, string[]>();
  /** Each record's list length at its last change. */
  const listed = new Map<number, number>();
  const windowMs = () =>
    Math.min(maxWindowMs, 0.5 * Math.max(0, ...[...pending.keys()].map((id) => listed.get(id) ?? 0)));
  const flush = throttle(() => {
    const batch = pending;
    pending = new Map();
    cache.batch({
      update(batchCache) {
        for (const [entityId, ids] of batch) {
          batchCache.modify({
            id: batchCache.identify({ __typename: 'Entity', id: entityId }),
            fields: {
              fileAttachments(existing: readonly Reference[] | null = [], { toReference }) {
                const list = existing ?? [];
                const present = new Set(list.map((item) => item.__ref));
                const added = ids.filter((id) => !present.has(id)).flatMap((id) => toReference(id) ?? []);
                const next = added.length > 0 ? [...list, ...added] : list;
                listed.set(entityId, next.length);
                return next;
              },
            },
          });
        }
      },
    });
  }, windowMs);
  return (entityId, attachment) => {
    const id = cache.identify({ __typename: 'FileAttachment', ...attachment });
    if (!id) return;
    pending.set(entityId, [...(pending.get(entityId) ?? []), id]);
    flush();
  };
}

/** The upload's GraphQL calls through the app's Apollo client (token renewal lives in its links). */
export function createApolloUploadApi(client: ApolloClient, { maxAppendWindowMs = 250 } = {}): UploadApi {
  const appendToRecord = attachmentAppender(client.cache, maxAppendWindowMs);
  return {
    requestTicket: (filename, signal) =>
      classified(async () => {
        const { data } = await client.query({
          query: UploadTicketQuery,
          variables: { filename },
          fetchPolicy: 'no-cache',
          context: { ...ERRORS_IN_PLACE, retryTransient: false, fetchOptions: { signal } },
        });
        const ticket = data?.requestFileUploadUrl;
        if (!ticket) throw new UploadError('permanent', 'The server did not give an upload address.');
        return ticket;
      }),

    register: ({ filename, s3Key, s3Etag, target }, signal) =>
      classified(async () => {
        const { data } = await client.mutate({
          mutation: AttachUploadedFileMutation,
          variables: {
            input: { filename, s3Key, s3Etag, entityId: String(target.entityId), validateUpload: true },
          },
          context: { ...ERRORS_IN_PLACE, retryTransient: false, fetchOptions: { signal } },
        });
        const attachment = data?.createFileAttachment?.fileAttachment;
        if (!attachment) throw new UploadError('permanent', 'The server did not confirm the attachment.');
        appendToRecord(target.entityId, attachment);
        return attachment.id;
      }),

    findAttachment: (target: UploadTarget, s3Key, signal) =>
      classified(async () => {
        if (!target.record) {
          throw new UploadError('permanent', 'Could not check whether the file was already attached.');
        }
        const record = await lookup(
          client,
          target.record.kind,
          { id: String(target.record.id), s3Key },
          signal,
        );
        const found = record?.entity?.fileAttachments?.find((item) => item !== null);
        return found ? found.id : null;
      }),
  };
}
