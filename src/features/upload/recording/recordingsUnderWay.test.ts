import { describe, expect, it } from 'vitest';
import { keepEveryRecording, recordingsNow, recordingUnderWay } from './recordingsUnderWay.ts';

/** A recording's hand-in the test settles itself, counting how often it was asked to stop. */
function recording() {
  let settle!: () => void;
  const handedIn = new Promise<void>((resolve) => (settle = resolve));
  const asked = { times: 0 };
  const underWay = recordingUnderWay(() => {
    asked.times += 1;
    return handedIn;
  });
  return {
    asked,
    underWay,
    finish() {
      underWay.handedIn();
      settle();
    },
  };
}

describe('recordings under way (what a sign-out stops and waits for)', () => {
  it('counts a recording until it stops, and a sign-out waits until each one is the queue’s', async () => {
    const clip = recording();
    const voice = recording();
    expect(recordingsNow()).toBe(2);
    voice.underWay.stopped();
    // Stopped, it is a pending shot until queued: no longer counted here (never counted twice).
    expect(recordingsNow()).toBe(1);

    let kept = false;
    const signOut = keepEveryRecording().then(() => (kept = true));
    await Promise.resolve();
    // Both asked to stop and hand in, the stopped one too (it may still be being finished).
    expect([clip.asked.times, voice.asked.times]).toEqual([1, 1]);
    clip.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(kept).toBe(false);
    voice.finish();
    await signOut;
    expect(kept).toBe(true);
    expect(recordingsNow()).toBe(0);
    // Nothing under way any more: a second sign-out asks nothing of them.
    await keepEveryRecording();
    expect([clip.asked.times, voice.asked.times]).toEqual([1, 1]);
  });

  it('one recording that cannot be handed in does not hold the others', async () => {
    const broken = recordingUnderWay(() => Promise.reject(new Error('storage failed')));
    const fine = recording();
    const signOut = keepEveryRecording();
    fine.finish();
    await expect(signOut).resolves.toBeUndefined();
    broken.handedIn();
    expect(recordingsNow()).toBe(0);
  });
});
