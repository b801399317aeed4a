/** Waits for the browser's next task: what microtasks have queued until then (a request's start) has run. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Opens a page whose route's loader asks for its record: the loader is run first (`preload`, which
 * starts the record's request), then, a task later, the page changes (`go`). Changing the URL makes
 * React render the shell and the page being left at once, in a microtask; started together, that
 * render (about 120 ms on a tablet-class CPU) ran before the record's request left, since the
 * request takes a few microtasks of its own (the access token, the link chain) to reach `fetch`.
 * A preload that fails is left to the navigation, which runs the loader again and shows any error.
 */
export async function askBeforeNavigating(
  preload: () => Promise<unknown>,
  go: () => Promise<void>,
  wait: () => Promise<void> = nextTask,
): Promise<void> {
  preload().catch(() => undefined);
  await wait();
  await go();
}
