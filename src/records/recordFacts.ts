import type { RecordKind, RecordRef } from './recordKinds.ts';
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

/** Each kind in the words a file's own metadata uses (English, like its name's words). */
const KIND_TEXT = {
  part: 'Part',
  run: 'Run',
  procedure: 'Procedure',
  step: 'Procedure step',
  runStep: 'Run step',
  runStepField: 'Run step field',
} as const satisfies Record<RecordKind, string>;

/**
 * What a captured file says it shows, inside it (a photo's EXIF ImageDescription): the run, the
 * serial or lot, the step's position, then the record itself with its title, e.g.
 * `Run 3 · SN 0041 · Step 2 · Run step 10: Machine the bore`; `Part 41: BRKT-0001`.
 */
export function factsDescription(record: RecordRef, facts: RecordFacts = {}): string {
  const items: string[] = [];
  const own = `${KIND_TEXT[record.kind]} ${record.id}${facts.title ? `: ${facts.title}` : ''}`;
  if (facts.run && record.kind !== 'run') items.push(`Run ${facts.run.id}`);
  if (record.kind === 'run') items.push(own);
  if (facts.serial) items.push(`${facts.serial.kind === 'lot' ? 'Lot' : 'SN'} ${facts.serial.value}`);
  if (facts.step?.position != null) items.push(`Step ${facts.step.position}`);
  if (record.kind !== 'run') items.push(own);
  return items.join(' · ');
}
