import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { serialInTitle, serialText } from '../../records/serialNumbers.ts';
import { RunRowFields } from './runsListQuery.ts';

/** What a runs row shows, read from its fragment. */
export interface RunRowView {
  id: number;
  /** The serial or lot the title names (`SN 0041`), else the title itself. */
  serial: string;
  title: string;
  part: { id: number; text: string } | null;
  procedure: { id: number; text: string } | null;
  status: string | null;
  /** Steps that still miss a required file. */
  missingEvidence: number;
}

export function runRowView(run: FragmentType<typeof RunRowFields>): RunRowView {
  const data = getFragmentData(RunRowFields, run);
  const serial = serialInTitle(data.title);
  return {
    id: data.id,
    serial: serial ? serialText(serial) : data.title,
    title: data.title,
    part: data.part ? { id: data.part.id, text: `${data.part.partNumber} rev ${data.part.revision}` } : null,
    procedure: data.procedure ? { id: data.procedure.id, text: data.procedure.title } : null,
    status: data.status ?? null,
    missingEvidence: (data.missingEvidence ?? []).filter(Boolean).length,
  };
}

/** "2 steps miss files", "None missing". */
export function missingEvidenceText(count: number): string {
  if (count === 0) return 'None missing';
  return `${count} ${count === 1 ? 'step misses' : 'steps miss'} files`;
}
