import type { Db } from '../db/db.ts';

/**
 * The most items each unpaginated list field returns for any one parent, as the data stands now, so the
 * cost limit counts what a query can really return instead of a guess. One grouped count per relation.
 */
const LARGEST_GROUP: Record<string, string> = {
  attachments: 'SELECT COUNT(*) AS n FROM file_attachments GROUP BY entity_id ORDER BY n DESC LIMIT 1',
  partProcedures: 'SELECT COUNT(*) AS n FROM procedure_parts GROUP BY part_id ORDER BY n DESC LIMIT 1',
  procedureParts: 'SELECT COUNT(*) AS n FROM procedure_parts GROUP BY procedure_id ORDER BY n DESC LIMIT 1',
  partRuns: 'SELECT COUNT(*) AS n FROM runs GROUP BY part_id ORDER BY n DESC LIMIT 1',
  procedureRuns: 'SELECT COUNT(*) AS n FROM runs GROUP BY procedure_id ORDER BY n DESC LIMIT 1',
  procedureSteps: 'SELECT COUNT(*) AS n FROM steps GROUP BY procedure_id ORDER BY n DESC LIMIT 1',
  runSteps: 'SELECT COUNT(*) AS n FROM run_steps GROUP BY run_id ORDER BY n DESC LIMIT 1',
  runStepFields: 'SELECT COUNT(*) AS n FROM run_step_fields GROUP BY run_step_id ORDER BY n DESC LIMIT 1',
};

const FIELD_RELATION: Record<string, keyof typeof LARGEST_GROUP> = {
  'Entity.fileAttachments': 'attachments',
  'Part.fileAttachments': 'attachments',
  'Run.fileAttachments': 'attachments',
  'RunStep.fileAttachments': 'attachments',
  'Part.procedures': 'partProcedures',
  'Part.runs': 'partRuns',
  'Procedure.parts': 'procedureParts',
  'Procedure.runs': 'procedureRuns',
  'Procedure.steps': 'procedureSteps',
  'Run.steps': 'runSteps',
  'RunStep.fields': 'runStepFields',
};

/** Assumed for a list field this module does not know: generous, so a new field errs on the safe side. */
export const UNKNOWN_LIST_BOUND = 100;

/** `Type.field` → the largest list it can return now; read once per operation. */
export type ListBounds = (typeAndField: string) => number;

export function readListBounds(db: Db): ListBounds {
  const cache = new Map<string, number>();
  return (typeAndField) => {
    const relation = FIELD_RELATION[typeAndField];
    if (!relation) return UNKNOWN_LIST_BOUND;
    let bound = cache.get(relation);
    if (bound === undefined) {
      bound = Number(db.prepare(LARGEST_GROUP[relation]!).pluck().get() ?? 0);
      cache.set(relation, bound);
    }
    return bound;
  };
}
