/**
 * Runs `work` on each item added, `concurrency` at a time; `work` may add items (a run's steps once the
 * run came). `done` settles once the pool is closed and idle: rejected with the first failure (no new
 * item starts after it), after the items in flight end.
 */
export function workPool<T>(
  concurrency: number,
  work: (item: T, add: (item: T) => void) => Promise<void>,
): { add(item: T): void; close(): void; done: Promise<void> } {
  const queue: T[] = [];
  let active = 0;
  let closed = false;
  let failure: { error: unknown } | null = null;
  let settle: () => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const pump = () => {
    while (failure === null && active < concurrency && queue.length > 0) {
      const item = queue.shift()!;
      active += 1;
      work(item, add).then(
        () => {
          active -= 1;
          pump();
        },
        (error: unknown) => {
          failure ??= { error };
          active -= 1;
          pump();
        },
      );
    }
    if (active > 0) return;
    if (failure) fail(failure.error);
    else if (closed && queue.length === 0) settle();
  };
  const add = (item: T) => {
    queue.push(item);
    pump();
  };
  return {
    add,
    close() {
      closed = true;
      pump();
    },
    done,
  };
}
