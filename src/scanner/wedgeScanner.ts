import type { EarlyKey } from './keysBeforeStart.ts';

/** The open-by-id field's element id: a scan typed into it is that field's (features/open-by-id). */
export const OPEN_BY_ID_INPUT_ID = 'open-by-id-input';

/** What a scanner sent: a label, or a burst too short to be one (said to the technician, never opened). */
export interface Scan {
  text: string;
  tooShort?: boolean;
}

export type ScanHandler = (scan: Scan) => void;

export interface WedgeScannerOptions {
  /**
   * Longest pause between two keys of one scan. Scanners send a key every 2–30 ms, people type 80 ms
   * apart or more; 60 ms leaves room for a busy tablet delivering a scanner's keys late.
   */
  maxGapMs?: number;
  /**
   * Shortest label. A shorter burst is reported as too short only when every key came at twice a
   * scanner's pace (half of `maxGapMs`): a person can hit two keys and Enter quickly.
   */
  minLength?: number;
  /**
   * When a key was pressed: by default the event's own time stamp, set when the device sent it, so a
   * page busy loading that handles a person's keys late in one batch does not make them look fast.
   */
  timeOf?: (event: KeyboardEvent) => number;
  /** The page's clock, on the time stamps' scale: when the page got round to a key. */
  now?: () => number;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', '']);

type FocusKind = 'open-by-id' | 'form-field' | 'select' | 'other';

function focusKind(target: EventTarget | null): FocusKind {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.id === OPEN_BY_ID_INPUT_ID) return 'open-by-id';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return 'form-field';
  if (target instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(target.type) ? 'form-field' : 'other';
  }
  return target instanceof HTMLSelectElement ? 'select' : 'other';
}

/**
 * Tells a keyboard-wedge scanner (a burst of keys ending with Enter) from a person typing, on every
 * page: anywhere outside form fields, and in the open-by-id box. Form fields are never touched, so
 * typing in a search box is never taken for a scan.
 *
 * It reads keys from the page's first moment (public/keys-before-start.js keeps them until the app's
 * code runs), before the signed-in pages exist; a scan that arrives while nobody handles scans is kept
 * and handed to the next handler, so a scan right after a page load counts.
 */
export class WedgeScanner {
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private readonly timeOf: (event: KeyboardEvent) => number;
  private readonly now: () => number;
  private buffer = '';
  private lastKeyAt = -Infinity;
  /** Where the burst's first key was pressed: focus the page moves elsewhere later is not the person's. */
  private burstTarget: EventTarget | null = null;
  /** The longest pause within the burst so far. */
  private slowestGap = 0;
  /** When the page handled the last key event (down or up), and its own delay since the last key. */
  private handledAt = -Infinity;
  private heldBack = 0;
  private readonly handlers: { handler: ScanHandler; page: boolean }[] = [];
  private pending: Scan | null = null;

  constructor(options: WedgeScannerOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? 60;
    this.minLength = options.minLength ?? 3;
    this.timeOf = options.timeOf ?? ((event) => event.timeStamp);
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * Listens on `target` (capture phase, ahead of shortcuts and forms), after reading `earlier`: key
   * events pressed before it could listen, in order, each with when the page got to it. Returns the
   * way to stop.
   */
  attach(target: Window | Document, earlier: readonly EarlyKey[] = []): () => void {
    const listener = (event: Event) => this.onKey(event as KeyboardEvent, this.now());
    for (const { event, handledAt } of earlier) this.onKey(event, handledAt);
    target.addEventListener('keydown', listener, { capture: true });
    target.addEventListener('keyup', listener, { capture: true });
    return () => {
      target.removeEventListener('keydown', listener, { capture: true });
      target.removeEventListener('keyup', listener, { capture: true });
    };
  }

  /**
   * Makes `handler` receive scans until released. A page's own handler (`page`: the home page's box)
   * comes before the shell's default, whichever registered last; among equals the latest wins.
   */
  handle(handler: ScanHandler, { page = false }: { page?: boolean } = {}): () => void {
    const entry = { handler, page };
    this.handlers.push(entry);
    if (this.pending !== null) this.dispatch(this.pending);
    return () => {
      const index = this.handlers.lastIndexOf(entry);
      if (index >= 0) this.handlers.splice(index, 1);
    };
  }

  /** Delivers a scan from another source (the camera) through the same handlers. */
  deliver(text: string): void {
    this.dispatch({ text });
  }

  private dispatch(scan: Scan): void {
    const current = this.handlers.findLast((entry) => entry.page) ?? this.handlers.at(-1);
    this.pending = current ? null : scan;
    current?.handler(scan);
  }

  /** Reads a key event the page got to at `handledAt` (now, or earlier for keys kept before the start). */
  private onKey(event: KeyboardEvent, handledAt: number): void {
    if (event.type === 'keydown') this.onKeyDown(event, handledAt);
    else this.noteHandled(this.timeOf(event), handledAt);
  }

  private onKeyDown(event: KeyboardEvent, handledAt: number): void {
    if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return this.reset();
    const at = this.timeOf(event);
    const focus = this.focusOf(event, at);
    if (focus === 'form-field') return this.reset();
    if (event.key === 'Shift') return this.noteHandled(at, handledAt);
    const gap = this.gapSince(at);
    const inBurst = this.buffer !== '' && gap <= this.maxGapMs;
    this.heldBack = 0;
    this.noteHandled(at, handledAt);
    this.slowestGap = inBurst ? Math.max(this.slowestGap, gap) : 0;

    if (event.key === 'Enter') {
      const text = this.buffer;
      const tooShort = text.length < this.minLength;
      // In the open-by-id box, a short id goes to the box's own Enter, which opens it as typed.
      const scanned =
        inBurst && (!tooShort || (focus !== 'open-by-id' && this.slowestGap <= this.maxGapMs / 2));
      this.reset();
      if (!scanned) return;
      // Neither a focused button nor the open-by-id form acts on the scanner's Enter: the scan does.
      event.preventDefault();
      event.stopImmediatePropagation();
      this.dispatch(tooShort ? { text, tooShort } : { text });
      return;
    }
    if (event.key.length !== 1) return this.reset();
    if (!inBurst) {
      this.buffer = '';
      this.burstTarget = event.target;
    }
    this.buffer += event.key;
    this.lastKeyAt = at;
    // In a burst, `/` must not jump to the open-by-id box nor a space press a button; on a select,
    // letters would pick another option (the first key of a scan cannot be told from typing yet); a
    // field the page focused mid-scan must not get the scan's remaining keys.
    if (focus === 'select' || focus === 'moved' || (focus === 'other' && inBurst)) event.preventDefault();
  }

  /**
   * Where the key was pressed, for the scanner. A form field is left alone, unless the page itself put
   * focus there during a scan begun elsewhere (a page that focuses its search box as it opens, while
   * a label scanned as it loaded is still arriving): the rest of the scan is the scan's, not the field's.
   */
  private focusOf(event: KeyboardEvent, at: number): FocusKind | 'moved' {
    const focus = focusKind(event.target);
    if (focus !== 'form-field') return focus;
    const movedMidBurst =
      this.buffer !== '' &&
      event.target !== this.burstTarget &&
      focusKind(this.burstTarget) !== 'form-field' &&
      this.gapSince(at) <= this.maxGapMs;
    return movedMidBurst ? 'moved' : focus;
  }

  /**
   * The device's pause before the key sent at `at`. Some senders (remote input, automation) send a
   * key only once the page has taken the previous one, so while the page is busy starting or loading
   * a route their keys arrive spaced by the page's own delays: the time the page took to get to keys
   * sent after it was free again is taken off. A key sent while the page was still busy (a keyboard
   * does not wait) is measured on the stamps alone, so a person typing into a frozen page stays a person.
   */
  private gapSince(at: number): number {
    return at - this.lastKeyAt - (at >= this.handledAt ? this.heldBack : 0);
  }

  /** Notes that the page got to a key event sent at `at` only at `now` (see `gapSince`). */
  private noteHandled(at: number, now = this.now()): void {
    this.heldBack = at >= this.handledAt ? this.heldBack + Math.max(0, now - at) : 0;
    this.handledAt = now;
  }

  private reset(): void {
    this.buffer = '';
    this.lastKeyAt = -Infinity;
    this.burstTarget = null;
  }
}
