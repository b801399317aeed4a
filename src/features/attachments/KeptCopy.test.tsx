import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { UiProviders } from '../../app/AppProviders.tsx';
import { PinnedRecordsProvider } from '../../pins/pinnedRecordsContext.tsx';
import type { PinnedRecords } from '../../pins/pinnedRecords.ts';
import { pinnedFor, pinWorld, run1 } from '../../test/pinnedRecords.ts';
import { AttachmentThumbnail } from './AttachmentThumbnail.tsx';
import { KeptPreview } from './KeptCopy.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

async function pinnedRun(): Promise<PinnedRecords> {
  const pins = pinWorld().make();
  pins.pin(run1);
  await pinnedFor(pins, run1);
  return pins;
}

function thumbnail(pins: PinnedRecords, attachmentId: number) {
  return render(
    <UiProviders>
      <PinnedRecordsProvider pinned={pins}>
        <AttachmentThumbnail
          type="image"
          contentType="image/jpeg"
          downloadUrl="https://s3.test/2?X-Amz-Signature=abc"
          attachmentId={attachmentId}
        />
      </PinnedRecordsProvider>
    </UiProviders>,
  );
}

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:kept-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => setOnline(true));

describe('kept copies of pinned records', () => {
  it('online, a thumbnail loads through its signed URL exactly as before', async () => {
    setOnline(true);
    const pins = await pinnedRun();
    thumbnail(pins, 2);
    expect(screen.getByTestId('attachment-thumbnail')).toHaveAttribute(
      'src',
      'https://s3.test/2?X-Amz-Signature=abc',
    );
    expect(screen.queryByText('Kept copy')).toBeNull();
  });

  it('offline, a thumbnail shows the kept copy and says it is one', async () => {
    const pins = await pinnedRun();
    setOnline(false);
    thumbnail(pins, 2);
    const kept = await screen.findByTestId('kept-thumbnail');
    expect(kept).toHaveTextContent('Kept copy');
    expect(kept.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:kept-/));
    // The network is back: the signed URL again.
    act(() => setOnline(true));
    expect(await screen.findByTestId('attachment-thumbnail')).toBeVisible();
  });

  it('offline, an attachment with nothing kept shows its icon as before', async () => {
    const pins = await pinnedRun();
    setOnline(false);
    thumbnail(pins, 999);
    expect(screen.queryByTestId('kept-thumbnail')).toBeNull();
  });

  it('a kept PDF previews as its first page and says so', () => {
    render(
      <UiProviders>
        <KeptPreview kept={{ url: 'blob:page', form: 'pdf-first-page' }} filename="report.pdf" />
      </UiProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Kept copy');
    expect(screen.getByRole('alert')).toHaveTextContent('this is the first page only');
    expect(screen.getByRole('img', { name: 'First page of report.pdf, kept copy' })).toHaveAttribute(
      'src',
      'blob:page',
    );
  });
});
