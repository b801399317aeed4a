import type { RecordKind } from './types.ts';

const kindBySegment: Record<string, RecordKind> = {
  parts: 'part',
  runs: 'run',
  procedures: 'procedure',
  steps: 'step',
  'run-steps': 'runStep',
  'run-step-fields': 'runStepField',
};

/** The record a page shows, read from the app's record routes (`/run-steps/7`); null elsewhere. */
export function recordFromPath(pathname: string): { kind: RecordKind; id: number } | null {
  const match = /^\/([a-z-]+)\/(\d+)\/?$/.exec(pathname);
  if (!match) return null;
  const kind = kindBySegment[match[1]!];
  const id = Number(match[2]);
  return kind && Number.isSafeInteger(id) && id > 0 ? { kind, id } : null;
}
