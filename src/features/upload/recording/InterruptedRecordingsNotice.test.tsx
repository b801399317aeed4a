// Node's Blob, not jsdom's: it is what fake-indexeddb's structured clone can copy, as a browser's would.
import { Blob as NodeBlob } from 'node:buffer';
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { renderApp, TEST_USER } from '../../../test/renderApp.tsx';
import { appRecordingStore } from './appRecordingStore.ts';
import type { StoredRecording } from './recordingStore.ts';

const person = { subject: String(TEST_USER.id), organization: 'http://idp.test/oidc', name: TEST_USER.name };
const target = {
  entityId: 7,
  label: 'Run 1 · SN 0041 · Step 2',
  record: { kind: 'runStep', id: 2 },
} as const;

function recording(id: string, patch: Partial<StoredRecording>): StoredRecording {
  return {
    id,
    kind: 'clip',
    person,
    target,
    filename: `${id}.webm`,
    type: 'video/webm',
    startedAt: 1000,
    seconds: 12,
    ...patch,
  };
}

async function stored(each: StoredRecording): Promise<void> {
  const store = appRecordingStore();
  await store.begin(each);
  await store.append(each.id, 0, new NodeBlob(['bytes']) as unknown as Blob, each.seconds);
}

// The test files share one page (vitest.config.ts): the shell of the next file must not offer these.
afterAll(async () => {
  for (const id of ['cut-short', 'stopped']) await appRecordingStore().remove(id);
});

describe('a recording offered back after the page went', () => {
  it('says the app closed while recording only when it did; one stopped before is said to be whole', async () => {
    await stored(recording('cut-short', {}));
    // Stop was pressed, then the page reloaded before the upload queue had it.
    await stored(recording('stopped', { kind: 'voice', stoppedAt: 13_000, filename: 'stopped.weba' }));
    await renderApp({ path: '/' });

    expect(
      await screen.findByText(
        'The clip cut-short.webm was cut short (the app closed while recording). 0:12 of it was kept on this device.',
      ),
    ).toBeInTheDocument();
    const stoppedNotice = await screen.findByText(
      'The voice note stopped.weba was stopped, but the app closed before it was added to the files to send. All of it (0:12) is kept on this device.',
    );
    expect(stoppedNotice).not.toHaveTextContent('while recording');
    expect(screen.getAllByRole('button', { name: 'Attach it to Run 1 · SN 0041 · Step 2' })).toHaveLength(2);
  });
});
