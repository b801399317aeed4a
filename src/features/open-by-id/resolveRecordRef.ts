import type { RecordKind } from '../../records/recordKinds.ts';
import { parseRecordRef } from './parseRecordRef.ts';

export type RecordRefDestination =
  | { to: 'record'; kind: RecordKind; id: number }
  | { to: 'parts'; q: string }
  | { to: 'refused'; message: string; partNumber?: string };

/**
 * Where typed or scanned text leads: the record it names; else, for what may be a part number, that
 * part when exactly one has it, the parts search when several do (or the API could not be asked);
 * else a refusal with the reason.
 */
export async function resolveRecordRef(
  text: string,
  chosenKind: RecordKind,
  appOrigin: string,
  findPartIds: (partNumber: string) => Promise<number[]>,
): Promise<RecordRefDestination> {
  const parsed = parseRecordRef(text, chosenKind, appOrigin);
  if (parsed.ok) return { to: 'record', kind: parsed.kind, id: parsed.id };
  const { message, partNumber } = parsed;
  if (partNumber === undefined) return { to: 'refused', message };
  let ids: number[];
  try {
    ids = await findPartIds(partNumber);
  } catch {
    // The search page asks again and shows why it failed, with a retry.
    return { to: 'parts', q: partNumber };
  }
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) return { to: 'record', kind: 'part', id: only };
  if (ids.length > 1) return { to: 'parts', q: partNumber };
  return { to: 'refused', message, partNumber };
}
