/** The six kinds of record a technician can open, named as their GraphQL queries are. */
export type RecordKind = 'part' | 'run' | 'procedure' | 'step' | 'runStep' | 'runStepField';

export interface RecordKindInfo {
  kind: RecordKind;
  /** What the technician calls it, capitalised for the start of a sentence. */
  label: string;
  /** The app's URL segment for records of this kind, e.g. `/runs/42`. */
  segment: string;
}

export const RECORD_KINDS: readonly RecordKindInfo[] = [
  { kind: 'part', label: 'Part', segment: 'parts' },
  { kind: 'run', label: 'Run', segment: 'runs' },
  { kind: 'procedure', label: 'Procedure', segment: 'procedures' },
  { kind: 'step', label: 'Procedure step', segment: 'steps' },
  { kind: 'runStep', label: 'Run step', segment: 'run-steps' },
  { kind: 'runStepField', label: 'Run step field', segment: 'run-step-fields' },
];

export function recordKindInfo(kind: RecordKind): RecordKindInfo {
  const info = RECORD_KINDS.find((k) => k.kind === kind);
  if (!info) throw new Error(`Unknown record kind ${String(kind)}`);
  return info;
}

export function isRecordKind(value: unknown): value is RecordKind {
  return RECORD_KINDS.some((k) => k.kind === value);
}

/** The app path of one record, e.g. `/run-steps/7`. */
export function recordPath(kind: RecordKind, id: number): string {
  return `/${recordKindInfo(kind).segment}/${id}`;
}

/** The route of each kind's page, for typed links and navigation. */
export const RECORD_ROUTES = {
  part: '/parts/$id',
  run: '/runs/$id',
  procedure: '/procedures/$id',
  step: '/steps/$id',
  runStep: '/run-steps/$id',
  runStepField: '/run-step-fields/$id',
} as const satisfies Record<RecordKind, string>;
