import { UiProviders } from '../../app/AppProviders.tsx';

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from '../../config/ConfigContext.tsx';
import { TEST_CONFIG } from '../../test/renderApp.tsx';
import MarkupEditor from './MarkupEditor.tsx';
import { loadMarkupImage } from './loadMarkupImage.ts';

/**
 * The browser's decoder, as jsdom has none: a photo of the given size, and every request made of it
 * (the scaling asked for is what the editor decides; the decoding is the browser's).
 */
function decoderFor(photo: { width: number; height: number }) {
  const requests: ImageBitmapOptions[] = [];
  const closed: object[] = [];
  const bitmap = (width: number, height: number) => {
    const made = { width, height, close: () => closed.push(made) };
    return made;
  };
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (_source: unknown, options: ImageBitmapOptions = {}) => {
      requests.push(options);
      return options.resizeWidth
        ? bitmap(options.resizeWidth, options.resizeHeight!)
        : bitmap(photo.width, photo.height);
    }),
  );
  return { requests, closed };
}

afterEach(() => vi.unstubAllGlobals());

const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });

describe('loadMarkupImage', () => {
  it('decodes upright and brings the long edge down to the cap, freeing the full-size decode', async () => {
    const decoder = decoderFor({ width: 4000, height: 3000 });
    const loaded = await loadMarkupImage(jpeg, 1280);
    expect({ width: loaded.width, height: loaded.height }).toEqual({ width: 1280, height: 960 });
    expect(decoder.requests[0]).toEqual({ imageOrientation: 'from-image' });
    expect(decoder.requests[1]).toMatchObject({ resizeWidth: 1280, resizeHeight: 960 });
    expect(decoder.closed).toHaveLength(1);
  });

  it('caps a portrait photo by its height', async () => {
    decoderFor({ width: 3000, height: 4000 });
    const loaded = await loadMarkupImage(jpeg, 2000);
    expect({ width: loaded.width, height: loaded.height }).toEqual({ width: 1500, height: 2000 });
  });

  it('keeps a photo within the cap at its own size, never enlarging it', async () => {
    const decoder = decoderFor({ width: 1200, height: 900 });
    const loaded = await loadMarkupImage(jpeg, 2560);
    expect({ width: loaded.width, height: loaded.height }).toEqual({ width: 1200, height: 900 });
    expect(decoder.requests).toHaveLength(1);
    expect(decoder.closed).toHaveLength(0);
  });
});

describe('the editor', () => {
  it('works on the photo at the photo cap of config.json', async () => {
    const decoder = decoderFor({ width: 4000, height: 3000 });
    // The scaled picture cannot be drawn in jsdom: the editor says so, after asking for the size.
    const original = globalThis.createImageBitmap;
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (source: ImageBitmapSource, options?: ImageBitmapOptions) => {
        const made = await original(source, options);
        if (options?.resizeWidth) throw new Error('no canvas in jsdom');
        return made;
      }),
    );
    render(
      <UiProviders>
        <ConfigProvider config={{ ...TEST_CONFIG, photoMaxEdgePx: 1000 }}>
          <MarkupEditor
            image={jpeg}
            filename="weld.jpg"
            onSave={() => undefined}
            onCancel={() => undefined}
          />
        </ConfigProvider>
      </UiProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be opened');
    expect(decoder.requests[1]).toMatchObject({ resizeWidth: 1000, resizeHeight: 750 });
  });
});
