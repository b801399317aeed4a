import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import type { IntlShape } from 'react-intl';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { runOrigin } from '../../graphql/runOrigin.ts';
import {
  PackageDownloadUrlsQuery,
  PackageFileFields,
  PackageMakerQuery,
  PackagePartFilesQuery,
  PackageProcedureFilesQuery,
  PackageRunFilesQuery,
  PackageRunOutlineQuery,
  PackageRunStepFieldFilesQuery,
  PackageRunStepFilesQuery,
  PackageRunStepOutlineQuery,
  URL_BATCH,
} from './packageDocuments.ts';
import { planPackage, type ListedField, type ListedFile, type ListedStep } from './packagePlan.ts';
import type { PackageHeading, PackagePlan } from './packageTypes.ts';
import type { UrlFetcher } from './packageUrls.ts';
import { httpUrl } from '../attachments/index.ts';
import { FAILURE_WORDS, WordedError } from '../../failures/failures.ts';
import { workPool } from '../../lib/workPool.ts';
import { partRevision, procedureVersion, recordName } from '../../records/recordKinds.ts';
import { serialOf } from '../../records/serialNumbers.ts';
import { safeName } from './safeNames.ts';

/** The kinds of record a package is made of. */
export type PackageKind = 'run' | 'runStep' | 'part' | 'procedure';

/** A record whose files go into a package, as its page names it. */
export interface PackageRecord {
  kind: PackageKind;
  id: number;
  title: string;
}

const FILES_QUERIES = {
  run: PackageRunFilesQuery,
  runStep: PackageRunStepFilesQuery,
  runStepField: PackageRunStepFieldFilesQuery,
  part: PackagePartFilesQuery,
  procedure: PackageProcedureFilesQuery,
} as const;
type FilesKind = keyof typeof FILES_QUERIES;

/** Attachment lists asked for at once (each its own small query). */
const LIST_CONCURRENCY = 4;

interface Entityish {
  entity?: { fileAttachments?: unknown[] | null } | null;
}

/**
 * One record by its id, never from the cache (a package holds what the server holds now); a record
 * the server does not return is not found. Every read of a package goes through here.
 */
async function readRecord<Data, Root extends keyof Data>(
  client: ApolloClient,
  query: TypedDocumentNode<Data, { id: string }>,
  id: number,
  root: Root,
): Promise<NonNullable<Data[Root]>> {
  const { data } = await client.query({ query, variables: { id: String(id) }, fetchPolicy: 'no-cache' });
  const record = data?.[root];
  if (!record) throw new WordedError(FAILURE_WORDS.notFound);
  return record;
}

async function filesOf(client: ApolloClient, kind: FilesKind, id: number): Promise<ListedFile[]> {
  // The five documents differ only in their root field, which is the kind.
  const query = FILES_QUERIES[kind] as unknown as TypedDocumentNode<
    Record<FilesKind, Entityish | null | undefined>,
    { id: string }
  >;
  const record = await readRecord(client, query, id, kind);
  const items = (record.entity?.fileAttachments ?? []) as (FragmentType<typeof PackageFileFields> | null)[];
  return items.flatMap((item) => (item ? [getFragmentData(PackageFileFields, item)] : []));
}

const today = (date: Date) => date.toISOString().slice(0, 10);

/** An entity worth asking for its files: one the outline counts any on (or does not count at all). */
const hasFiles = (entity: { _FileAttachmentsCount?: number | null } | null | undefined) =>
  (entity?._FileAttachmentsCount ?? 1) > 0;

/** Runs the attachment-list reads `LIST_CONCURRENCY` at a time, counting them done. */
async function readLists(
  jobs: (() => Promise<void>)[],
  onListed: (done: number, total: number) => void,
): Promise<void> {
  let done = 0;
  onListed(done, jobs.length);
  const pool = workPool<() => Promise<void>>(LIST_CONCURRENCY, async (job) => {
    await job();
    done += 1;
    onListed(done, jobs.length);
  });
  jobs.forEach((job) => pool.add(job));
  pool.close();
  await pool.done;
}

type OutlineField = {
  id: number;
  name: string;
  position?: number | null;
  entity?: { _FileAttachmentsCount?: number | null } | null;
} | null;

/** A read job for each field with files; `into` receives the fields in the outline's order. */
function fieldJobs(
  client: ApolloClient,
  fields: readonly OutlineField[] | null | undefined,
  into: ListedField[],
): (() => Promise<void>)[] {
  return (fields ?? []).flatMap((field) => {
    if (!field || !hasFiles(field.entity)) return [];
    const entry: ListedField = { name: field.name, position: field.position, files: [] };
    into.push(entry);
    return [async () => void (entry.files = await filesOf(client, 'runStepField', field.id))];
  });
}

/**
 * Lists what a package of `record` holds: for a run its own files, then each step's and each step
 * field's (an entity with no files is not asked for); for a run step its own and its fields'; for a
 * part or a procedure its own files. `onListed`
 * counts attachment lists read of those to read.
 */
export async function listPackage(
  client: ApolloClient,
  record: PackageRecord,
  intl: IntlShape,
  onListed: (done: number, total: number) => void,
): Promise<PackagePlan> {
  const maker = client.query({ query: PackageMakerQuery, fetchPolicy: 'no-cache' });
  const name = recordName(record.kind, record.id, intl);
  const heading: PackageHeading = {
    record: `${name} · ${record.title}`,
    serial: null,
    part: null,
    procedure: null,
    madeBy: '',
    madeAt: new Date().toISOString(),
  };
  const zipName = `${safeName(`${serialOf(record.title) ?? name} ${record.title}`, name, 100)} ${today(new Date())}.zip`;
  let own: ListedFile[] = [];
  const ownFields: ListedField[] = [];
  const steps: ListedStep[] = [];
  if (record.kind === 'run') {
    const run = await readRecord(client, PackageRunOutlineQuery, record.id, 'run');
    heading.serial = serialOf(run.title);
    const { part, procedure } = runOrigin(run);
    heading.part = part ? partRevision(part.partNumber, part.revision, intl) : null;
    heading.procedure = procedure ? procedureVersion(procedure, intl) : null;
    const jobs: (() => Promise<void>)[] = [];
    if (hasFiles(run.entity)) jobs.push(async () => void (own = await filesOf(client, 'run', run.id)));
    for (const step of run.steps ?? []) {
      if (!step) continue;
      const listed: ListedStep = { title: step.title, position: step.position, files: [], fields: [] };
      steps.push(listed);
      if (hasFiles(step.entity))
        jobs.push(async () => void (listed.files = await filesOf(client, 'runStep', step.id)));
      jobs.push(...fieldJobs(client, step.fields, listed.fields));
    }
    await readLists(jobs, onListed);
  } else if (record.kind === 'runStep') {
    // A step's package is what its page shows: its own files and its fields' (its evidence slots).
    const step = await readRecord(client, PackageRunStepOutlineQuery, record.id, 'runStep');
    const jobs: (() => Promise<void>)[] = [];
    if (hasFiles(step.entity)) jobs.push(async () => void (own = await filesOf(client, 'runStep', step.id)));
    jobs.push(...fieldJobs(client, step.fields, ownFields));
    await readLists(jobs, onListed);
  } else {
    onListed(0, 1);
    own = await filesOf(client, record.kind, record.id);
    onListed(1, 1);
  }
  const me = (await maker).data?.me;
  heading.madeBy = me ? `${me.name} <${me.email}>` : '';
  return planPackage({ heading, zipName, own, ownFields, steps });
}

/** Asks for signed URLs of up to URL_BATCH attachments in one query, never from the cache. */
export function apolloUrlFetcher(client: ApolloClient, onQuery?: () => void): UrlFetcher {
  return async (ids) => {
    const batch = ids.slice(0, URL_BATCH).map(String);
    const padded = Array.from({ length: URL_BATCH }, (_, i) => batch[Math.min(i, batch.length - 1)]!);
    onQuery?.();
    const { data } = await client.query({
      query: PackageDownloadUrlsQuery,
      variables: { a: padded[0]!, b: padded[1]!, c: padded[2]!, d: padded[3]!, e: padded[4]! },
      fetchPolicy: 'no-cache',
    });
    const urls = new Map<number, string>();
    for (const item of [data?.a, data?.b, data?.c, data?.d, data?.e]) {
      const url = item ? httpUrl(item.downloadUrl) : null;
      if (item && url) urls.set(item.id, url);
    }
    return urls;
  };
}
