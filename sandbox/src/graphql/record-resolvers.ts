import type { Resolvers } from './resolver-types.ts';
import { connection, type ConnectionArgs } from '../db/connections.ts';
import { findEntity, type EntityKind } from '../db/entities.ts';
import { findRecord, linkedThrough, listRecords, scopedBy } from '../db/records.ts';
import type { SqlCondition } from '../db/filters.ts';
import {
  FILE_ATTACHMENTS,
  PARTS,
  PROCEDURES,
  RUN_STEP_FIELDS,
  RUN_STEPS,
  RUNS,
  STEPS,
} from '../db/record-tables.ts';
import type { GraphQLContext } from './context.ts';
import { parseId } from './ids.ts';

type Row = Record<string, unknown> & { id: number; entityId: number };
type Filters = { filters?: unknown };

/** Entity types as the reference enum names them; it has no value of its own for run step fields. */
const ENTITY_TYPES: Record<EntityKind, string> = {
  user: 'USERS',
  part: 'PARTS',
  procedure: 'PROCEDURES',
  step: 'STEPS',
  run: 'RUNS',
  run_step: 'RUN_STEPS',
  run_step_field: 'RUN_STEPS',
};

const byId =
  (table: typeof PARTS) =>
  (_: unknown, args: { id: unknown }, ctx: GraphQLContext): Row | null =>
    findRecord<Row>(ctx.db, table, parseId(args.id));

const list = (table: typeof PARTS) => (_: unknown, args: ConnectionArgs, ctx: GraphQLContext) =>
  connection<Row>(ctx.db, table, args);

/** A record's related records, by what `scope` says of the record (filtered as the query asks). */
const related =
  (table: typeof PARTS, scope: (row: Row) => SqlCondition, order?: string) =>
  (row: Row, args: Filters, ctx: GraphQLContext) =>
    listRecords(ctx.db, table, scope(row), args.filters, order);

/** The one record a record points to through its `key` column (a run's part), or null. */
const pointedTo = (table: typeof PARTS, key: string) => (row: Row, args: Filters, ctx: GraphQLContext) =>
  findRecord(ctx.db, table, num(row[key]), args.filters);

const entityOf = (row: Row, _: unknown, ctx: GraphQLContext) => findEntity(ctx.db, row.entityId) ?? null;

const attachmentsOf = (entityId: number, filters: unknown, ctx: GraphQLContext) =>
  listRecords<Row>(ctx.db, FILE_ATTACHMENTS, scopedBy('entity_id', entityId), filters);

/**
 * A FILE_ATTACHMENT field holds the file last attached to its entity: derived at read time, so an
 * attach sets it and a delete falls back to the previous file (or none) with no second copy to keep.
 */
const heldAttachmentId = (field: Row, ctx: GraphQLContext): number | null =>
  field.type === 'FILE_ATTACHMENT'
    ? ((ctx.db
        .prepare('SELECT id FROM file_attachments WHERE entity_id = ? ORDER BY id DESC LIMIT 1')
        .pluck()
        .get(field.entityId) as number | undefined) ?? null)
    : null;

const userById = (id: unknown, ctx: GraphQLContext) =>
  ctx.db
    .prepare('SELECT id, name, email, organization_id AS organizationId FROM users WHERE id = ?')
    .get(num(id)) ?? null;

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The entity of a record that carries files, and its attachments listed on the record itself. */
const withAttachments = {
  entity: entityOf,
  fileAttachments: (record: Row, _: unknown, ctx: GraphQLContext) =>
    attachmentsOf(record.entityId, undefined, ctx),
};

export const recordResolvers: Resolvers = {
  Query: {
    me: (_: unknown, __: unknown, ctx: GraphQLContext) => userById(ctx.principal.userId, ctx),
    part: byId(PARTS),
    parts: list(PARTS),
    procedure: byId(PROCEDURES),
    procedures: list(PROCEDURES),
    run: byId(RUNS),
    runs: list(RUNS),
    step: byId(STEPS),
    runStep: byId(RUN_STEPS),
    runStepField: byId(RUN_STEP_FIELDS),
    fileAttachment: byId(FILE_ATTACHMENTS),
  },
  User: {
    organization: (user: { organizationId: number }, _: unknown, ctx: GraphQLContext) =>
      ctx.db.prepare('SELECT id, name, domain FROM organizations WHERE id = ?').get(user.organizationId) ??
      null,
  },
  Entity: {
    type: (entity: { type: EntityKind }) => ENTITY_TYPES[entity.type],
    fileAttachments: (entity: { id: number }, args: Filters, ctx: GraphQLContext) =>
      attachmentsOf(entity.id, args.filters, ctx),
    _FileAttachmentsCount: (entity: { id: number }, _: unknown, ctx: GraphQLContext) =>
      ctx.db.prepare('SELECT COUNT(*) FROM file_attachments WHERE entity_id = ?').pluck().get(entity.id),
  },
  Part: {
    ...withAttachments,
    procedures: related(PROCEDURES, (part) =>
      linkedThrough('procedure_parts', 'procedure_id', 'part_id', part.id),
    ),
    runs: related(RUNS, (part) => scopedBy('part_id', part.id)),
  },
  Procedure: {
    entity: entityOf,
    steps: related(STEPS, (procedure) => scopedBy('procedure_id', procedure.id), 'position, id'),
    runs: related(RUNS, (procedure) => scopedBy('procedure_id', procedure.id)),
    parts: related(PARTS, (procedure) =>
      linkedThrough('procedure_parts', 'part_id', 'procedure_id', procedure.id),
    ),
  },
  Step: {
    entity: entityOf,
    procedure: pointedTo(PROCEDURES, 'procedureId'),
  },
  Run: {
    ...withAttachments,
    part: pointedTo(PARTS, 'partId'),
    procedure: pointedTo(PROCEDURES, 'procedureId'),
    steps: related(RUN_STEPS, (run) => scopedBy('run_id', run.id), 'position, id'),
  },
  RunStep: {
    ...withAttachments,
    run: pointedTo(RUNS, 'runId'),
    fields: related(RUN_STEP_FIELDS, (runStep) => scopedBy('run_step_id', runStep.id), 'position, id'),
    originStep: pointedTo(STEPS, 'originStepId'),
  },
  RunStepField: {
    entity: entityOf,
    required: (field: Row) => Boolean(field.required),
    value: (field: Row) => (typeof field.value === 'string' ? (JSON.parse(field.value) as unknown) : null),
    step: pointedTo(RUN_STEPS, 'runStepId'),
    fileAttachmentId: (field: Row, _: unknown, ctx: GraphQLContext) => heldAttachmentId(field, ctx),
    fileAttachment: (field: Row, args: Filters, ctx: GraphQLContext) =>
      findRecord(ctx.db, FILE_ATTACHMENTS, heldAttachmentId(field, ctx), args.filters),
  },
  FileAttachment: {
    createdBy: (attachment: Row, _: unknown, ctx: GraphQLContext) => userById(attachment.createdById, ctx),
  },
};
