import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { UiProviders } from '../../app/AppProviders.tsx';
import { AttachmentThumbnail } from './AttachmentThumbnail.tsx';
import { POSTER_LOADS_AT_ONCE } from './posterTurns.ts';

/**
 * The browser's IntersectionObserver, as far as the posters use it: the test says which elements come
 * near the screen.
 */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  static bringNear(elements: Element[]) {
    for (const observer of FakeObserver.all) {
      const entries = elements
        .filter((element) => observer.watched.has(element))
        .map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length > 0) {
        act(() => observer.callback(entries, observer as unknown as IntersectionObserver));
      }
    }
  }
}

const signed = (id: number, signature: string) =>
  `https://s3.test/clip-${id}.mp4?X-Amz-Signature=${signature}`;

function Clip({ id, signature = 'first' }: { id: number; signature?: string }) {
  return (
    <AttachmentThumbnail
      type="video"
      contentType="video/mp4"
      downloadUrl={signed(id, signature)}
      attachmentId={id}
    />
  );
}

function clips(ids: number[], signature = 'first') {
  return (
    <UiProviders>
      <ul>
        {ids.map((id) => (
          <li key={id}>
            <Clip id={id} signature={signature} />
          </li>
        ))}
      </ul>
    </UiProviders>
  );
}

const frames = () => screen.getAllByTestId('attachment-clip-frame');
const posters = () => screen.queryAllByTestId<HTMLVideoElement>('attachment-poster');

// One observer serves every row for the page's life: it is made with the first row, so stubbed once.
beforeAll(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
afterAll(() => vi.unstubAllGlobals());

describe('clip posters in the attachments list', () => {
  it('load nothing until their row comes near the screen, then read only the frame they show', () => {
    const { unmount } = render(clips([1, 2]));
    expect(frames()).toHaveLength(2);
    expect(posters()).toHaveLength(0);

    FakeObserver.bringNear([frames()[1]!]);
    expect(posters()).toHaveLength(1);
    const [poster] = posters();
    expect(poster).toHaveAttribute('src', `${signed(2, 'first')}#t=0.1`);
    expect(poster).toHaveAttribute('preload', 'metadata');
    unmount();
  });

  it('keep the URL they loaded when the list is read again with newly signed URLs', () => {
    const { rerender, unmount } = render(clips([1]));
    FakeObserver.bringNear(frames());
    const before = posters()[0]!;
    expect(before).toHaveAttribute('src', `${signed(1, 'first')}#t=0.1`);

    rerender(clips([1], 'second'));
    rerender(clips([1], 'third'));
    // The same player, on the same URL: no second read of the clip.
    expect(posters()[0]).toBe(before);
    expect(before).toHaveAttribute('src', `${signed(1, 'first')}#t=0.1`);
    unmount();
  });

  it('take a newer URL only once the one they hold fails (it expired), and the icon when none is left', () => {
    const { rerender, unmount } = render(clips([1]));
    FakeObserver.bringNear(frames());
    rerender(clips([1], 'second'));
    fireEvent.error(posters()[0]!);
    // The newer URL comes with the list: the frame is watched again and loads when near.
    FakeObserver.bringNear(frames());
    expect(posters()[0]).toHaveAttribute('src', `${signed(1, 'second')}#t=0.1`);

    fireEvent.error(posters()[0]!);
    expect(posters()).toHaveLength(0);
    expect(screen.queryByTestId('attachment-clip-frame')).toBeNull();
    unmount();
  });

  it(`load ${POSTER_LOADS_AT_ONCE} at a time however many rows are near, the next as each has its frame`, () => {
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const { unmount } = render(clips(ids));
    FakeObserver.bringNear(frames());
    expect(posters()).toHaveLength(POSTER_LOADS_AT_ONCE);

    fireEvent.loadedData(posters()[0]!);
    expect(posters()).toHaveLength(POSTER_LOADS_AT_ONCE + 1);
    // A player that stops reading by itself (preload reached) or fails gives its turn back too.
    fireEvent.suspend(posters()[1]!);
    expect(posters()).toHaveLength(POSTER_LOADS_AT_ONCE + 2);
    fireEvent.error(posters()[2]!);
    // The failed one leaves (its icon stands in), and the next starts.
    expect(posters()).toHaveLength(POSTER_LOADS_AT_ONCE + 2);
    // A row that leaves while loading gives its turn back as well.
    unmount();
    render(clips([100, 101, 102]));
    FakeObserver.bringNear(frames());
    expect(posters()).toHaveLength(POSTER_LOADS_AT_ONCE);
  });
});
