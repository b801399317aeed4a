import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { RecordKind } from '../../records/recordKinds.ts';
import { appIntl } from '../../i18n';

// The same messages (same words and notes, so the same ids) as the record-kind registry's names in
// the finding records' branch (records/recordKinds.ts: recordKindLabel, recordName, recordWithTitle):
// once both are in, these can be its.

const KIND_LABELS = defineMessages({
  part: {
    defaultMessage: 'Part',
    id: 'uc8nBf',
    description: 'A kind of record: a part (an item made or used)',
  },
  run: {
    defaultMessage: 'Run',
    id: 'mlgj5L',
    description: 'A kind of record: a production run (the noun, not the verb)',
  },
  procedure: { defaultMessage: 'Procedure', id: 'EI+w3T', description: 'A kind of record: a work procedure' },
  step: {
    defaultMessage: 'Procedure step',
    id: '6WueIK',
    description: 'A kind of record: a step of a procedure',
  },
  runStep: {
    defaultMessage: 'Run step',
    id: 'BpO+tn',
    description: 'A kind of record: a step of a production run',
  },
  runStepField: {
    defaultMessage: 'Run step field',
    id: 'gZoB23',
    description: 'A kind of record: one field (a value to fill in) of a run step',
  },
}) satisfies Record<RecordKind, MessageDescriptor>;

/** A record by its kind and id, as headings, links and uploads name it: "Run step 7" (id never grouped). */
export function recordName(kind: RecordKind, id: number, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(
    {
      defaultMessage: '{kind} {id}',
      id: '4NB5t9',
      description: 'A record named by its kind and number, e.g. "Run step 7"',
    },
    { kind: intl.formatMessage(KIND_LABELS[kind]), id: String(id) },
  );
}

/** A record's name and its title: "Run step 7: Machine the bore". */
export function recordWithTitle(name: string, title: string, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(
    {
      defaultMessage: '{record}: {title}',
      id: 'pMOoGP',
      description: 'A record named by its kind and number, then its title: "Run 1: BRKT-0001 Rev C, SN 0041"',
    },
    { record: name, title },
  );
}

/** A part by its number and revision: "BRKT-0001 rev C". */
export function partRevision(partNumber: string, revision: string, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(
    {
      defaultMessage: '{partNumber} rev {revision}',
      id: 'zlvufI',
      description: 'A part by its number and revision, e.g. "BRKT-0001 rev C"',
    },
    { partNumber, revision },
  );
}
