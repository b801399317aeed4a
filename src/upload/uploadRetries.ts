import { backoffDelay } from '../lib/backoff.ts';
import { FAILURE_WORDS } from '../failures/failures.ts';
import { UploadError, isUploadError } from './uploadErrors.ts';
import type { RetryPolicy, UploadQueueOptions } from './uploadPorts.ts';
import { type UploadWait } from './types.ts';
import { samePerson, type Person } from '../lib/person.ts';

export type RetryDeps = Pick<
  UploadQueueOptions,
  'connectivity' | 'session' | 'person' | 'resume' | 'clock' | 'random'
> & { backoff: RetryPolicy };

/** One file's step as the retries see it: whose it is, how it is stopped, and where to say why it waits. */
export interface StepContext {
  owner: Person;
  signal: AbortSignal;
  /** Says why the file is not moving now (`waiting` undefined: it moves again), and what failed. */
  onWait(patch: { waiting: UploadWait | undefined; reason?: string }): void;
}

/**
 * Waiting and trying again, in one place (the role of Uppy's RateLimitedQueue): offline periods,
 * sign-in, bounded backoff for transient failures, and the server's `Retry-After`. A server that asks
 * one file to come back later is asking the whole page: every file's next step waits until then.
 */
export class UploadRetries {
  /** Until when (clock time) the server asked this page to send nothing. */
  private pausedUntil = 0;

  constructor(private readonly deps: RetryDeps) {}

  /** Runs one step, riding out offline periods, sign-in and transient failures (bounded). */
  async run<T>(context: StepContext, step: () => Promise<T>): Promise<T> {
    const { connectivity, session, clock, backoff, random, person } = this.deps;
    const { signal, onWait } = context;
    let retries = 0;
    for (;;) {
      // Checked before every step: a file goes only with the token of the person who dropped it.
      const signedIn = person.current();
      if (!signedIn) {
        onWait({ waiting: 'sign-in' });
        await session.whenSignedIn(signal);
        onWait({ waiting: undefined });
        continue;
      }
      if (!samePerson(signedIn, context.owner)) {
        throw new UploadError('not-owner', 'Waiting for the person who dropped it.');
      }
      if (!connectivity.isOnline()) {
        // Queued at once and saying why: offline, or online with a server that does not answer.
        onWait({ waiting: connectivity.isServerUnreachable?.() ? 'server' : 'network' });
        await connectivity.whenOnline(signal);
        onWait({ waiting: undefined });
      }
      await this.whilePaused(context);
      try {
        return await step();
      } catch (error) {
        throwIfAborted(signal);
        const failure = isUploadError(error) ? error : new UploadError('permanent', FAILURE_WORDS.unknown);
        if (failure.kind === 'transient' && !connectivity.isOnline()) continue;
        // Asked again from the top: whoever is signed in now decides whether it goes (not-owner).
        if (failure.kind === 'interrupted') continue;
        if (failure.kind === 'sign-in') {
          onWait({ waiting: 'sign-in' });
          await this.untilResumed(signal, (wait) => session.whenSignedIn(wait));
          onWait({ waiting: undefined });
          continue;
        }
        if (failure.kind !== 'transient' || retries >= backoff.maxRetries) throw failure;
        onWait({ waiting: 'retry', reason: failure.message });
        const delay = Math.max(backoffDelay(++retries, backoff, random), failure.retryAfterMs ?? 0);
        // A server that said when to come back is waited for (by every file); otherwise the network
        // coming back or the page being shown again ends the wait early.
        if (failure.retryAfterMs) {
          this.pausedUntil = Math.max(this.pausedUntil, clock.now() + delay);
          await clock.sleep(delay, signal);
        } else {
          await this.untilResumed(signal, (wait) => clock.sleep(delay, wait));
        }
        onWait({ waiting: undefined, reason: undefined });
      }
    }
  }

  /**
   * Whether a step of `owner`'s file would go at once: the checks `run` makes before every step (the
   * person who dropped it is signed in, the API can be reached, the server asked for no pause), none
   * of which would make it wait.
   */
  mayGoNow(owner: Person): boolean {
    const { person, connectivity, clock } = this.deps;
    const signedIn = person.current();
    return (
      signedIn !== null &&
      samePerson(signedIn, owner) &&
      connectivity.isOnline() &&
      this.pausedUntil <= clock.now()
    );
  }

  /** Holds a step back while the server's `Retry-After` runs. */
  private async whilePaused({ signal, onWait }: StepContext): Promise<void> {
    const left = this.pausedUntil - this.deps.clock.now();
    if (left <= 0) return;
    onWait({ waiting: 'retry', reason: FAILURE_WORDS.busy });
    await this.deps.clock.sleep(left, signal);
    onWait({ waiting: undefined, reason: undefined });
  }

  /** Runs a wait that ends early when the page resumes (online, shown again); aborts as the file does. */
  private async untilResumed(
    signal: AbortSignal,
    wait: (signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const early = new AbortController();
    const onAbort = () => early.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const stop = this.deps.resume.onResume(() => early.abort(new UploadError('aborted', 'Resumed')));
    try {
      await wait(early.signal);
    } catch (error) {
      if (signal.aborted || !early.signal.aborted) throw error;
    } finally {
      stop();
      signal.removeEventListener('abort', onAbort);
    }
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new UploadError('aborted', 'Cancelled');
}
