/**
 * Where the sandbox reads the time for everything that expires: access tokens, upload tickets, signed URLs,
 * the upload sweep and the sign-in throttles. Tests pass a clock they can move forward instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Whole seconds this clock runs ahead of the system clock (0 for the system clock). */
export function secondsAhead(clock: Clock): number {
  return Math.round((clock.now() - Date.now()) / 1000);
}
