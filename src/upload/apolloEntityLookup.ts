import type { ApolloClient, DefaultContext, TypedDocumentNode } from '@apollo/client';
import { getFragmentData, graphql, type FragmentType } from '../graphql/generated/index.ts';
import { FAILURE_WORDS } from '../failures/failures.ts';
import { recordKindInfo, type RecordKind, type RecordRef } from '../records/recordKinds.ts';
import { UploadError } from './uploadErrors.ts';

// One lookup per record kind (the real API has no query for an entity by its id): the record, its
// entity, and the entity's attachments stored under a key. The queue asks it for a record's entity
// (no file is stored under an empty key, so then the answer is the record alone) and, before
// registering again, whether a file already is; opening a number by id asks it whether the record is
// there at all.

/**
 * What every kind's lookup asks of the record's entity: its id and the attachments under `$s3Key`, each
 * as its record's list shows it (one found there is a registration whose answer was lost: it is listed
 * as that answer would have been).
 */
const UploadLookupEntityFields = graphql(`
  fragment UploadLookupEntity on Entity {
    id
    fileAttachments(filters: { s3Key: { eq: $s3Key } }) {
      id
      ...AttachmentItem
    }
  }
`);

const PartUploadLookup = graphql(`
  query PartUploadLookup($id: ID!, $s3Key: String!) {
    part(id: $id) {
      id
      entity {
        ...UploadLookupEntity
      }
    }
  }
`);

const RunUploadLookup = graphql(`
  query RunUploadLookup($id: ID!, $s3Key: String!) {
    run(id: $id) {
      id
      entity {
        ...UploadLookupEntity
      }
    }
  }
`);

const ProcedureUploadLookup = graphql(`
  query ProcedureUploadLookup($id: ID!, $s3Key: String!) {
    procedure(id: $id) {
      id
      entity {
        ...UploadLookupEntity
      }
    }
  }
`);

const StepUploadLookup = graphql(`
  query StepUploadLookup($id: ID!, $s3Key: String!) {
    step(id: $id) {
      id
      entity {
        ...UploadLookupEntity
      }
    }
  }
`);

const RunStepUploadLookup = graphql(`
  query RunStepUploadLookup($id: ID!, $s3Key: String!) {
    runStep(id: $id) {
      id
      entity {
        ...UploadLookupEntity
      }
    }
  }
`);

const RunStepFieldUploadLookup = graphql(`
  query RunStepFieldUploadLookup($id: ID!, $s3Key: String!) {
    runStepField(id: $id) {
      id
      entity {
        ...UploadLookupEntity
      }
    }
  }
`);

type LookupEntity = {
  entity?: { id: number; fileAttachments?: ({ id: number } | null)[] | null } | null;
} | null;
type LookupVariables = { id: string; s3Key: string };

/** Each kind's lookup and where its answer holds the record: the compiler rejects a missing kind. */
const LOOKUPS = {
  part: { query: PartUploadLookup, record: (data) => data.part },
  run: { query: RunUploadLookup, record: (data) => data.run },
  procedure: { query: ProcedureUploadLookup, record: (data) => data.procedure },
  step: { query: StepUploadLookup, record: (data) => data.step },
  runStep: { query: RunStepUploadLookup, record: (data) => data.runStep },
  runStepField: { query: RunStepFieldUploadLookup, record: (data) => data.runStepField },
} satisfies { [K in RecordKind]: Lookup<K> };

/** A kind's answer as the query types it: the entity's fields behind the fragment. */
type LookupRecord = { entity?: FragmentType<typeof UploadLookupEntityFields> | null } | null;

type LookupData = {
  [K in RecordKind]: { [F in K]?: LookupRecord };
};

interface Lookup<K extends RecordKind> {
  query: TypedDocumentNode<LookupData[K], LookupVariables>;
  record: (data: LookupData[K]) => LookupRecord | undefined;
}

/**
 * The record as the server has it (null: it has no such record, or will not show it to this person),
 * with its entity and the attachments stored under `s3Key`. Always asked of the server, with
 * `context` (the upload pipeline's: its signal, and no retries by the link, since it retries itself).
 */
export async function lookUpRecord(
  client: ApolloClient,
  record: RecordRef,
  s3Key: string,
  context: DefaultContext = {},
): Promise<LookupEntity | undefined> {
  const lookup: Lookup<RecordKind> = LOOKUPS[record.kind] as Lookup<RecordKind>;
  const { data } = await client.query({
    query: lookup.query,
    variables: { id: String(record.id), s3Key },
    fetchPolicy: 'network-only',
    context,
  });
  const found = data ? lookup.record(data) : undefined;
  return found && { entity: getFragmentData(UploadLookupEntityFields, found.entity) };
}

/**
 * The entity id of a record the technician reached by id or scan while offline. A record the server
 * does not have (or will not show this person) is 'no-such-record'; other failures are the caller's
 * to classify (`classify`), so the queue waits for the network or sign-in as for any other step.
 */
export async function resolveEntityId(
  client: ApolloClient,
  record: RecordRef,
  signal: AbortSignal,
  classify: (error: unknown) => UploadError,
): Promise<number> {
  const name = `${recordKindInfo(record.kind).label} ${record.id}`;
  let found: LookupEntity | undefined;
  try {
    found = await lookUpRecord(client, record, '', { retryTransient: false, fetchOptions: { signal } });
  } catch (error) {
    const failure = classify(error);
    // "Not found" and "may not see it" read the same to the technician: this record is not theirs to use.
    if (failure.kind === 'forbidden' || failure.message === FAILURE_WORDS.notFound) {
      throw new UploadError('no-such-record', FAILURE_WORDS.noSuchRecord(name));
    }
    throw failure;
  }
  if (found === null) throw new UploadError('no-such-record', FAILURE_WORDS.noSuchRecord(name));
  const entityId = found?.entity?.id;
  if (entityId === undefined) throw new UploadError('no-such-record', FAILURE_WORDS.noEntity(name));
  return entityId;
}
