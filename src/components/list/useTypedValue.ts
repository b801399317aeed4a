import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

/** Long enough not to search on every key of a word typed at speed, short enough to feel immediate. */
export const TYPING_DELAY_MS = 200;

/**
 * A text input's value while typing, handed on after a pause, or at once with `now` (Enter: what a
 * barcode scanner sends after the code, so a scanned value does not wait for the pause); when the URL
 * changes underneath (Back, a shared link) the input shows the URL's value again.
 */
export function useTypedValue(fromUrl: string, commit: (value: string) => void) {
  const [text, setText] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  const debounced = useDebouncedCallback((value: string) => {
    if (value.trim() !== fromUrl) commit(value.trim());
  }, TYPING_DELAY_MS);
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    if (text.trim() !== fromUrl) setText(fromUrl);
  }
  return {
    text,
    type: (value: string) => {
      setText(value);
      debounced(value);
    },
    now: () => debounced.flush(),
  };
}
