import type Database from 'better-sqlite3';

/**
 * Runs added after the catalogue and the generated parts, so that no id or entity id seeded before
 * them moves: two runs sharing one serial (a label that names more than one run), then, for
 * performance work, `seedRuns` generated runs of the generated parts.
 */
export const SHARED_SERIAL = 'SN 0100';

const SHARED_SERIAL_RUNS = [
  { partNumber: 'HSG-0104', procedure: 0, title: `HSG-0104 Rev A, ${SHARED_SERIAL}`, status: 'TODO' },
  {
    partNumber: 'TANK-0010',
    procedure: 1,
    title: `Receiving: TANK-0010 ${SHARED_SERIAL}`,
    status: 'COMPLETE',
  },
] as const;

const GENERATED_STATUSES = ['TODO', 'IN_PROGRESS', 'COMPLETE', 'HOLD', 'FAILED', 'CANCELED'] as const;

/** Generated serials start here: five digits and more, never one of the catalogue's `SN 0041`-style ones. */
const FIRST_GENERATED_SERIAL = 10_000;

interface SeedRunsContext {
  db: Database.Database;
  entity: (kind: 'run') => number;
  insertRun: Database.Statement;
  insertInventory: Database.Statement;
  partIds: ReadonlyMap<string, number>;
  procedureIds: readonly number[];
  userId: number;
  stamp: (minutes: number) => string;
  minute: number;
}

export function seedMoreRuns(context: SeedRunsContext, seedRuns: number): void {
  const { db, entity, insertRun, insertInventory, partIds, procedureIds, userId, stamp } = context;
  let minute = context.minute;
  const add = (partId: number, procedureId: number, title: string, status: string, serial: string) => {
    const at = stamp(minute++);
    const inventoryId = Number(insertInventory.run(partId, serial, null, 1, userId, at, at).lastInsertRowid);
    insertRun.run(
      title,
      status,
      1,
      stamp(minute + 60 * 24 * 30),
      null,
      partId,
      procedureId,
      status === 'COMPLETE' ? 100 : 0,
      inventoryId,
      userId,
      at,
      at,
      entity('run'),
    );
  };
  for (const run of SHARED_SERIAL_RUNS) {
    add(partIds.get(run.partNumber)!, procedureIds[run.procedure]!, run.title, run.status, SHARED_SERIAL);
  }
  if (seedRuns <= 0) return;
  // Generated parts in id order, the catalogue's first: each generated run builds one of them.
  const parts = db.prepare('SELECT id, part_number, revision FROM parts ORDER BY id LIMIT 5000').all() as {
    id: number;
    part_number: string;
    revision: string;
  }[];
  for (let i = 0; i < seedRuns; i++) {
    const part = parts[(i * 7) % parts.length]!;
    const serial = `SN ${FIRST_GENERATED_SERIAL + i}`;
    add(
      part.id,
      procedureIds[i % procedureIds.length]!,
      `${part.part_number} Rev ${part.revision}, ${serial}`,
      GENERATED_STATUSES[i % GENERATED_STATUSES.length]!,
      serial,
    );
  }
}
