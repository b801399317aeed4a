import type { IntlShape } from 'react-intl';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { serialInTitle, serialText } from '../../records/serialNumbers.ts';
import { partRevision } from '../../records/recordKinds.ts';
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

/** "BRKT-0001 rev C": a part by its number and revision. */
export function partRevisionText(part: { partNumber: string; revision: string }, intl: IntlShape): string {
  return partRevision(part.partNumber, part.revision, intl);
}

export function runRowView(run: FragmentType<typeof RunRowFields>, intl: IntlShape): RunRowView {
  const data = getFragmentData(RunRowFields, run);
  const serial = serialInTitle(data.title);
  return {
    id: data.id,
    serial: serial ? serialText(serial, intl) : data.title,
    title: data.title,
    part: data.part ? { id: data.part.id, text: partRevisionText(data.part, intl) } : null,
    procedure: data.procedure ? { id: data.procedure.id, text: data.procedure.title } : null,
    status: data.status ?? null,
    missingEvidence: (data.missingEvidence ?? []).filter(Boolean).length,
  };
}

/** "2 steps miss files", "None missing". */
export function missingEvidenceText(count: number, intl: IntlShape): string {
  return intl.formatMessage(
    {
      defaultMessage:
        '{count, plural, =0 {None missing} one {# step misses files} other {# steps miss files}}',
      id: '3WrzRX',
      description: "A run's steps that still miss a required file (a column of the runs list)",
    },
    { count },
  );
}
