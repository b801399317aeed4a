import { OPEN_BY_ID_INPUT_ID } from '../openByIdShortcut.ts';

export type ScanHandler = (text: string) => void;

export interface WedgeScannerOptions {
  /**
   * Longest pause between two keys of one scan. Scanners send a key every 2–30 ms, people type 80 ms
   * apart or more; 60 ms leaves room for a busy tablet delivering a scanner's keys late.
   */
  maxGapMs?: number;
  /** Shortest scan: two quick keys and Enter are still a person typing. */
  minLength?: number;
  /**
   * When a key was pressed: by default the event's own time stamp, set when the device sent it, so a
   * page busy loading that handles a person's keys late in one batch does not make them look fast.
   */
  timeOf?: (event: KeyboardEvent) => number;
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
 * It listens from the app's first moment (before the signed-in pages exist); a scan that arrives while
 * nobody handles scans is kept and handed to the next handler, so a scan right after a page load counts.
 */
export class WedgeScanner {
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private readonly timeOf: (event: KeyboardEvent) => number;
  private buffer = '';
  private lastKeyAt = -Infinity;
  private readonly handlers: { handler: ScanHandler; page: boolean }[] = [];
  private pending: string | null = null;

  constructor(options: WedgeScannerOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? 60;
    this.minLength = options.minLength ?? 3;
    this.timeOf = options.timeOf ?? ((event) => event.timeStamp);
  }

  /** Listens on `target` (capture phase, ahead of shortcuts and forms); returns the way to stop. */
  attach(target: Window | Document): () => void {
    const listener = (event: Event) => this.onKeyDown(event as KeyboardEvent);
    target.addEventListener('keydown', listener, { capture: true });
    return () => target.removeEventListener('keydown', listener, { capture: true });
  }

  /**
   * Makes `handler` receive scans until released. A page's own handler (`page`: the home page's box)
   * comes before the shell's default, whichever registered last; among equals the latest wins.
   */
  handle(handler: ScanHandler, { page = false }: { page?: boolean } = {}): () => void {
    const entry = { handler, page };
    this.handlers.push(entry);
    if (this.pending !== null) this.deliver(this.pending);
    return () => {
      const index = this.handlers.lastIndexOf(entry);
      if (index >= 0) this.handlers.splice(index, 1);
    };
  }

  /** Delivers a scan from another source (the camera) through the same handlers. */
  deliver(text: string): void {
    const current = this.handlers.findLast((entry) => entry.page) ?? this.handlers.at(-1);
    this.pending = current ? null : text;
    current?.handler(text);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return this.reset();
    const focus = focusKind(event.target);
    if (focus === 'form-field') return this.reset();
    if (event.key === 'Shift') return;
    const at = this.timeOf(event);
    const inBurst = this.buffer !== '' && at - this.lastKeyAt <= this.maxGapMs;

    if (event.key === 'Enter') {
      const text = this.buffer;
      this.reset();
      if (!inBurst || text.length < this.minLength) return;
      // Neither a focused button nor the open-by-id form acts on the scanner's Enter: the scan does.
      event.preventDefault();
      event.stopImmediatePropagation();
      this.deliver(text);
      return;
    }
    if (event.key.length !== 1) return this.reset();
    if (!inBurst) this.buffer = '';
    this.buffer += event.key;
    this.lastKeyAt = at;
    // In a burst, `/` must not jump to the open-by-id box nor a space press a button; on a select,
    // letters would pick another option (the first key of a scan cannot be told from typing yet).
    if (focus === 'select' || (focus === 'other' && inBurst)) event.preventDefault();
  }

  private reset(): void {
    this.buffer = '';
    this.lastKeyAt = -Infinity;
  }
}
