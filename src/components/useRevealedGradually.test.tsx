import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealedGradually, type RevealOptions } from './useRevealedGradually.ts';

/** Lists the drawn keys and records, per commit, how many were drawn. */
function List({ keys, options, commits }: { keys: string[]; options?: RevealOptions; commits: number[] }) {
  const shown = useRevealedGradually(keys, options);
  commits.push(shown.length);
  return <p data-testid="shown">{shown.join(',')}</p>;
}

const letters = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => String.fromCharCode(97 + from + i));

describe('a list drawn a few items at a time', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws one or two new items in the render that brought them', () => {
    const commits: number[] = [];
    const { rerender } = render(<List keys={[]} commits={commits} />);
    rerender(<List keys={['a', 'b']} commits={commits} />);
    expect(screen.getByTestId('shown')).toHaveTextContent('a,b');
  });

  it('draws a batch a slice per task, first in the list first, never more than a slice at once', () => {
    const commits: number[] = [];
    const { rerender } = render(<List keys={['x']} commits={commits} />);
    const batch = [...letters(10), 'x'];
    rerender(<List keys={batch} options={{ perSlice: 3 }} commits={commits} />);
    expect(screen.getByTestId('shown')).toHaveTextContent(/^x$/);

    act(() => vi.advanceTimersToNextTimer());
    expect(screen.getByTestId('shown')).toHaveTextContent(/^a,b,c,x$/);
    act(() => vi.advanceTimersToNextTimer());
    expect(screen.getByTestId('shown')).toHaveTextContent(/^a,b,c,d,e,f,x$/);
    // The last one or two left join the slice before them.
    act(() => vi.advanceTimersToNextTimer());
    expect(screen.getByTestId('shown')).toHaveTextContent(/^a,b,c,d,e,f,g,h,i,j,x$/);
    // No render drew more than a slice and the one or two drawn at once.
    const growth = commits.slice(1).map((count, i) => count - commits[i]!);
    expect(Math.max(...growth)).toBeLessThanOrEqual(3 + 2);
  });

  it('keeps drawn items while the list changes, and drops those that left', () => {
    const commits: number[] = [];
    const { rerender } = render(<List keys={['a']} commits={commits} />);
    rerender(<List keys={['a', ...letters(5, 1)]} commits={commits} />);
    expect(screen.getByTestId('shown')).toHaveTextContent(/^a$/);
    // An unrelated render (same keys in a new array) does not lose what was drawn or restart the slices.
    rerender(<List keys={['a', ...letters(5, 1)]} commits={commits} />);
    act(() => vi.runAllTimers());
    expect(screen.getByTestId('shown')).toHaveTextContent(/^a,b,c,d,e,f$/);

    rerender(<List keys={['f', 'b']} commits={commits} />);
    expect(screen.getByTestId('shown')).toHaveTextContent(/^f,b$/);
  });

  it('draws the items of its first render at once when asked to', () => {
    const commits: number[] = [];
    render(<List keys={letters(10)} options={{ initiallyAll: true }} commits={commits} />);
    expect(screen.getByTestId('shown')).toHaveTextContent(letters(10).join(','));
  });
});
