import { serialInTitle, type SerialRef } from './serialNumbers.ts';

/**
 * What a file captured on a record should say about it once it leaves the app (its name, a photo's
 * EXIF): the unit's serial or lot, the run, the step's position, the field. Facts, not words: every
 * part is optional, and each reader (the capture name, the EXIF description) writes them its own way,
 * the same in every language.
 */
export interface RecordFacts {
  /** The record's own title (a part's, a procedure's…), when it has one. */
  title?: string;
  /** The serial or lot the run's title names (src/records/serialNumbers.ts). */
  serial?: SerialRef;
  /** The run the record is, or belongs to. */
  run?: { id: number; title: string };
  /** The run step the record is, or belongs to; its position in the run when it has one. */
  step?: { id: number; position: number | null };
  /** The run step field the record is. */
  field?: { id: number; name: string };
}

/** A run's facts: its id, its title and the serial or lot the title names. */
export function runFacts(run: { id: number; title: string }): RecordFacts {
  const serial = serialInTitle(run.title);
  return { run: { id: run.id, title: run.title }, ...(serial ? { serial } : {}) };
}
