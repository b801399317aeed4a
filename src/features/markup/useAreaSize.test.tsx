import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAreaSize } from './useAreaSize.ts';

/** What a drawing area sizes: the sizes it rendered with, in order. */
function Area({ rendered }: { rendered: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const { width, height } = useAreaSize(ref);
  rendered.push(`${width}x${height}`);
  return <div ref={ref}>{`${width}x${height}`}</div>;
}

describe('useAreaSize', () => {
  let resized: ((entries: { contentRect: { width: number; height: number } }[]) => void) | null;
  beforeEach(() => {
    resized = null;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: typeof resized) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 640,
      height: 480,
    } as DOMRect);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('measures the element when it is first laid out, without waiting for a resize to be observed', () => {
    const rendered: string[] = [];
    render(<Area rendered={rendered} />);
    expect(screen.getByText('640x480')).toBeInTheDocument();
    // The mount's render, then the measured one: nothing in between.
    expect(rendered).toEqual(['0x0', '640x480']);
  });

  it('follows the element when it is resized', () => {
    const rendered: string[] = [];
    render(<Area rendered={rendered} />);
    act(() => resized?.([{ contentRect: { width: 800, height: 600 } }]));
    expect(screen.getByText('800x600')).toBeInTheDocument();
    expect(rendered.at(-1)).toBe('800x600');
  });
});
