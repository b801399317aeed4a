import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WedgeScanner } from './wedgeScanner.ts';
import { OPEN_BY_ID_INPUT_ID } from '../openByIdShortcut.ts';

let clock = 0;
let scanner: WedgeScanner;
let detach: () => void;
let scans: string[];

beforeEach(() => {
  clock = 0;
  scans = [];
  scanner = new WedgeScanner({ timeOf: () => clock });
  detach = scanner.attach(window);
  scanner.handle((text) => scans.push(text));
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

  it('ignores a short quick burst (two keys and Enter)', () => {
    press(document.body, keysOf('ok'), 10);
    expect(scans).toEqual([]);
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
    expect(handler).toHaveBeenCalledWith('RUN-1');
    stop();
  });

  it('gives scans to the page handler before the default one, whatever the order', () => {
    const page = vi.fn();
    const release = scanner.handle(page, { page: true });
    const later = vi.fn();
    scanner.handle(later);
    scanner.deliver('RUN-1');
    expect(page).toHaveBeenCalledWith('RUN-1');
    expect(later).not.toHaveBeenCalled();
    release();
    scanner.deliver('RUN-2');
    expect(later).toHaveBeenCalledWith('RUN-2');
  });
});
