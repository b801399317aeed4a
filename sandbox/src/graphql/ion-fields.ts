import { createHash } from 'node:crypto';
import type { GraphQLContext } from './context.ts';
import type { Resolvers } from './resolver-types.ts';

/**
 * Fields of the real schema that ION's clients select (one unknown field rejects a whole document) and
 * that the sandbox fills from what it has: an `_etag` per record version, counts of the related
 * records it keeps (and 0 for kinds of record it does not model), the DAG of a procedure's steps,
 * rich content from the plain text. Plain columns and constants come from record-tables.ts; fields
 * about things the sandbox does not model (locations, teams, batches, …) stay null.
 */

type Row = Record<string, unknown> & { id: number; entityId: number; _updated?: string | null };

/** Like ION's (Eve-style) _etag: changes whenever the record does; clients pass it back on updates. */
const etag =
  (kind: string) =>
  (row: Row): string =>
    createHash('sha1')
      .update(`${kind}:${row.id}:${row._updated ?? ''}`)
      .digest('hex');

/** A count of related rows: one query per record, run only when the field is selected. */
const counted =
  (sql: string, params: (row: Row) => unknown[] = (row) => [row.id]) =>
  (row: Row, _: unknown, ctx: GraphQLContext): number =>
    Number(
      ctx.db
        .prepare(sql)
        .pluck()
        .get(...params(row)) ?? 0,
    );

/** Counts of relations the sandbox does not model: there are none. */
const zeros = (...names: string[]) => Object.fromEntries(names.map((name) => [name, () => 0]));

/** Plain text as Slate editor nodes, the shape of ION's rich content. */
const slateContent = (row: Row) =>
  typeof row.content === 'string' ? [{ type: 'p', children: [{ text: row.content }] }] : null;

/** A procedure's steps (and a run's steps) run one after the other: each depends on the one before. */
const neighbours = (table: 'steps' | 'run_steps', parent: 'procedure_id' | 'run_id', offset: 1 | -1) => {
  const parentField = parent === 'procedure_id' ? 'procedureId' : 'runId';
  return (row: Row, _: unknown, ctx: GraphQLContext): number[] =>
    row.position === null || row.position === undefined
      ? []
      : (ctx.db
          .prepare(`SELECT id FROM ${table} WHERE ${parent} = ? AND position = ? ORDER BY id`)
          .pluck()
          .all(row[parentField], Number(row.position) + offset) as number[]);
};

const FIELDS_OF_RUN_STEP = 'SELECT COUNT(*) FROM run_step_fields WHERE run_step_id = ?';
const PROCEDURES_OF_PART = 'SELECT COUNT(*) FROM procedure_parts WHERE part_id = ?';
const PARTS_OF_PROCEDURE = 'SELECT COUNT(*) FROM procedure_parts WHERE procedure_id = ?';

export const ionFieldResolvers: Resolvers = {
  Part: {
    _etag: etag('part'),
    _RunsCount: counted('SELECT COUNT(*) FROM runs WHERE part_id = ?'),
    _ProceduresCount: counted(PROCEDURES_OF_PART),
    _PartProceduresCount: counted(PROCEDURES_OF_PART),
    ...zeros(
      '_RequirementsCount',
      '_AbomItemsCount',
      '_InputsCount',
      '_MbomsCount',
      '_MbomItemSubstitutesCount',
      '_MbomItemsCount',
      '_PartKitItemsCount',
      '_PartSubtypesCount',
      '_PartsInventoryCount',
      '_PlanItemsCount',
      '_PurchaseOrderLinesCount',
      '_AttributesCount',
    ),
  },
  Procedure: {
    _etag: etag('procedure'),
    labels: () => [],
    _RunsCount: counted('SELECT COUNT(*) FROM runs WHERE procedure_id = ?'),
    _StepsCount: counted('SELECT COUNT(*) FROM steps WHERE procedure_id = ?'),
    _PartsCount: counted(PARTS_OF_PROCEDURE),
    _PartProceduresCount: counted(PARTS_OF_PROCEDURE),
    ...zeros(
      '_FeedbackCount',
      '_LocationsCount',
      '_ReviewRequestsCount',
      '_ReviewsCount',
      '_FamilyLabelsCount',
      '_PlanItemsCount',
      '_AttributesCount',
    ),
  },
  Step: {
    _etag: etag('step'),
    slateContent,
    upstreamStepIds: neighbours('steps', 'procedure_id', -1),
    downstreamStepIds: neighbours('steps', 'procedure_id', 1),
    ...zeros(
      '_MbomItemAssociationsCount',
      '_AllChildrenCount',
      '_AllParentsCount',
      '_LabelsCount',
      '_DownstreamCount',
      '_FieldsCount',
      '_ReviewsCount',
      '_UpstreamCount',
      '_ApprovalsCount',
      '_ApprovalRequestsCount',
      '_DatagridColumnsCount',
      '_DatagridRowsCount',
      '_AttributesCount',
    ),
  },
  Run: {
    _etag: etag('run'),
    _StepsCount: counted('SELECT COUNT(*) FROM run_steps WHERE run_id = ?'),
    ...zeros(
      '_IssuesCount',
      '_RedlinesCount',
      '_LocationsCount',
      '_SessionsCount',
      '_AssigneesCount',
      '_LabelsCount',
      '_CommentsCount',
      '_OriginPartInventoriesCount',
      '_PartKitsCount',
      '_AttributesCount',
    ),
  },
  RunStep: {
    _etag: etag('run step'),
    slateContent,
    upstreamStepIds: neighbours('run_steps', 'run_id', -1),
    downstreamStepIds: neighbours('run_steps', 'run_id', 1),
    _FieldsCount: counted(FIELDS_OF_RUN_STEP),
    ...zeros(
      '_SessionsCount',
      '_BlockingIssuesCount',
      '_AssigneesCount',
      '_AllChildrenCount',
      '_AllParentsCount',
      '_CommentsCount',
      '_UpstreamCount',
      '_DownstreamCount',
      '_RedlinesCount',
      '_SessionEventsCount',
      '_IssuesCount',
      '_PartInventoriesCount',
      '_MustCloseByLinkedIssuesCount',
      '_DatagridColumnsCount',
      '_DatagridRowsCount',
      '_AttributesCount',
    ),
  },
  RunStepField: {
    _etag: etag('run step field'),
    options: (field: Row) =>
      typeof field.options === 'string' ? (JSON.parse(field.options) as string[]) : null,
    _ValueCount: (field: Row) => (typeof field.value === 'string' ? 1 : 0),
    ...zeros('_AssigneesCount', '_IonValueCount', '_ValidationsCount'),
  },
  FileAttachment: {
    _etag: etag('file attachment'),
    s3Bucket: (_: Row, __: unknown, ctx: GraphQLContext) => ctx.config.storage.bucket,
    // The FILE_ATTACHMENT fields that hold this file: those on its entity, while it is the newest there.
    _RunStepFieldCount: counted(
      `SELECT COUNT(*) FROM run_step_fields f WHERE f.type = 'FILE_ATTACHMENT' AND f.entity_id = ?
         AND ? = (SELECT MAX(a.id) FROM file_attachments a WHERE a.entity_id = f.entity_id)`,
      (row) => [row.entityId, row.id],
    ),
    _FileAttachmentEntitiesCount: () => 1,
    ...zeros('_AssetEntitiesCount'),
  },
};
