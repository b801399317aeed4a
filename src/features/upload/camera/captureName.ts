import type { RecordKind, RecordRef } from '../../../records/recordKinds.ts';
import type { RecordFacts } from '../../../records/recordFacts.ts';

/** What the app captures: a still, a video clip, a voice note. */
export type CaptureKind = 'photo' | 'clip' | 'voice';

export interface CaptureOf {
  /** The record the file is captured on, and what is known of its place (an UploadTarget is one). */
  target: { record: RecordRef; facts?: RecordFacts };
  kind: CaptureKind;
  /** Without the dot, e.g. `jpg`, `mp4`, `weba`. */
  extension: string;
  /** When it was captured (local time names it); now by default. */
  at?: Date;
}

/** The record's kind as a name writes it, in letters only (`runstep-10`, never `runStep-10`). */
const KIND_WORD = {
  part: 'part',
  run: 'run',
  procedure: 'procedure',
  step: 'procstep',
  runStep: 'runstep',
  runStepField: 'field',
} as const satisfies Record<RecordKind, string>;

/** Letters, digits and single dashes only: safe in every file system, URL, ZIP and e-mail client. */
function safe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Where the file was captured, as its name starts: the serial (or lot) the record's run names, then
 * the step's position where it has one, else the record's kind and id: `SN0041-step2`,
 * `SN0041-step4-field-12`, `SN0041-run-3`, `part-41`, `runstep-10`.
 */
export function captureSubject({ record, facts }: CaptureOf['target']): string {
  const parts: string[] = [];
  const serial = facts?.serial ? safe(facts.serial.value) : '';
  if (serial) parts.push(`${facts?.serial?.kind === 'lot' ? 'LOT' : 'SN'}${serial}`);
  const position = facts?.step?.position;
  if (position != null) parts.push(`step${position}`);
  if (record.kind === 'runStepField' || position == null)
    parts.push(`${KIND_WORD[record.kind]}-${record.id}`);
  return parts.join('-');
}

/**
 * A captured file's name, from its record: `SN0041-step2-clip-2026-11-29-104207-1.mp4` (where, what,
 * the local time to the second, the `sequence` that tells the files of one burst apart). Safe
 * characters only. The seconds keep names apart where the page's count cannot: after a reload, or
 * on two tablets capturing on one record in the same minute.
 */
export function captureName(of: CaptureOf, sequence: number): string {
  const at = of.at ?? new Date();
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  const extension = safe(of.extension).toLowerCase() || 'bin';
  return `${captureSubject(of.target)}-${of.kind}-${day}-${time}-${sequence}.${extension}`;
}

/** Counts captures of each subject and kind while the page lives: a burst's names never repeat. */
export class CaptureNamer {
  private readonly counts = new Map<string, number>();

  /** The next name for a capture of this kind on this record (its sequence one more than the last). */
  next(of: CaptureOf): string {
    const key = `${captureSubject(of.target)}-${of.kind}`;
    const sequence = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, sequence);
    return captureName(of, sequence);
  }
}

const appNamer = new CaptureNamer();

/**
 * The name of something just captured in the app (a photo, a clip, a voice note): unique on this
 * page, e.g. `SN0041-step2-photo-2026-11-29-104207-3.jpg`. Shown and editable like any name.
 */
export function nextCaptureName(of: CaptureOf): string {
  return appNamer.next(of);
}
