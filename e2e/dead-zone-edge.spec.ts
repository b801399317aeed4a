import type { Route } from '@playwright/test';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';
import { dropFilesOn } from './records-support.ts';
import { expect, isSignedStorageUrl, SANDBOX_URL, signIn, test } from './fixtures.ts';

// The tablet at the edge of a dead zone (issue 28): weak Wi-Fi, and for a while every other request
// is lost, some before they reach the server and some after it did the work (the answer lost on the
// way back). A batch dropped there must end with every file attached, each once. States only: no
// figure of time is asserted.
test.use({ viewport: { width: 768, height: 1024 } });

const FILES = 12;
/** Requests of each kind lost at the start of the batch (every other one). */
const LOST_PER_KIND = 4;

type Kind = 'ticket' | 'put' | 'register';

function kindOf(route: Route): Kind | null {
  const request = route.request();
  if (request.method() === 'PUT' && isSignedStorageUrl(new URL(request.url()))) return 'put';
  const body = request.postData() ?? '';
  if (body.includes('UploadTicket')) return 'ticket';
  if (body.includes('AttachUploadedFile')) return 'register';
  return null;
}

test('a batch dropped at the edge of a dead zone ends with every file attached, each once', async ({
  page,
  context,
}) => {
  test.slow();
  const stem = `edge-${Date.now().toString(36)}`;
  const names = Array.from({ length: FILES }, (_, i) => `${stem}-${i + 1}.csv`);
  await signIn(page, '/run-steps/2');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Shop-floor Wi-Fi: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1_600_000 / 8) | 0,
    uploadThroughput: (750_000 / 8) | 0,
  });

  // Every other request of each kind is lost until LOST_PER_KIND of that kind were: the odd ones
  // before reaching the server, the even ones after it answered (so a ticket was issued, a file
  // stored, an attachment made, and the app never heard).
  const seen: Record<Kind, number> = { ticket: 0, put: 0, register: 0 };
  const lost: Record<Kind, { before: number; after: number }> = {
    ticket: { before: 0, after: 0 },
    put: { before: 0, after: 0 },
    register: { before: 0, after: 0 },
  };
  // The storage keys each registration that reached the server named. The sandbox answers a repeated
  // registration with the attachment it made; a real API need not, so the app must never send one.
  const registered: string[] = [];
  const reachedServer = (route: Route, kind: Kind) => {
    if (kind === 'register') {
      registered.push(String(route.request().postDataJSON()?.variables?.input?.s3Key));
    }
  };
  await page.route(
    (url) => url.origin === new URL(SANDBOX_URL).origin,
    async (route) => {
      const kind = kindOf(route);
      if (kind === null) return route.fallback();
      seen[kind] += 1;
      const tally = lost[kind];
      if (seen[kind] % 2 === 0 || tally.before + tally.after >= LOST_PER_KIND) {
        reachedServer(route, kind);
        return route.fallback();
      }
      if (tally.before <= tally.after) {
        tally.before += 1;
        return route.abort('connectionreset');
      }
      // The server does the work; its answer never arrives.
      reachedServer(route, kind);
      await route.fetch().catch(() => undefined);
      tally.after += 1;
      return route.abort('connectionreset');
    },
  );

  await dropFilesOn(
    page.getByRole('heading', { level: 1 }),
    names.map((name, i) => ({ name, type: 'text/csv', size: 2_000 + i * 371 })),
  );

  const list = page.getByRole('region', { name: /^Uploads to / });
  await expect(list.getByText(`${FILES} of ${FILES} attached`)).toBeVisible({ timeout: 150_000 });
  // Every kind of request was lost both ways while the batch went.
  expect(lost).toEqual({
    ticket: { before: 2, after: 2 },
    put: { before: 2, after: 2 },
    register: { before: 2, after: 2 },
  });

  // No file's registration reached the server twice, though two of the answers were lost.
  expect(registered).toHaveLength(FILES);
  expect(new Set(registered).size).toBe(FILES);

  // The record lists each file once, in the app and through the API.
  for (const name of names) {
    await expect(page.getByTestId('attachment-row').filter({ hasText: name })).toHaveCount(1);
  }
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query ($id: ID!) { runStep(id: $id) { entity { fileAttachments { filename } } } }`,
    { id: '2' },
  );
  expect(result.errors).toBeUndefined();
  const attached = (result.data?.runStep.entity.fileAttachments as { filename: string }[])
    .map((a) => a.filename)
    .filter((name) => name.startsWith(stem))
    .sort();
  expect(attached).toEqual([...names].sort());
});
