import type { ApolloClient } from '@apollo/client';
import { attachmentAppender } from '../graphql/attachmentsList.ts';
import { AnswerGathering, type GatheringTimers } from './answerGathering.ts';
import type { ThrottleTimers } from '../lib/throttle.ts';
import { graphql } from '../graphql/generated/index.ts';
import { AttachmentItemFragmentDoc } from '../graphql/generated/graphql.ts';
import {
  errorMessagesOf,
  isAuthFailure,
  isClientReset,
  isPermissionRefusal,
  isTransientFailure,
  retryAfterOf,
  toUserMessage,
} from '../graphql/errors.ts';
import { FAILURE_WORDS, isAbort } from '../failures/failures.ts';
import { UploadError } from './uploadErrors.ts';
import { lookUpRecord, resolveEntityId } from './apolloEntityLookup.ts';
import type { UploadApi } from './uploadPorts.ts';
import type { RecordRef } from '../records/recordKinds.ts';
import type { UploadTarget } from './types.ts';

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

/**
 * The record's attachments stored under `s3Key`, asked of the server. Never answers "none" unless the
 * server listed the record's attachments: a missing answer would have the file registered twice.
 */
async function attachmentsUnderKey(
  client: ApolloClient,
  record: RecordRef,
  s3Key: string,
  signal: AbortSignal,
): Promise<readonly ({ id: number } | null)[]> {
  const found = await lookUpRecord(client, record, s3Key, {
    retryTransient: false,
    fetchOptions: { signal },
  });
  if (found === null) {
    throw new UploadError('permanent', FAILURE_WORDS.recordGone);
  }
  const list = found?.entity?.fileAttachments;
  if (!list) throw new UploadError('transient', FAILURE_WORDS.notChecked);
  return list;
}

// Storage has no object, or another one, under the key: uploading again with a fresh ticket may help.
const etagProblem =
  /etag|checksum|does not match|mismatch|(object|upload)[\s\S]*(not found|missing|does not exist)/i;

/** Sorts an Apollo failure into what the queue does about it; the message is the user's. */
export function classifyApiError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (isAbort(error)) return new UploadError('aborted', 'Cancelled');
  const message = toUserMessage(error);
  if (isClientReset(error)) return new UploadError('interrupted', message);
  if (isAuthFailure(error)) return new UploadError('sign-in', message);
  // Whether the device is offline is the connectivity port's to say (the queue asks it).
  if (isTransientFailure(error)) return new UploadError('transient', message, retryAfterOf(error));
  if (isPermissionRefusal(error)) return new UploadError('forbidden', message);
  const etagMessage = errorMessagesOf(error).find((m) => etagProblem.test(m));
  if (etagMessage) return new UploadError('etag-mismatch', FAILURE_WORDS.storageNotConfirmed(etagMessage));
  return new UploadError('permanent', message);
}

async function classified<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw classifyApiError(error);
  }
}

/** The upload's GraphQL calls through the app's Apollo client (token renewal lives in its links). */
export function createApolloUploadApi(
  client: ApolloClient,
  {
    maxAppendWindowMs = 250,
    gatherAnswersMs = 150,
    timers,
    gatheringTimers,
    onPublished,
  }: {
    maxAppendWindowMs?: number;
    /** How long an answer may wait for the registrations sent with it (see AnswerGathering). */
    gatherAnswersMs?: number;
    timers?: ThrottleTimers;
    gatheringTimers?: GatheringTimers;
    /** Called once registered attachments were written into their records' lists (see attachmentAppender). */
    onPublished?: () => void;
  } = {},
): UploadApi {
  // The registration's answer is written by the appender, with its record's list, in one batch: not
  // by the mutation itself, which would broadcast to every watcher once more per file.
  const appender = attachmentAppender(client.cache, maxAppendWindowMs, {
    timers,
    fragment: AttachmentItemFragmentDoc,
    onPublished: () => onPublished?.(),
  });
  const gathering = new AnswerGathering(gatherAnswersMs, gatheringTimers);
  return {
    publish: () => void appender.publish(),
    requestTicket: (filename, signal) =>
      classified(async () => {
        const { data } = await client.query({
          query: UploadTicketQuery,
          variables: { filename },
          fetchPolicy: 'no-cache',
          context: { retryTransient: false, fetchOptions: { signal } },
        });
        const ticket = data?.requestFileUploadUrl;
        if (!ticket) throw new UploadError('permanent', FAILURE_WORDS.noTicket);
        return ticket;
      }),

    register: ({ filename, s3Key, s3Etag, target }, signal) =>
      classified(async () => {
        if (target.entityId === null) throw new UploadError('permanent', FAILURE_WORDS.notConfirmed);
        gathering.sent();
        const { data } = await client
          .mutate({
            mutation: AttachUploadedFileMutation,
            variables: {
              input: { filename, s3Key, s3Etag, entityId: String(target.entityId), validateUpload: true },
            },
            fetchPolicy: 'no-cache',
            context: { retryTransient: false, fetchOptions: { signal } },
          })
          .catch((error: unknown) => {
            gathering.failed();
            throw error;
          });
        // Taken up with the answers of the registrations sent with it: one change of the list for them.
        await gathering.answered();
        const attachment = data?.createFileAttachment?.fileAttachment;
        if (!attachment) throw new UploadError('permanent', FAILURE_WORDS.notConfirmed);
        appender.append(target.entityId, attachment);
        return attachment.id;
      }),

    findAttachment: (target: UploadTarget, s3Key, signal) =>
      classified(async () => {
        const list = await attachmentsUnderKey(client, target.record, s3Key, signal);
        const found = list.find((item) => item !== null);
        if (!found) return null;
        // Made by a registration whose answer was lost: listed on its record as that answer would
        // have been, in the render that says the file is attached (not at the page's next refresh).
        if (target.entityId !== null) appender.append(target.entityId, found);
        return found.id;
      }),

    resolveEntity: (record, signal) => resolveEntityId(client, record, signal, classifyApiError),
  };
}
