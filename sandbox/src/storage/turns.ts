/** Tasks run per turn of the event loop before other requests get theirs. */
const TASKS_PER_TURN = 25;

/**
 * Wraps a CPU-bound async function (URL signing) so that many calls at once are run a few per event-loop
 * turn: a query that signs thousands of URLs then shares the process with other requests instead of
 * holding it until the last signature is done.
 */
export function takingTurns<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const waiting: (() => void)[] = [];
  let running = false;

  async function pump(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      // setImmediate after the batch settles: the poll phase (other sockets) runs before the next batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = waiting.splice(0, TASKS_PER_TURN);
      for (const start of batch) start();
    }
    running = false;
  }

  return (...args) =>
    new Promise<R>((resolve, reject) => {
      waiting.push(() => {
        fn(...args).then(resolve, reject);
      });
      if (!running) void pump();
    });
}
