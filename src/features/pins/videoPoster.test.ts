import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../i18n/catalogues/de.json';
import { appIntl, createAppIntl, setAppIntl } from '../../i18n/appIntl.ts';
import { toUserMessage } from '../../graphql/errors.ts';
import { UnkeepableFile } from '../../pins/pinnedPorts.ts';
import { videoPoster } from './videoPoster.ts';

// jsdom has neither a media player nor MediaError: the player's failure is given as a browser gives it.
const MEDIA_ERR = {
  MEDIA_ERR_ABORTED: 1,
  MEDIA_ERR_NETWORK: 2,
  MEDIA_ERR_DECODE: 3,
  MEDIA_ERR_SRC_NOT_SUPPORTED: 4,
};
vi.stubGlobal('MediaError', MEDIA_ERR);

/** videoPoster's reading of a clip whose player fails with `code` once it is given the URL. */
function posterFailingWith(code: number): Promise<Blob> {
  const create = document.createElement.bind(document);
  const spy = vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
    const element = create(tag);
    if (tag !== 'video') return element;
    spy.mockRestore();
    Object.defineProperty(element, 'error', { get: () => ({ code }) });
    let src = '';
    Object.defineProperty(element, 'src', {
      get: () => src,
      set: (url: string) => {
        src = url;
        if (url) queueMicrotask(() => element.dispatchEvent(new Event('error')));
      },
    });
    return element;
  });
  return videoPoster('https://s3.test/clip.webm?X-Amz-Signature=a', new AbortController().signal);
}

const english = appIntl();
afterEach(() => setAppIntl(english));

describe('a clip’s kept frame, when it cannot be had', () => {
  it('a read the network cut says, in the person’s language, that storage could not be reached', async () => {
    setAppIntl(createAppIntl('de', de));
    const failure = await posterFailingWith(MEDIA_ERR.MEDIA_ERR_NETWORK).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UnkeepableFile);
    // What "Pinning failed: …" shows.
    expect(toUserMessage(failure)).toBe(
      'Der Dateispeicher ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
    );
  });

  it('a clip the browser cannot decode is not kept, said in the person’s language', async () => {
    setAppIntl(createAppIntl('de', de));
    const failure = await posterFailingWith(MEDIA_ERR.MEDIA_ERR_SRC_NOT_SUPPORTED).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UnkeepableFile);
    expect((failure as Error).message).toBe(
      'Dieser Browser kann den Clip nicht abspielen, daher wird kein Bild daraus behalten.',
    );
  });
});
