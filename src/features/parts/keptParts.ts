import type { ApolloCache } from '@apollo/client';
import type { PartRow } from './partRow.ts';
import type { PartsSearch } from './partsSearch.ts';
import { searchWords } from '../../components/list/likePatterns.ts';

/** At most this many kept parts are listed offline: a search narrows them. */
export const KEPT_PARTS_SHOWN = 100;

/**
 * The parts kept on this tablet (the cache restored from the device: pages of parts and parts opened)
 * that match a search the way the server would: every word in the part number or the description,
 * type and revision exactly. Offline, this is all there is to search.
 */
export function keptPartsMatching(
  cache: ApolloCache,
  search: PartsSearch,
): { rows: PartRow[]; total: number } {
  const words = search.q ? searchWords(search.q) : [];
  const rows: PartRow[] = [];
  for (const value of Object.values(cache.extract() as Record<string, unknown>)) {
    const part = value as Partial<PartRow> & { __typename?: string };
    if (part?.__typename !== 'Part' || typeof part.partNumber !== 'string' || typeof part.id !== 'number')
      continue;
    const text = `${part.partNumber} ${part.description ?? ''}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) continue;
    if (search.type && part.partType !== search.type) continue;
    if (search.rev && (part.revision ?? '').toLowerCase() !== search.rev.toLowerCase()) continue;
    rows.push({
      id: part.id,
      partNumber: part.partNumber,
      revision: part.revision ?? '',
      description: part.description ?? null,
      partType: part.partType ?? '',
    });
  }
  rows.sort((a, b) => a.partNumber.localeCompare(b.partNumber));
  return { rows: rows.slice(0, KEPT_PARTS_SHOWN), total: rows.length };
}
