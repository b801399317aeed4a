// Over 400 lines for a reason: one seed, written in the order the foreign keys need (users, parts,
// procedures and their steps, runs and their steps and fields) and read top to bottom; the catalogue's
// data is factory-catalogue.ts and the generated load runs seed-runs.ts.
import type Database from 'better-sqlite3';
import { ORGANIZATION, USERS } from '../identities.ts';
import {
  CATALOGUE_PARTS,
  CATALOGUE_PROCEDURES,
  CATALOGUE_RUNS,
  GENERATED_FAMILIES,
  GENERATED_MATERIALS,
  GENERATED_QUALIFIERS,
  SUPPLIER_PART_NUMBERS,
  type CatalogueRun,
} from './factory-catalogue.ts';
import type { EntityKind } from './entities.ts';
import { PARTS, RUNS, type RecordTable } from './record-tables.ts';
import { seedMoreRuns } from './seed-runs.ts';

export interface SeedOptions {
  /** Total number of parts (the catalogue's parts count towards it; never fewer than the catalogue). */
  seedParts: number;
  /**
   * FILE_ATTACHMENT fields of one extra run step (in an extra run), for measuring a step with many
   * evidence slots; 0 (the default) adds nothing.
   */
  evidenceFields?: number;
  /**
   * Steps of one extra run, each with a FILE_ATTACHMENT field and a number field, for measuring a long
   * run pinned for offline use; 0 (the default) adds nothing.
   */
  runSteps?: number;
  /** Runs generated beyond the catalogue's (for the runs list's performance work); 0 by default. */
  seedRuns?: number;
}

/** Title of the extra run that holds the `evidenceFields` step, for finding it through the API. */
export const EVIDENCE_RUN_TITLE = 'Evidence load run';
/** Title of the extra run that holds the `runSteps` steps. */
export const STEP_LOAD_RUN_TITLE = 'Step load run';

/**
 * Entity ids, as in the real service: one sequence shared by every kind of record from 1, so they
 * overlap the records' own ids (attaching to a record's own id by mistake lands on some other
 * record's entity: created, but not on the intended parent). The users come first with their entity
 * ids rotated (user 1 gets 2, user 2 gets 1), so that no record's entity id equals its own id.
 */
function userEntityId(index: number): number {
  return ((index + 1) % USERS.length) + 1;
}

const SEED_USER_ID = 1;
const SEED_EPOCH = Date.parse('2026-09-01T08:00:00.000Z');
const stamp = (minutes: number): string => new Date(SEED_EPOCH + minutes * 60_000).toISOString();

type StepStatus = 'TODO' | 'IN_PROGRESS' | 'COMPLETE' | 'HOLD' | 'FAILED' | 'CANCELED';

/** The status of each run step, from the run's status, so that run pages look like work in progress. */
function runStepStatuses(run: CatalogueRun, count: number): StepStatus[] {
  const done = Math.floor(count / 2);
  return Array.from({ length: count }, (_, i): StepStatus => {
    switch (run.status) {
      case 'COMPLETE':
        return 'COMPLETE';
      case 'TODO':
        return 'TODO';
      case 'CANCELED':
        return 'CANCELED';
      case 'IN_PROGRESS':
        return i < done ? 'COMPLETE' : i === done ? 'IN_PROGRESS' : 'TODO';
      case 'HOLD':
        return i < done ? 'COMPLETE' : i === done ? 'HOLD' : 'TODO';
      case 'FAILED':
        return i < done ? 'COMPLETE' : i === done ? 'FAILED' : 'TODO';
    }
  });
}

/**
 * Drops the triggers that keep a trigram index in step with its table (named `<index>_*`, see
 * migration 2) and returns a function that creates them again from their own SQL in sqlite_schema and
 * then indexes the whole table in one 'rebuild'. Call both within one transaction, so a failure in
 * between rolls the drop back too.
 *
 * Why: FTS5 flushes its pending terms to disk at every statement of a transaction (its xSavepoint), so
 * with the triggers each one-row INSERT left a tiny index segment to merge: 100k parts took ~13 s
 * instead of ~2 s, and the one rebuild at the end costs ~0.6 s.
 */
function deferIndexing(db: Database.Database, table: RecordTable): () => void {
  const index = table.trigramIndex?.table;
  if (!index) return () => {};
  const triggers = db
    .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ? AND name GLOB ?")
    .all(table.table, `${index}_*`) as { name: string; sql: string }[];
  for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
  return () => {
    for (const trigger of triggers) db.exec(trigger.sql);
    db.exec(`INSERT INTO ${index} (${index}) VALUES ('rebuild')`);
  };
}

/** Fills a new database in one transaction: organization, users, a small factory, then bulk parts. */
export function seed(db: Database.Database, options: SeedOptions): void {
  const newEntity = db.prepare('INSERT INTO entities (type) VALUES (?)');
  const entity = (kind: EntityKind): number => Number(newEntity.run(kind).lastInsertRowid);
  const insertOrg = db.prepare('INSERT INTO organizations (id, name, domain) VALUES (?, ?, ?)');
  const insertUser = db.prepare(
    'INSERT INTO users (id, organization_id, email, name, role, entity_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertPart = db.prepare(`INSERT INTO parts (part_number, revision, description, part_type,
      tracking_type, sourcing_strategy, cost, lead_time, supplier_part_number, quantity, created_by, created_at,
      updated_at, entity_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertInventory =
    db.prepare(`INSERT INTO part_inventories (part_id, serial_number, lot_number, quantity,
      created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertProcedure = db.prepare(`INSERT INTO procedures (title, version, status, type, description,
      created_by, created_at, updated_at, entity_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertProcedurePart = db.prepare('INSERT INTO procedure_parts (procedure_id, part_id) VALUES (?, ?)');
  const insertStep = db.prepare(`INSERT INTO steps (procedure_id, title, position, type, content,
      created_by, created_at, updated_at, entity_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertRun = db.prepare(`INSERT INTO runs (title, status, quantity, due_date, description, part_id,
      procedure_id, percent_complete, part_inventory_id, created_by, created_at, updated_at, entity_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertRunStep = db.prepare(`INSERT INTO run_steps (run_id, origin_step_id, title, status, position,
      content, created_by, created_at, updated_at, entity_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertField = db.prepare(`INSERT INTO run_step_fields (run_step_id, name, type, value, unit, required,
      help_text, position, options, created_by, created_at, updated_at, entity_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

  db.transaction(() => {
    const indexParts = deferIndexing(db, PARTS);
    const indexRuns = deferIndexing(db, RUNS);
    insertOrg.run(ORGANIZATION.id, ORGANIZATION.name, ORGANIZATION.domain);
    const newUserEntity = db.prepare("INSERT INTO entities (id, type) VALUES (?, 'user')");
    USERS.forEach((user, i) => {
      const entityId = userEntityId(i);
      if (entityId === user.id) throw new Error(`seed user ${user.id} would have its own id as entity id`);
      newUserEntity.run(entityId);
      insertUser.run(user.id, ORGANIZATION.id, user.email, user.name, user.role, entityId);
    });

    let minute = 0;
    const partIds = new Map<string, number>();
    for (const p of CATALOGUE_PARTS) {
      const at = stamp(minute++);
      const id = insertPart.run(
        p.partNumber,
        p.revision,
        p.description,
        p.partType,
        p.trackingType,
        p.sourcing,
        p.cost,
        p.leadTime,
        SUPPLIER_PART_NUMBERS[p.partNumber] ?? null,
        p.trackingType === 'LOT' ? 200 : 3, // on hand
        SEED_USER_ID,
        at,
        at,
        entity('part'),
      ).lastInsertRowid;
      partIds.set(p.partNumber, Number(id));
    }

    const procedures: { id: number; stepIds: number[] }[] = [];
    for (const proc of CATALOGUE_PROCEDURES) {
      const at = stamp(minute++);
      const id = Number(
        insertProcedure.run(
          proc.title,
          proc.version,
          proc.status,
          proc.type,
          proc.description,
          SEED_USER_ID,
          at,
          at,
          entity('procedure'),
        ).lastInsertRowid,
      );
      for (const partNumber of proc.parts) insertProcedurePart.run(id, partIds.get(partNumber));
      const stepIds = proc.steps.map((step, position) =>
        Number(
          insertStep.run(
            id,
            step.title,
            position + 1,
            step.type,
            step.content,
            SEED_USER_ID,
            at,
            at,
            entity('step'),
          ).lastInsertRowid,
        ),
      );
      procedures.push({ id, stepIds });
    }

    for (const run of CATALOGUE_RUNS) {
      const at = stamp(minute++);
      const proc = CATALOGUE_PROCEDURES[run.procedure];
      const procIds = procedures[run.procedure];
      if (!proc || !procIds) throw new Error(`seed run "${run.title}" names a missing procedure`);
      const statuses = runStepStatuses(run, proc.steps.length);
      const complete = statuses.filter((s) => s === 'COMPLETE').length;
      const inventoryId =
        run.serialNumber || run.lotNumber
          ? Number(
              insertInventory.run(
                partIds.get(run.partNumber),
                run.serialNumber ?? null,
                run.lotNumber ?? null,
                run.quantity,
                SEED_USER_ID,
                at,
                at,
              ).lastInsertRowid,
            )
          : null;
      const runId = Number(
        insertRun.run(
          run.title,
          run.status,
          run.quantity,
          run.dueDate,
          run.description,
          partIds.get(run.partNumber),
          procIds.id,
          Math.round((complete / proc.steps.length) * 100),
          inventoryId,
          SEED_USER_ID,
          at,
          at,
          entity('run'),
        ).lastInsertRowid,
      );
      proc.steps.forEach((step, i) => {
        const status = statuses[i] ?? 'TODO';
        const runStepId = Number(
          insertRunStep.run(
            runId,
            procIds.stepIds[i],
            step.title,
            status,
            i + 1,
            step.content,
            SEED_USER_ID,
            at,
            at,
            entity('run_step'),
          ).lastInsertRowid,
        );
        step.fields.forEach((field, j) => {
          const value = status === 'COMPLETE' && field.value !== null ? JSON.stringify(field.value) : null;
          insertField.run(
            runStepId,
            field.name,
            field.type,
            value,
            field.unit ?? null,
            field.required ? 1 : 0,
            field.helpText ?? null,
            j + 1,
            field.options ? JSON.stringify(field.options) : null,
            SEED_USER_ID,
            at,
            at,
            entity('run_step_field'),
          );
        });
      });
    }

    /**
     * A load-test run copied from the first catalogue run (its part and procedure): `steps` run steps,
     * each with its fields as [name, type, unit, required, help text].
     */
    type LoadField = readonly [string, string, string | null, boolean, string | null];
    const insertLoadRun = (
      title: string,
      description: string,
      steps: readonly { title: string; status: string; fields: readonly LoadField[] }[],
    ) => {
      const run = CATALOGUE_RUNS[0];
      const procIds = procedures[run?.procedure ?? -1];
      if (!run || !procIds) throw new Error(`${title} needs a catalogue run to copy`);
      const at = stamp(minute++);
      const runId = Number(
        insertRun.run(
          title,
          'IN_PROGRESS',
          1,
          run.dueDate,
          description,
          partIds.get(run.partNumber),
          procIds.id,
          0,
          null,
          SEED_USER_ID,
          at,
          at,
          entity('run'),
        ).lastInsertRowid,
      );
      steps.forEach((step, i) => {
        const stepId = Number(
          insertRunStep.run(
            runId,
            procIds.stepIds[i % procIds.stepIds.length],
            step.title,
            step.status,
            i + 1,
            null,
            SEED_USER_ID,
            at,
            at,
            entity('run_step'),
          ).lastInsertRowid,
        );
        step.fields.forEach(([name, type, unit, required, helpText], j) =>
          insertField.run(
            stepId,
            name,
            type,
            null,
            unit,
            required ? 1 : 0,
            helpText,
            j + 1,
            null,
            SEED_USER_ID,
            at,
            at,
            entity('run_step_field'),
          ),
        );
      });
    };

    const evidenceFields = options.evidenceFields ?? 0;
    if (evidenceFields > 0) {
      insertLoadRun(EVIDENCE_RUN_TITLE, `One step with ${evidenceFields} file fields.`, [
        {
          title: 'Record the evidence',
          status: 'IN_PROGRESS',
          fields: Array.from({ length: evidenceFields }, (_, j): LoadField => [
            `Evidence ${String(j + 1).padStart(2, '0')}`,
            'FILE_ATTACHMENT',
            null,
            j < evidenceFields / 2,
            'A photo of the item',
          ]),
        },
      ]);
    }

    const runSteps = options.runSteps ?? 0;
    if (runSteps > 0) {
      insertLoadRun(
        STEP_LOAD_RUN_TITLE,
        `${runSteps} steps, each with a photo and a torque.`,
        Array.from({ length: runSteps }, (_, i) => ({
          title: `Step ${i + 1} of the long run`,
          status: 'TODO',
          fields: [
            ['Photo of the work', 'FILE_ATTACHMENT', null, true, null],
            ['Torque', 'NUMBER', 'N·m', true, null],
          ] as const,
        })),
      );
    }

    const generated = Math.max(0, options.seedParts - CATALOGUE_PARTS.length);
    const families = GENERATED_FAMILIES.length;
    for (let i = 0; i < generated; i++) {
      const family = GENERATED_FAMILIES[i % families]!;
      const serial = Math.floor(i / families);
      const at = stamp(minute + Math.floor(i / 10));
      const sourcing = (['MAKE', 'BUY', 'DUAL_SOURCE'] as const)[(i * 7) % 3];
      insertPart.run(
        `${family.prefix}-${String(2000 + serial).padStart(4, '0')}`,
        'ABC'[serial % 3],
        `${family.noun}, ${GENERATED_QUALIFIERS[serial % GENERATED_QUALIFIERS.length]}, ${
          GENERATED_MATERIALS[(i * 5) % GENERATED_MATERIALS.length]
        }`,
        family.partType,
        family.tracking,
        sourcing,
        ((i * 7919) % 250_000) / 100,
        3 + ((i * 13) % 60),
        sourcing === 'MAKE' ? null : `V${String(10_000 + ((i * 4099) % 90_000))}-${family.prefix}`,
        (i * 37) % 500,
        SEED_USER_ID,
        at,
        at,
        entity('part'),
      );
    }

    seedMoreRuns(
      {
        db,
        entity,
        insertRun,
        insertInventory,
        partIds,
        procedureIds: procedures.map((p) => p.id),
        userId: SEED_USER_ID,
        stamp,
        minute: minute + Math.ceil(generated / 10) + 1,
      },
      options.seedRuns ?? 0,
    );

    indexParts();
    indexRuns();
  })();
}
