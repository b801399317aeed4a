import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  validate,
  type GraphQLOutputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsToken, gql, startSandbox, uploadObject, type TestSandbox } from './harness.ts';
import { CREATE_FILE_ATTACHMENT, GET_FILE_ATTACHMENT, GET_RUN, GET_RUNS } from './ion-examples/queries.ts';

// ION's clients select fields of the real schema the sandbox once lacked (`_etag` everywhere), and one
// unknown field rejects the whole document. Every scalar field of the seven record types is answered,
// with the real name and type.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reference = buildSchema(
  readFileSync(path.resolve(repoRoot, '../shared/spec/ion-schema-reference.graphql'), 'utf8'),
);
const sandboxSchema = buildSchema(
  readFileSync(path.join(repoRoot, 'sandbox/src/graphql/schema.graphql'), 'utf8'),
);
const TYPES = ['Part', 'Run', 'Procedure', 'Step', 'RunStep', 'RunStepField', 'FileAttachment'] as const;

/** Every field of a reference type whose value is a scalar or enum (or a list of them). */
function scalarFields(typeName: string): [string, GraphQLOutputType][] {
  const type = reference.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type of the reference`);
  return Object.values(type.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)))
    .map((f) => [f.name, f.type]);
}

/** Why a value does not fit a GraphQL output type, or null when it does. */
function misfit(type: GraphQLOutputType, value: unknown): string | null {
  if (value === null) return isNonNullType(type) ? 'null for a non-null type' : null;
  if (value === undefined) return 'missing';
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return 'not a list';
    return value.map((item) => misfit(nullable.ofType, item)).find((m) => m !== null) ?? null;
  }
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValue(String(value)) ? null : `not a ${named.name} value`;
  const ok: Record<string, (v: unknown) => boolean> = {
    Int: (v) => Number.isInteger(v),
    Float: (v) => typeof v === 'number',
    String: (v) => typeof v === 'string',
    Boolean: (v) => typeof v === 'boolean',
    DateTime: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
    ScalarValue: () => true,
    SlateContent: () => true,
  };
  const check = ok[named.name];
  if (!check) return `no check for ${named.name}`;
  return check(value) ? null : `${JSON.stringify(value)} is not a ${named.name}`;
}

describe('the documents of ION example scripts', () => {
  it.each([
    ['GET_RUNS', GET_RUNS],
    ['GET_RUN', GET_RUN],
    ['CREATE_FILE_ATTACHMENT', CREATE_FILE_ATTACHMENT],
    ['GET_FILE_ATTACHMENT', GET_FILE_ATTACHMENT],
  ])('%s is valid on the reference schema, and on the sandbox schema', (_, document) => {
    expect(validate(reference, parse(document)).map((e) => e.message)).toEqual([]);
    expect(validate(sandboxSchema, parse(document)).map((e) => e.message)).toEqual([]);
  });
});

describe('fields and arguments of the real schema, over HTTP', () => {
  let sandbox: TestSandbox;
  let token: string;
  let attachmentId: number;
  const q = (query: string, variables?: Record<string, unknown>) => gql(sandbox.url, token, query, variables);

  beforeAll(async () => {
    sandbox = await startSandbox();
    token = await clientCredentialsToken(sandbox.url, 'technician');
    const entityId = (await q('{ runStepField(id: 1) { entityId } }')).data?.runStepField.entityId as number;
    const object = await uploadObject(sandbox.url, token, 'gauge.jpg', 'jpeg bytes');
    const created = await q(
      'mutation C($input: CreateFileAttachmentInput!) { createFileAttachment(input: $input) { fileAttachment { id } } }',
      { input: { filename: 'gauge.jpg', s3Key: object.s3Key, s3Etag: object.etag, entityId } },
    );
    attachmentId = created.data?.createFileAttachment.fileAttachment.id as number;
  });
  afterAll(() => sandbox.stop());

  it('answers every scalar field of the seven record types with a value of the reference type', async () => {
    const selection = (type: string) =>
      scalarFields(type)
        .map(([name]) => name)
        .join(' ');
    const res = await q(
      `query All($file: ID!) {
        Part: part(id: 4) { ${selection('Part')} }
        Run: run(id: 1) { ${selection('Run')} }
        Procedure: procedure(id: 1) { ${selection('Procedure')} }
        Step: step(id: 1) { ${selection('Step')} }
        RunStep: runStep(id: 1) { ${selection('RunStep')} }
        RunStepField: runStepField(id: 1) { ${selection('RunStepField')} }
        FileAttachment: fileAttachment(id: $file) { ${selection('FileAttachment')} }
      }`,
      { file: attachmentId },
    );
    expect(res.errors).toBeUndefined();
    const problems: string[] = [];
    for (const type of TYPES) {
      const record = res.data?.[type] as Record<string, unknown>;
      for (const [name, fieldType] of scalarFields(type)) {
        const why = misfit(fieldType, record[name]);
        if (why) problems.push(`${type}.${name}: ${why}`);
      }
      expect(record._etag, `${type}._etag`).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(problems).toEqual([]);
    const { Part, Run, Procedure, Step, RunStep, FileAttachment } = res.data as Record<
      string,
      Record<string, unknown>
    >;
    expect(Part).toMatchObject({ partNumber: 'FTG-0210', revision: 'B', latestRevision: 'B' });
    expect(Part!.supplierPartNumber).toEqual(expect.any(String));
    expect(Part!.quantity).toEqual(expect.any(Number));
    expect(Run).toMatchObject({ archived: false, isOpen: true, partInventoryId: expect.any(Number) });
    expect(Procedure!.familyId).toBe(1);
    expect(Step).toMatchObject({ upstreamStepIds: [], downstreamStepIds: [2] });
    expect(RunStep).toMatchObject({ upstreamStepIds: [], downstreamStepIds: [2], _FieldsCount: 2 });
    expect(FileAttachment).toMatchObject({
      s3Bucket: 'sandbox',
      filename: 'gauge.jpg',
      _RunStepFieldCount: 0,
    });
    expect(FileAttachment!.url).toMatch(/X-Amz-Signature=/);
  });

  it('changes a record’s _etag only when the record changes', async () => {
    const etagOf = async () => (await q('{ run(id: 2) { _etag } }')).data?.run._etag as string;
    expect(await etagOf()).toBe(await etagOf());
    const other = (await q('{ run(id: 3) { _etag } }')).data?.run._etag as string;
    expect(other).not.toBe(await etagOf());
  });

  it('takes distinctOn: one record for each distinct value', async () => {
    const res = await q(`{
      parts(distinctOn: [PART_TYPE_ASC], sort: [PART_TYPE_ASC]) {
        edges { node { partType } } pageInfo { totalCount }
      }
      runs(distinctOn: [PROCEDURE_ID_ASC], sort: [PROCEDURE_ID_ASC]) { edges { node { id procedureId } } }
    }`);
    expect(res.errors).toBeUndefined();
    expect(res.data?.parts.edges.map((e: { node: { partType: string } }) => e.node.partType)).toEqual([
      'PART',
      'TOOL',
    ]);
    expect(res.data?.parts.pageInfo.totalCount).toBe(2);
    // The lowest id of each procedure's runs.
    expect(res.data?.runs.edges.map((e: { node: { id: number } }) => e.node.id)).toEqual([1, 2, 3, 4, 5, 8]);
  });

  it('filters runs by the fields ION filters them by: part number, part, procedure, steps, open, inventory', async () => {
    const ids = async (filters: Record<string, unknown>) => {
      const res = await q(
        'query R($filters: RunsInputFilters) { runs(filters: $filters) { edges { node { id } } } }',
        { filters },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.runs.edges.map((e: { node: { id: number } }) => e.node.id) as number[];
    };
    expect(await ids({ partNumber: { eq: 'BRKT-0001' } })).toEqual([1, 6]);
    expect(await ids({ part: { partNumber: { ilike: 'asm-%' } } })).toEqual([4, 8, 10]);
    expect(await ids({ procedure: { title: { ilike: '%leak%' } } })).toEqual([8]);
    expect(await ids({ steps: { status: { eq: 'HOLD' } } })).toEqual([4]);
    // Runs 11 and 12 share serial SN 0100 (seed-runs.ts); 12 is complete.
    expect(await ids({ isOpen: { eq: false } })).toEqual([2, 5, 9, 12]);
    expect(await ids({ archived: { eq: false }, jiraIssueKey: { isnull: true } })).toHaveLength(12);
    const run1 = await q('{ run(id: 1) { partInventoryId } }');
    expect(await ids({ partInventoryId: { eq: run1.data?.run.partInventoryId } })).toEqual([1]);
  });
});
