import type { RecordKind } from '../../records/recordKinds.ts';
import { parseSerialLabel, serialText, type SerialKind } from '../../records/serialNumbers.ts';
import type { SerialMatch } from '../runs/index.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { appIntl } from '../../i18n/index.ts';
import { cleanRef, parseRecordRef } from './parseRecordRef.ts';

export type RecordRefDestination =
  | { to: 'record'; kind: RecordKind; id: number }
  | { to: 'parts'; q: string }
  /** Several runs carry the serial or lot: the technician picks one. */
  | { to: 'choose'; serial: string; runs: SerialMatch[] }
  | { to: 'refused'; message: string; partNumber?: string };

/** What resolving may ask the API; both throw when it cannot be asked. */
export interface RecordLookups {
  partIds(partNumber: string): Promise<number[]>;
  runsBySerial(value: string, kind: SerialKind | null): Promise<SerialMatch[]>;
}

/**
 * Where typed or scanned text leads:
 * - a serial or lot label (`SN 0041`, `S/N 0041`, `LOT 24-117`): its run, or a choice when several
 *   runs carry it;
 * - a record it names (`RUN-42`, a bare number as `chosenKind`, a link of this app);
 * - a part number: that part when exactly one has it, the parts search when several do (or the API
 *   could not be asked);
 * - else a bare serial or lot (`1187-1190`) that exactly one run carries, or a choice between several;
 * - else a refusal with the reason.
 */
export async function resolveRecordRef(
  text: string,
  chosenKind: RecordKind,
  appOrigin: string,
  lookups: RecordLookups,
): Promise<RecordRefDestination> {
  const label = parseSerialLabel(cleanRef(text));
  if (label) {
    const named = serialText(label);
    let runs: SerialMatch[];
    try {
      runs = await lookups.runsBySerial(label.value, label.kind);
    } catch (error) {
      const message = appIntl().formatMessage(
        {
          defaultMessage: 'Runs could not be searched for {serial}. {reason}',
          id: '2xVVtt',
          description: '{serial} is a serial or lot number ("SN 0041"); {reason} says why, in a sentence',
        },
        { serial: named, reason: toUserMessage(error) },
      );
      return { to: 'refused', message };
    }
    const none = appIntl().formatMessage(
      {
        defaultMessage: '{kind, select, serial {No run has serial {value}.} other {No run has lot {value}.}}',
        id: 'deM6rr',
        description: 'No run carries this serial or lot number',
      },
      { kind: label.kind, value: label.value },
    );
    return chooseRun(runs, named) ?? { to: 'refused', message: none };
  }

  const parsed = parseRecordRef(text, chosenKind, appOrigin);
  if (parsed.ok) return { to: 'record', kind: parsed.kind, id: parsed.id };
  const { message, partNumber } = parsed;
  if (partNumber === undefined) return { to: 'refused', message };
  let ids: number[];
  try {
    ids = await lookups.partIds(partNumber);
  } catch {
    // The search page asks again and shows why it failed, with a retry.
    return { to: 'parts', q: partNumber };
  }
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) return { to: 'record', kind: 'part', id: only };
  if (ids.length > 1) return { to: 'parts', q: partNumber };
  const runs = await lookups.runsBySerial(partNumber, null).catch(() => []);
  return chooseRun(runs, partNumber) ?? { to: 'refused', message, partNumber };
}

function chooseRun(runs: SerialMatch[], serial: string): RecordRefDestination | null {
  const [only] = runs;
  if (runs.length === 1 && only) return { to: 'record', kind: 'run', id: only.id };
  if (runs.length > 1) return { to: 'choose', serial, runs };
  return null;
}
