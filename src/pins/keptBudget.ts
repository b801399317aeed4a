/** One copy kept for offline viewing, as the budget sees it. */
export interface BudgetedCopy {
  /** The attachment's id. */
  id: number;
  bytes: number;
  /** Clock time the copy was stored. */
  keptAt: number;
  /** The pins (`kind:id`) that asked for it; a copy none of the current pins asks for is unpinned. */
  pins: readonly string[];
}

/**
 * Which copies to delete so the rest fit in `budgetBytes` (ids, in the order to delete them): the oldest
 * copies no current pin asks for first, then the copies of the oldest pins (a copy two pins share counts
 * as the newer one's), the oldest copy first within a pin. Nothing when everything fits. Pure.
 */
export function copiesOverBudget(
  copies: readonly BudgetedCopy[],
  pinnedAt: ReadonlyMap<string, number>,
  budgetBytes: number,
): number[] {
  let total = copies.reduce((sum, copy) => sum + copy.bytes, 0);
  if (total <= budgetBytes) return [];
  const ranked = copies.map((copy) => {
    const times = copy.pins.flatMap((pin) => {
      const at = pinnedAt.get(pin);
      return at === undefined ? [] : [at];
    });
    return { copy, pinned: times.length > 0, pinTime: times.length > 0 ? Math.max(...times) : 0 };
  });
  ranked.sort(
    (a, b) =>
      Number(a.pinned) - Number(b.pinned) ||
      a.pinTime - b.pinTime ||
      a.copy.keptAt - b.copy.keptAt ||
      a.copy.id - b.copy.id,
  );
  const evicted: number[] = [];
  for (const { copy } of ranked) {
    if (total <= budgetBytes) break;
    evicted.push(copy.id);
    total -= copy.bytes;
  }
  return evicted;
}
