import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_BY_ID_INPUT_ID, WedgeScanner } from './wedgeScanner.ts';

let clock = 0;
/** When the page gets to an event: by default as soon as it is sent. */
let pageClock: (() => number) | null = null;
let scanner: WedgeScanner;
let detach: () => void;
let scans: string[];
let tooShort: string[];

beforeEach(() => {
  clock = 0;
  pageClock = null;
  scans = [];
  tooShort = [];
  scanner = new WedgeScanner({ timeOf: () => clock, now: () => pageClock?.() ?? clock });
  detach = scanner.attach(window);
  scanner.handle((scan) => (scan.tooShort ? tooShort : scans).push(scan.text));
  document.body.innerHTML = `
    <input id="${OPEN_BY_ID_INPUT_ID}" />
    <input id="search" type="search" />
    <select id="kind"><option>Part</option><option>Run</option></select>
    <button id="button">Button</button>`;
});

afterEach(() => detach());

/** Presses each key on `target`, `gapMs` apart; returns the keydown events (to see what was prevented). */
function press(target: Element, keys: string[], gapMs: number): KeyboardEvent[] {
  return keys.map((key) => {
    clock += gapMs;
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event;
  });
}

const keysOf = (text: string) => [...text, 'Enter'];

/**
 * A sender that waits for the page: each key goes down, then up 8 ms later, and the next key only
 * after the page has handled that. `busyMs` is how late the page handles the up of the key at each index.
 */
function pressWaitingForThePage(keys: string[], busyMs: Record<number, number>): KeyboardEvent[] {
  return keys.map((key, index) => {
    const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    document.body.dispatchEvent(down);
    clock += 8;
    const late = busyMs[index] ?? 0;
    pageClock = () => clock + late;
    document.body.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
    pageClock = null;
    clock += late + 2;
    return down;
  });
}
const element = (id: string) => document.getElementById(id)!;

describe('WedgeScanner', () => {
  it('takes a burst ending with Enter on the page for a scan', () => {
    const events = press(document.body, keysOf('RUN-42'), 10);
    expect(scans).toEqual(['RUN-42']);
    expect(events.at(-1)!.defaultPrevented).toBe(true);
  });

  it('takes a scan in the open-by-id box, leaving its characters to the box', () => {
    const events = press(element(OPEN_BY_ID_INPUT_ID), keysOf('000042'), 10);
    expect(scans).toEqual(['000042']);
    expect(events.slice(0, -1).some((event) => event.defaultPrevented)).toBe(false);
  });

  it('ignores a person typing at human speed', () => {
    const events = press(document.body, keysOf('RUN-42'), 120);
    expect(scans).toEqual([]);
    expect(events.some((event) => event.defaultPrevented)).toBe(false);
  });

  it('says a burst at twice a scanner’s pace is too short for a label, instead of dropping it', () => {
    const events = press(document.body, keysOf('12'), 10);
    expect(scans).toEqual([]);
    expect(tooShort).toEqual(['12']);
    expect(events.at(-1)!.defaultPrevented).toBe(true);
  });

  it('leaves a short quick burst in the open-by-id box to the box’s own Enter', () => {
    const events = press(element(OPEN_BY_ID_INPUT_ID), keysOf('12'), 10);
    expect([...scans, ...tooShort]).toEqual([]);
    expect(events.at(-1)!.defaultPrevented).toBe(false);
  });

  it('leaves two keys and Enter at a quick person’s pace to the page', () => {
    const events = press(document.body, keysOf('ok'), 40);
    expect([...scans, ...tooShort]).toEqual([]);
    expect(events.at(-1)!.defaultPrevented).toBe(false);
  });

  it('never reads keys typed into a form field, however fast', () => {
    const events = press(element('search'), keysOf('RUN-42'), 5);
    expect(scans).toEqual([]);
    expect(events.some((event) => event.defaultPrevented)).toBe(false);
  });

  it('keeps letters of a scan from choosing another option of a focused select', () => {
    const events = press(element('kind'), keysOf('RUN-42'), 10);
    expect(scans).toEqual(['RUN-42']);
    expect(events.every((event) => event.defaultPrevented)).toBe(true);
  });

  it('keeps a scan from pressing a focused button, and lets a lone key through', () => {
    const events = press(element('button'), keysOf('A B/C'), 10);
    expect(scans).toEqual(['A B/C']);
    expect(events[0]!.defaultPrevented).toBe(false);
    expect(events.slice(1).every((event) => event.defaultPrevented)).toBe(true);
  });

  it('starts over after a pause, keeping only the keys of the burst', () => {
    press(document.body, ['x', 'y'], 10);
    clock += 500;
    press(document.body, keysOf('RS-7'), 10);
    expect(scans).toEqual(['RS-7']);
  });

  it('does not count the time a busy page took to take a key against a sender that waited for it', () => {
    pressWaitingForThePage(keysOf('RUN-3'), { 0: 90, 4: 120 });
    expect(scans).toEqual(['RUN-3']);
  });

  it('still tells a person typing into a page that froze, their keys handled all at once, from a scan', () => {
    // Keys sent 150 ms apart while the page is busy; it gets to all of them at 2 s.
    pageClock = () => 2_000;
    press(document.body, keysOf('RUN-3'), 150);
    expect(scans).toEqual([]);
  });

  it('ignores the Shift a scanner presses for capitals', () => {
    press(document.body, ['Shift', 'R', 'Shift', 'S', '-', '7', 'Enter'], 10);
    expect(scans).toEqual(['RS-7']);
  });

  it('keeps a scan that arrives before anyone handles it for the first handler', () => {
    detach();
    const early = new WedgeScanner({ timeOf: () => clock });
    const stop = early.attach(window);
    press(document.body, keysOf('RUN-1'), 10);
    const handler = vi.fn();
    early.handle(handler);
    expect(handler).toHaveBeenCalledWith({ text: 'RUN-1' });
    stop();
  });

  it('reads keys pressed before it listened, then goes on with the live ones', () => {
    detach();
    // Pressed 10 ms apart while the app's code loaded, got to at once by the early listener.
    const stamps = new WeakMap<Event, number>();
    const earlier = [...'RUN-'].map((key) => {
      clock += 10;
      const event = new KeyboardEvent('keydown', { key });
      stamps.set(event, clock);
      return { event, handledAt: clock };
    });
    const late = new WedgeScanner({ timeOf: (event) => stamps.get(event) ?? clock });
    detach = late.attach(window, earlier);
    const handler = vi.fn();
    late.handle(handler);
    press(document.body, keysOf('7'), 10);
    expect(handler).toHaveBeenCalledWith({ text: 'RUN-7' });
  });

  it('reads keys a sender sent only as the loading page got to each, before it listened, as one scan', () => {
    detach();
    // The page, busy loading, got to each key 200 ms after it was sent; the sender sent the next event
    // 4 ms after the page got to the last. Read from the stamps alone, the keys look a person's.
    const stamps = new WeakMap<Event, number>();
    const earlier = [...'RS-11'].flatMap((key) => {
      const down = new KeyboardEvent('keydown', { key });
      const up = new KeyboardEvent('keyup', { key });
      stamps.set(down, clock);
      const downHandled = clock + 200;
      stamps.set(up, downHandled + 4);
      clock = downHandled + 4 + 200 + 4;
      return [
        { event: down, handledAt: downHandled },
        { event: up, handledAt: downHandled + 4 + 200 },
      ];
    });
    const late = new WedgeScanner({ timeOf: (event) => stamps.get(event) ?? clock });
    detach = late.attach(window, earlier);
    const handler = vi.fn();
    late.handle(handler);
    press(document.body, ['Enter'], 4);
    expect(handler).toHaveBeenCalledWith({ text: 'RS-11' });
  });

  it('keeps the rest of a scan from a search box the page focused as it opened, mid-scan', () => {
    const first = press(document.body, [...'RS-'], 10);
    const rest = press(element('search'), keysOf('12'), 10);
    expect(scans).toEqual(['RS-12']);
    expect(first.slice(1).every((event) => event.defaultPrevented)).toBe(true);
    expect(rest.every((event) => event.defaultPrevented)).toBe(true);
  });

  it('leaves a person’s typing to a search box they moved to after a scan', () => {
    press(document.body, keysOf('RS-1'), 10);
    clock += 500;
    const typed = press(element('search'), keysOf('bracket'), 10);
    expect(scans).toEqual(['RS-1']);
    expect(typed.some((event) => event.defaultPrevented)).toBe(false);
  });

  it('gives scans to the page handler before the default one, whatever the order', () => {
    const page = vi.fn();
    const release = scanner.handle(page, { page: true });
    const later = vi.fn();
    scanner.handle(later);
    scanner.deliver('RUN-1');
    expect(page).toHaveBeenCalledWith({ text: 'RUN-1' });
    expect(later).not.toHaveBeenCalled();
    release();
    scanner.deliver('RUN-2');
    expect(later).toHaveBeenCalledWith({ text: 'RUN-2' });
  });
});
