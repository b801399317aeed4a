/** A key event pressed before the app's code ran, and when the page got to it (performance.now()). */
export interface EarlyKey {
  event: KeyboardEvent;
  handledAt: number;
}

declare global {
  /** Set by public/keys-before-start.js, which index.html runs before the app's code has loaded. */
  var floorAttachKeysBeforeStart: (() => EarlyKey[]) | undefined;
}

/**
 * The key events pressed since the page began loading and before the app's code ran; the early
 * listener stops as they are taken, so each key is read once (by the listener that takes over).
 */
export function takeKeysBeforeStart(): EarlyKey[] {
  return globalThis.floorAttachKeysBeforeStart?.() ?? [];
}
