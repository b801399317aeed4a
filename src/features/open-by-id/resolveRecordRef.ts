import { recordName, type RecordKind } from '../../records/recordKinds.ts';
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

/** What resolving may ask the API; each throws when it cannot be asked. */
export interface RecordLookups {
  partIds(partNumber: string): Promise<number[]>;
  runsBySerial(value: string, kind: SerialKind | null): Promise<SerialMatch[]>;
  recordExists(kind: RecordKind, id: number): Promise<boolean>;
}

/** A bare number with leading zeros (`0041`, `#0041`): a serial's digits as labels print them. */
const PADDED_NUMBER = /^#?(0+[1-9]\d*)$/;

/**
 * Where typed or scanned text leads:
 * - a serial or lot label (`SN 0041`, `S/N 0041`, `LOT 24-117`): its run, or a choice when several
 *   runs carry it;
 * - a bare number with leading zeros (`0041`): ids never start with 0, so the run with that serial or
 *   lot; the record with that id as `chosenKind` only when no run carries it, the person asked for
 *   ids (`idsAsked`: the page or the Kind they chose names the kind) and it exists;
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
  idsAsked = false,
): Promise<RecordRefDestination> {
  const padded = PADDED_NUMBER.exec(cleanRef(text))?.[1];
  if (padded !== undefined) return resolvePadded(padded, chosenKind, lookups, idsAsked);
  const label = parseSerialLabel(cleanRef(text));
  if (label) {
    const named = serialText(label);
    let runs: SerialMatch[];
    try {
      runs = await lookups.runsBySerial(label.value, label.kind);
    } catch (error) {
      return { to: 'refused', message: notSearched(named, error) };
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

/** `0041`: the run with that serial or lot; else, where asked for and found, the record with id 41. */
async function resolvePadded(
  digits: string,
  chosenKind: RecordKind,
  lookups: RecordLookups,
  idsAsked: boolean,
): Promise<RecordRefDestination> {
  let runs: SerialMatch[] | null;
  let failure: unknown = null;
  try {
    runs = await lookups.runsBySerial(digits, null);
  } catch (error) {
    runs = null;
    failure = error;
  }
  const run = runs && chooseRun(runs, digits);
  if (run) return run;
  const id = Number(digits);
  if (idsAsked) {
    // Offline neither can be asked: the page then opens its kept copy, or says it has none.
    const exists = await lookups.recordExists(chosenKind, id).catch(() => null);
    if (exists !== false) return { to: 'record', kind: chosenKind, id };
  }
  if (runs === null) return { to: 'refused', message: notSearched(digits, failure) };
  const message = appIntl().formatMessage(
    {
      defaultMessage:
        'No run has serial or lot {value}.{asked, select, true { There is no {record} either.} other {}}',
      id: 'bs1jYa',
      description:
        '{value} is a number with leading zeros as a label prints it ("0041"); {record} names the record with that number as an id ("Part 41")',
    },
    { value: digits, asked: String(idsAsked), record: recordName(chosenKind, id) },
  );
  return { to: 'refused', message };
}

function notSearched(serial: string, error: unknown): string {
  return appIntl().formatMessage(
    {
      defaultMessage: 'Runs could not be searched for {serial}. {reason}',
      id: '2xVVtt',
      description: '{serial} is a serial or lot number ("SN 0041"); {reason} says why, in a sentence',
    },
    { serial, reason: toUserMessage(error) },
  );
}

function chooseRun(runs: SerialMatch[], serial: string): RecordRefDestination | null {
  const [only] = runs;
  if (runs.length === 1 && only) return { to: 'record', kind: 'run', id: only.id };
  if (runs.length > 1) return { to: 'choose', serial, runs };
  return null;
}
