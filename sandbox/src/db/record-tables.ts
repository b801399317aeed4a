/**
 * How each GraphQL record type maps onto its table: the columns selected (aliased to GraphQL field
 * names), the whitelisted filter fields and the sortable columns. Only names listed here ever reach SQL.
 */
export type ColumnKind = 'id' | 'int' | 'float' | 'string' | 'enum' | 'bool' | 'datetime';

export interface ColumnSpec {
  sql: string;
  kind: ColumnKind;
}

/**
 * An FTS5 trigram index kept in step with the table by triggers (see migration 2). `like`/`ilike` on
 * these fields use it to narrow the candidate rows; the LIKE/GLOB itself still decides (filters.ts).
 */
export interface TrigramIndex {
  /** The FTS5 table: external content (content=<table>, content_rowid='id'), tokenize='trigram'. */
  table: string;
  /** Filter fields it covers. Its columns carry the same names as the table's own columns. */
  fields: readonly string[];
}

/** A filter field that holds the filters of a related table (`runs(filters: { part: { ... } })`). */
export interface Relation {
  table: () => RecordTable;
  /** The condition on this table's rows, given the related rows' WHERE clause. */
  sql: (where: string) => string;
}

/** A filter field that is a field of a related record (`runs(filters: { partNumber: ... })`: its part's). */
export interface RelatedField {
  relation: string;
  field: string;
}

export interface RecordTable {
  name: string;
  table: string;
  select: string;
  filters: Readonly<Record<string, ColumnSpec>>;
  relations?: Readonly<Record<string, Relation>>;
  /** Compiled as the relation's filter, so the related table's indexes answer it. */
  relatedFields?: Readonly<Record<string, RelatedField>>;
  /** Sort enum stem (e.g. PART_NUMBER) → column. */
  sorts: Readonly<Record<string, string>>;
  trigramIndex?: TrigramIndex;
}

const col = (sql: string, kind: ColumnKind): ColumnSpec => ({ sql, kind });

const common = {
  id: col('id', 'id'),
  entityId: col('entity_id', 'id'),
  createdById: col('created_by', 'id'),
  _created: col('created_at', 'datetime'),
  _updated: col('updated_at', 'datetime'),
};
const commonSorts = { ID: 'id', ENTITY_ID: 'entity_id', _CREATED: 'created_at', _UPDATED: 'updated_at' };
// Nothing edits records after the seed, so whoever created a record last updated it.
const commonSelect = `id, entity_id AS entityId, created_by AS createdById, created_by AS updatedById,
  created_at AS _created, updated_at AS _updated`;
/** A field the sandbox holds no data for (an id of something it does not model): always null. */
const none = (kind: ColumnKind) => col('NULL', kind);
const no = col('0', 'bool');

/** Tools are calibrated every 90 days: their maintenance interval. */
const TOOL_CALIBRATION_SECONDS = 90 * 24 * 3600;

export const PARTS: RecordTable = {
  name: 'part',
  table: 'parts',
  select: `${commonSelect}, part_number AS partNumber, revision, description, part_type AS partType,
    tracking_type AS trackingType, sourcing_strategy AS sourcingStrategy, cost, lead_time AS leadTime,
    supplier_part_number AS supplierPartNumber, quantity, revision AS latestRevision, 1 AS isLatestRevision,
    0 AS exportControlled, part_number || ' Rev ' || revision AS prettyStr,
    CASE WHEN part_type = 'TOOL' THEN ${TOOL_CALIBRATION_SECONDS} END AS maintenanceIntervalSeconds`,
  filters: {
    ...common,
    updatedById: col('created_by', 'id'),
    supplierPartNumber: col('supplier_part_number', 'string'),
    latestRevision: col('revision', 'string'),
    isLatestRevision: col('1', 'bool'),
    exportControlled: no,
    partNumber: col('part_number', 'string'),
    revision: col('revision', 'string'),
    description: col('description', 'string'),
    partType: col('part_type', 'enum'),
    trackingType: col('tracking_type', 'enum'),
    sourcingStrategy: col('sourcing_strategy', 'enum'),
    cost: col('cost', 'float'),
    leadTime: col('lead_time', 'int'),
  },
  sorts: {
    ...commonSorts,
    PART_NUMBER: 'part_number',
    REVISION: 'revision',
    DESCRIPTION: 'description',
    PART_TYPE: 'part_type',
    TRACKING_TYPE: 'tracking_type',
    SOURCING_STRATEGY: 'sourcing_strategy',
    COST: 'cost',
    LEAD_TIME: 'lead_time',
  },
  trigramIndex: { table: 'parts_search', fields: ['partNumber', 'description'] },
};

export const PROCEDURES: RecordTable = {
  name: 'procedure',
  table: 'procedures',
  select: `${commonSelect}, title, version, status, type, description, id AS familyId, 1 AS isLatestVersion,
    status = 'RELEASED' AS isLatestReleasedVersion, 0 AS exportControlled, title AS prettyStr`,
  filters: {
    ...common,
    title: col('title', 'string'),
    version: col('version', 'int'),
    status: col('status', 'enum'),
    type: col('type', 'enum'),
    description: col('description', 'string'),
  },
  sorts: {
    ...commonSorts,
    TITLE: 'title',
    VERSION: 'version',
    STATUS: 'status',
    TYPE: 'type',
    DESCRIPTION: 'description',
  },
};

export const STEPS: RecordTable = {
  name: 'step',
  table: 'steps',
  select: `${commonSelect}, procedure_id AS procedureId, title, position, type, content, 1 AS version,
    id AS familyId, 0 AS displayPdf, 1 AS isLatestVersion, 0 AS isStandardStep, 0 AS isChildStandardStep,
    0 AS isDerivedStep, 0 AS standardStepProcedureCount, 0 AS standardStepRunCount, 0 AS fieldCount,
    (SELECT p.status FROM procedures p WHERE p.id = steps.procedure_id) = 'DRAFT' AS editable,
    (SELECT p.status FROM procedures p WHERE p.id = steps.procedure_id) = 'RELEASED' AS approved,
    title AS prettyStr`,
  filters: {
    ...common,
    procedureId: col('procedure_id', 'id'),
    title: col('title', 'string'),
    position: col('position', 'int'),
    type: col('type', 'enum'),
  },
  sorts: { ...commonSorts, POSITION: 'position' },
};

const RUN_IS_OPEN = "(status NOT IN ('COMPLETE', 'CANCELED'))";
const RUN_START_TIME = "(CASE WHEN status <> 'TODO' THEN created_at END)";
const RUN_END_TIME = "(CASE WHEN status IN ('COMPLETE', 'FAILED', 'CANCELED') THEN updated_at END)";

export const RUNS: RecordTable = {
  name: 'run',
  table: 'runs',
  select: `${commonSelect}, title, status, quantity, due_date AS dueDate, description, part_id AS partId,
    procedure_id AS procedureId, percent_complete AS percentComplete, part_inventory_id AS partInventoryId,
    0 AS archived, 0 AS batched, 0 AS exportControlled, ${RUN_IS_OPEN} AS isOpen,
    ${RUN_START_TIME} AS startTime, ${RUN_END_TIME} AS endTime, title AS prettyStr`,
  filters: {
    ...common,
    updatedById: col('created_by', 'id'),
    partInventoryId: col('part_inventory_id', 'id'),
    archived: no,
    batched: no,
    exportControlled: no,
    isOpen: col(RUN_IS_OPEN, 'bool'),
    startTime: col(RUN_START_TIME, 'string'),
    endTime: col(RUN_END_TIME, 'string'),
    jiraIssueKey: none('string'),
    resultsLink: none('string'),
    runBatchId: none('id'),
    assignedToId: none('id'),
    assignedTeamId: none('id'),
    locationId: none('id'),
    scheduledStart: none('datetime'),
    scheduledEnd: none('datetime'),
    calculatedLeadTime: none('int'),
    title: col('title', 'string'),
    status: col('status', 'enum'),
    quantity: col('quantity', 'int'),
    dueDate: col('due_date', 'datetime'),
    description: col('description', 'string'),
    partId: col('part_id', 'id'),
    procedureId: col('procedure_id', 'id'),
    percentComplete: col('percent_complete', 'int'),
  },
  sorts: {
    ...commonSorts,
    TITLE: 'title',
    STATUS: 'status',
    QUANTITY: 'quantity',
    DUE_DATE: 'due_date',
    DESCRIPTION: 'description',
    PART_ID: 'part_id',
    PROCEDURE_ID: 'procedure_id',
  },
  relations: {
    part: { table: () => PARTS, sql: (where) => `part_id IN (SELECT id FROM parts WHERE ${where})` },
    procedure: {
      table: () => PROCEDURES,
      sql: (where) => `procedure_id IN (SELECT id FROM procedures WHERE ${where})`,
    },
    steps: { table: () => RUN_STEPS, sql: (where) => `id IN (SELECT run_id FROM run_steps WHERE ${where})` },
  },
  // The part's number, searched in the parts' own trigram index rather than row by row over the runs.
  relatedFields: { partNumber: { relation: 'part', field: 'partNumber' } },
  trigramIndex: { table: 'runs_search', fields: ['title'] },
};

export const RUN_STEPS: RecordTable = {
  name: 'run step',
  table: 'run_steps',
  select: `${commonSelect}, run_id AS runId, origin_step_id AS originStepId, title, status, position, content,
    COALESCE((SELECT s.type FROM steps s WHERE s.id = run_steps.origin_step_id), 'CONTENT') AS type,
    0 AS displayPdf, 0 AS isStandardStep, 0 AS isChildStandardStep, 0 AS batched,
    CASE WHEN status <> 'TODO' THEN created_at END AS startTime,
    CASE WHEN status IN ('COMPLETE', 'FAILED', 'CANCELED') THEN updated_at END AS endTime,
    CASE WHEN status <> 'TODO' THEN created_by END AS startedById,
    CASE WHEN status = 'COMPLETE' THEN created_by END AS completedById,
    status IN ('TODO', 'IN_PROGRESS') AS availableToWork, title AS prettyStr`,
  filters: {
    ...common,
    runId: col('run_id', 'id'),
    originStepId: col('origin_step_id', 'id'),
    title: col('title', 'string'),
    status: col('status', 'enum'),
    position: col('position', 'int'),
  },
  sorts: { ...commonSorts, POSITION: 'position' },
  relations: {
    run: { table: () => RUNS, sql: (where) => `run_id IN (SELECT id FROM runs WHERE ${where})` },
    fields: {
      table: () => RUN_STEP_FIELDS,
      sql: (where) => `id IN (SELECT run_step_id FROM run_step_fields WHERE ${where})`,
    },
  },
};

/** The file a FILE_ATTACHMENT field holds: the last one attached to its entity (as record-resolvers reads it). */
const FIELD_ATTACHMENT_ID = `(CASE WHEN run_step_fields.type = 'FILE_ATTACHMENT' THEN (SELECT MAX(fa.id)
  FROM file_attachments fa WHERE fa.entity_id = run_step_fields.entity_id) END)`;

export const RUN_STEP_FIELDS: RecordTable = {
  name: 'run step field',
  table: 'run_step_fields',
  select: `${commonSelect}, run_step_id AS runStepId, name, type, value, unit, required, help_text AS helpText,
    position, options, 0 AS notApplicable, 0 AS allowNotApplicable, 0 AS peerReviewRequired, 1 AS valid,
    1 AS editable, 1 AS settable, 0 AS batched, name AS prettyStr`,
  filters: {
    ...common,
    runStepId: col('run_step_id', 'id'),
    name: col('name', 'string'),
    type: col('type', 'enum'),
    unit: col('unit', 'string'),
    required: col('required', 'bool'),
    helpText: col('help_text', 'string'),
    position: col('position', 'int'),
    fileAttachmentId: col(FIELD_ATTACHMENT_ID, 'id'),
  },
  sorts: { ...commonSorts, POSITION: 'position' },
  relations: {
    step: {
      table: () => RUN_STEPS,
      sql: (where) => `run_step_id IN (SELECT id FROM run_steps WHERE ${where})`,
    },
  },
};

export const FILE_ATTACHMENTS: RecordTable = {
  name: 'file attachment',
  table: 'file_attachments',
  select: `id, entity_id AS entityId, s3_key AS s3Key, filename, content_type AS contentType, etag, size,
    created_by AS createdById, created_by AS updatedById, created_at AS _created, updated_at AS _updated,
    filename AS prettyStr`,
  filters: {
    ...common,
    filename: col('filename', 'string'),
    s3Key: col('s3_key', 'string'),
  },
  sorts: { ...commonSorts },
};
