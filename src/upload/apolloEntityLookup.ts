import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import { graphql } from '../graphql/generated/index.ts';
import { FAILURE_WORDS } from '../lib/failures.ts';
import { recordKindInfo, type RecordKind, type RecordRef } from '../records/recordKinds.ts';
import { UploadError } from './uploadErrors.ts';

// One query per record kind: the real API has no query for a record's entity by kind.
const PartEntity = graphql(`
  query PartEntity($id: ID!) {
    part(id: $id) {
      id
      entity {
        id
      }
    }
  }
`);

const RunEntity = graphql(`
  query RunEntity($id: ID!) {
    run(id: $id) {
      id
      entity {
        id
      }
    }
  }
`);

const ProcedureEntity = graphql(`
  query ProcedureEntity($id: ID!) {
    procedure(id: $id) {
      id
      entity {
        id
      }
    }
  }
`);

const StepEntity = graphql(`
  query StepEntity($id: ID!) {
    step(id: $id) {
      id
      entity {
        id
      }
    }
  }
`);

const RunStepEntity = graphql(`
  query RunStepEntity($id: ID!) {
    runStep(id: $id) {
      id
      entity {
        id
      }
    }
  }
`);

const RunStepFieldEntity = graphql(`
  query RunStepFieldEntity($id: ID!) {
    runStepField(id: $id) {
      id
      entity {
        id
      }
    }
  }
`);

type EntityOf = { entity?: { id: number } | null } | null | undefined;

type LookupData = { [K in RecordKind]: { [F in K]?: EntityOf } };

interface Lookup<K extends RecordKind> {
  query: TypedDocumentNode<LookupData[K], { id: string }>;
  record: (data: LookupData[K]) => EntityOf;
}

/** Each kind's query and where its answer holds the record: the compiler rejects a missing kind. */
const ENTITY_LOOKUPS = {
  part: { query: PartEntity, record: (data) => data.part },
  run: { query: RunEntity, record: (data) => data.run },
  procedure: { query: ProcedureEntity, record: (data) => data.procedure },
  step: { query: StepEntity, record: (data) => data.step },
  runStep: { query: RunStepEntity, record: (data) => data.runStep },
  runStepField: { query: RunStepFieldEntity, record: (data) => data.runStepField },
} satisfies { [K in RecordKind]: Lookup<K> };

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
  const lookup: Lookup<RecordKind> = ENTITY_LOOKUPS[record.kind] as Lookup<RecordKind>;
  const name = `${recordKindInfo(record.kind).label} ${record.id}`;
  let found: EntityOf;
  try {
    const { data } = await client.query({
      query: lookup.query,
      variables: { id: String(record.id) },
      fetchPolicy: 'network-only',
      context: { retryTransient: false, fetchOptions: { signal } },
    });
    found = data === undefined ? undefined : lookup.record(data);
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
