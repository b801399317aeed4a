import { describe, expect, it } from 'vitest';
import { AnswerGathering, type GatheringTimers } from './answerGathering.ts';

/** Timers run by hand: `fire()` runs what is due, as the page's clock would after `maxHoldMs`. */
function handTimers() {
  const due = new Set<() => void>();
  const timers: GatheringTimers = {
    setTimeout: (run) => {
      due.add(run);
      return run;
    },
    clearTimeout: (timer) => void due.delete(timer as () => void),
  };
  return {
    timers,
    pending: () => due.size,
    fire: () => {
      for (const run of [...due]) {
        due.delete(run);
        run();
      }
    },
  };
}

/** A gathering on hand-run timers with `sent` registrations under way. */
function gatheringWith(sent: number) {
  const hand = handTimers();
  const gathering = new AnswerGathering(150, hand.timers);
  for (let i = 0; i < sent; i += 1) gathering.sent();
  return { gathering, ...hand };
}

/** Which of the answers were taken up, after the promises settled. */
async function takenOf(answers: Promise<void>[]): Promise<boolean[]> {
  const taken = answers.map(() => false);
  answers.forEach((answer, i) => void answer.then(() => (taken[i] = true)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return taken;
}

describe('answers of registrations sent together', () => {
  it('takes a lone answer up at once, holding nothing and setting no timer', async () => {
    const { gathering, pending } = gatheringWith(1);
    expect(await takenOf([gathering.answered()])).toEqual([true]);
    expect(pending()).toBe(0);
  });

  it('holds an answer while another is awaited, then takes both up together', async () => {
    const { gathering, pending } = gatheringWith(2);
    const first = gathering.answered();
    expect(await takenOf([first])).toEqual([false]);
    const second = gathering.answered();
    expect(await takenOf([first, second])).toEqual([true, true]);
    expect(pending()).toBe(0);
  });

  it('holds no longer than its limit when another is slow to answer', async () => {
    const { gathering, fire } = gatheringWith(2);
    const first = gathering.answered();
    expect(await takenOf([first])).toEqual([false]);
    fire();
    expect(await takenOf([first])).toEqual([true]);
    // The slow one, answering later alone, is not held either.
    expect(await takenOf([gathering.answered()])).toEqual([true]);
  });

  it('releases what it holds when the one awaited fails instead of answering', async () => {
    const { gathering, pending } = gatheringWith(2);
    const first = gathering.answered();
    gathering.failed();
    expect(await takenOf([first])).toEqual([true]);
    expect(pending()).toBe(0);
  });
});
