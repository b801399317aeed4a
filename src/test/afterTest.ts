/**
 * Undo steps test helpers register for the end of the current test (src/test/setup.ts runs them after
 * each one). Test files share a window (vitest.config.ts: isolate false), so whatever a helper attaches
 * to it, such as a scanner's key listener, must go when its test ends, not when the next one starts.
 */
const pending: (() => void)[] = [];

export function afterThisTest(undo: () => void): void {
  pending.push(undo);
}

export function runAfterTestSteps(): void {
  for (const undo of pending.splice(0).reverse()) undo();
}
