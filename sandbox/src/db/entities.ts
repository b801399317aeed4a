import type { Db } from './db.ts';

/** The kinds of record that own an entity (files attach to entities). */
export type EntityKind = 'user' | 'part' | 'procedure' | 'step' | 'run' | 'run_step' | 'run_step_field';

export interface EntityRow {
  id: number;
  type: EntityKind;
}

export function findEntity(db: Db, id: number): EntityRow | undefined {
  return db.prepare('SELECT id, type FROM entities WHERE id = ?').get(id) as EntityRow | undefined;
}
