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

export interface RecordTable {
  name: string;
  table: string;
  select: string;
  filters: Readonly<Record<string, ColumnSpec>>;
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
const commonSelect =
  'id, entity_id AS entityId, created_by AS createdById, created_at AS _created, updated_at AS _updated';

export const PARTS: RecordTable = {
  name: 'part',
  table: 'parts',
  select: `${commonSelect}, part_number AS partNumber, revision, description, part_type AS partType,
    tracking_type AS trackingType, sourcing_strategy AS sourcingStrategy, cost, lead_time AS leadTime`,
  filters: {
    ...common,
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
  select: `${commonSelect}, title, version, status, type, description`,
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
  select: `${commonSelect}, procedure_id AS procedureId, title, position, type, content`,
  filters: {
    ...common,
    procedureId: col('procedure_id', 'id'),
    title: col('title', 'string'),
    position: col('position', 'int'),
    type: col('type', 'enum'),
  },
  sorts: { ...commonSorts, POSITION: 'position' },
};

export const RUNS: RecordTable = {
  name: 'run',
  table: 'runs',
  select: `${commonSelect}, title, status, quantity, due_date AS dueDate, description, part_id AS partId,
    procedure_id AS procedureId, percent_complete AS percentComplete`,
  filters: {
    ...common,
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
};

export const RUN_STEPS: RecordTable = {
  name: 'run step',
  table: 'run_steps',
  select: `${commonSelect}, run_id AS runId, origin_step_id AS originStepId, title, status, position, content`,
  filters: {
    ...common,
    runId: col('run_id', 'id'),
    originStepId: col('origin_step_id', 'id'),
    title: col('title', 'string'),
    status: col('status', 'enum'),
    position: col('position', 'int'),
  },
  sorts: { ...commonSorts, POSITION: 'position' },
};

export const RUN_STEP_FIELDS: RecordTable = {
  name: 'run step field',
  table: 'run_step_fields',
  select: `${commonSelect}, run_step_id AS runStepId, name, type, value, unit, required, help_text AS helpText,
    position`,
  filters: {
    ...common,
    runStepId: col('run_step_id', 'id'),
    name: col('name', 'string'),
    type: col('type', 'enum'),
    unit: col('unit', 'string'),
    required: col('required', 'bool'),
    helpText: col('help_text', 'string'),
    position: col('position', 'int'),
  },
  sorts: { ...commonSorts, POSITION: 'position' },
};

export const FILE_ATTACHMENTS: RecordTable = {
  name: 'file attachment',
  table: 'file_attachments',
  select: `id, entity_id AS entityId, s3_key AS s3Key, filename, content_type AS contentType, etag, size,
    created_by AS createdById, created_at AS _created, updated_at AS _updated`,
  filters: {
    ...common,
    filename: col('filename', 'string'),
    s3Key: col('s3_key', 'string'),
  },
  sorts: { ...commonSorts },
};
