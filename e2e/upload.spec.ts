// Over 400 lines for a reason: every journey that attaches a file and every fault it rides out, sharing
// one set of helpers (rows, routed PUTs, the API's view of a record).
import type { Page, Route } from '@playwright/test';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';
import {
  attachFile,
  dropFilesOn,
  expectNoSeriousA11yViolations,
  grantEveryTicketUpFront,
  PNG_BYTES,
  type FileSpec,
} from './records-support';
import {
  APP_ORIGIN,
  expect,
  isSignedStorageUrl,
  SANDBOX_URL,
  signIn,
  STORAGE_ORIGIN,
  TECHNICIAN,
  test,
  VIEWER,
} from './fixtures';
import { RECORD_KINDS, recordPath, type RecordKind } from '../src/records/recordKinds';

const KINDS = RECORD_KINDS.map(({ kind, label }) => ({
  kind,
  path: recordPath(kind, 1),
  label: `${label} 1`,
}));

interface StoredAttachment {
  id: number;
  filename: string;
  entityId: number;
  contentType: string | null;
}

/** A name no other test uses, so checks through the API count only this test's files. */
function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

/** The record's entity and its attachments, read through the API with the technician's API key. */
async function recordEntity(
  kind: RecordKind,
  sandboxUrl = SANDBOX_URL,
): Promise<{ id: number; fileAttachments: StoredAttachment[] }> {
  const token = await clientCredentialsToken(sandboxUrl, 'technician');
  const result = await gql(
    sandboxUrl,
    token,
    `query ($id: ID!) { ${kind}(id: $id) { entity { id fileAttachments { id filename entityId contentType } } } }`,
    { id: '1' },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.[kind].entity;
}

/** The id of the run's step with this title, from the API. */
async function runStepTitled(runId: number, title: string): Promise<number> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(SANDBOX_URL, token, `query ($id: ID!) { run(id: $id) { steps { id title } } }`, {
    id: String(runId),
  });
  const step = (result.data?.run.steps as { id: number; title: string }[]).find((s) => s.title === title);
  if (!step) throw new Error(`run ${runId} has no step "${title}"`);
  return step.id;
}

async function attachmentsNamed(kind: RecordKind, filename: string): Promise<StoredAttachment[]> {
  return (await recordEntity(kind)).fileAttachments.filter((a) => a.filename === filename);
}

/** Drops files on the record page's title: anywhere on the page attaches to the record. */
function dropFiles(page: Page, files: FileSpec[]): Promise<void> {
  return dropFilesOn(page.getByRole('heading', { level: 1 }), files);
}

function uploadRow(page: Page, filename: string, status: string | RegExp) {
  const name =
    typeof status === 'string'
      ? `${filename}: ${status}`
      : new RegExp(`^${escape(filename)}: ${status.source}`, status.flags);
  return page.getByRole('listitem', { name });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Routes the storage PUTs, wherever storage is, through `handle`; everything else goes on untouched. */
async function routePuts(
  page: Page,
  handle: (route: Route, attempt: number) => Promise<void>,
): Promise<void> {
  let attempt = 0;
  await page.route(isSignedStorageUrl, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    attempt += 1;
    return handle(route, attempt);
  });
}

const corsHeaders = {
  'access-control-allow-origin': APP_ORIGIN,
  'access-control-expose-headers': 'ETag',
  'content-type': 'application/xml',
};

test.describe('attaching files to a record', () => {
  test('one file dropped on a part is attached once, on the part’s entity', async ({ page }) => {
    const filename = unique('weld seam.jpg');
    await signIn(page, '/parts/1');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(new URL(request.url()).origin);
    });
    await dropFiles(page, [{ name: filename, type: 'image/jpeg', size: 2048 }]);

    await expect(uploadRow(page, filename, 'Attached')).toBeVisible();
    // The record's own attachment list shows it without a reload.
    await expect(page.getByText(filename, { exact: true }).first()).toBeVisible();
    const entity = await recordEntity('part');
    const attached = entity.fileAttachments.filter((a) => a.filename === filename);
    expect(attached).toHaveLength(1);
    expect(attached[0]!.entityId).toBe(entity.id);
    // The bytes went to the storage under test (built-in, or the S3 server in S3 mode).
    expect(puts).toEqual([STORAGE_ORIGIN]);
    await expectNoSeriousA11yViolations(page);

    // Announced, and still listed in the header's tray on another page.
    await expect(page.getByRole('status').filter({ hasText: /1 file attached to Part 1/ })).toBeAttached();
    await page.getByRole('link', { name: 'Parts' }).first().click();
    await page.getByRole('button', { name: /^Uploads/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Uploads' }).getByRole('listitem', { name: `${filename}: Attached` }),
    ).toBeVisible();
  });

  test('thirty files dropped on a run step are all attached, each once', async ({ page }) => {
    test.setTimeout(120_000);
    const names = Array.from({ length: 30 }, (_, i) => unique(`measurement ${i + 1}.csv`));
    await signIn(page, '/run-steps/1');
    await dropFiles(
      page,
      names.map((name, i) => ({ name, type: 'text/csv', size: 100 + i * 997 })),
    );

    const list = page.getByRole('region', { name: /^Uploads to Run 1 · SN 0041 · Step 1/ });
    await expect(list.getByText('30 of 30 attached')).toBeVisible({ timeout: 90_000 });
    const stored = (await recordEntity('runStep')).fileAttachments.filter((a) => names.includes(a.filename));
    expect(stored.map((a) => a.filename).sort()).toEqual([...names].sort());
  });

  test('five hundred files dropped at once keep the page responsive while they upload', async ({ page }) => {
    // 1,500 requests: about a minute on an idle machine, several with both cores busy (seen: over 150 s).
    test.setTimeout(600_000);
    const tag = unique('bulk');
    // A record of its own: the other journeys' records stay small.
    await signIn(page, '/parts/2');
    await dropFiles(
      page,
      Array.from({ length: 500 }, (_, i) => ({ name: `${tag} ${i + 1}.txt`, type: 'text/plain', size: 64 })),
    );

    const list = page.getByRole('region', { name: /^Uploads to Part 2/ });
    await expect(list.getByText(/^\d+ of 500 attached$/)).toBeVisible();
    // The page answers clicks and keys while the queue works through the batch; how long its longest
    // main-thread task lasts is a figure of `npm run bench -- --only many-files`, not asserted here.
    await page.getByRole('button', { name: /^Uploads: \d+ pending/ }).click();
    await expect(page.getByRole('dialog', { name: 'Uploads' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Uploads' })).toBeHidden();
    // Every file of the batch is handled.
    await expect(list.getByText('500 of 500 attached')).toBeVisible({ timeout: 540_000 });
  });

  test('Choose files opens the file picker and attaches what is picked', async ({ page }) => {
    const filename = unique('Prüfprotokoll – 測定 ✓.pdf');
    await signIn(page, '/procedures/1');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files', exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: filename, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });

    await expect(uploadRow(page, filename, 'Attached')).toBeVisible();
    expect(await attachmentsNamed('procedure', filename)).toHaveLength(1);
  });

  test('a pasted screenshot is attached', async ({ page }) => {
    const filename = unique('screenshot.png');
    await signIn(page, '/runs/1');
    await expect(page.getByRole('button', { name: 'Choose files', exact: true })).toBeVisible();
    await page.evaluate((name) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' }),
      );
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true }));
    }, filename);

    await expect(uploadRow(page, filename, 'Attached')).toBeVisible();
    expect(await attachmentsNamed('run', filename)).toHaveLength(1);
  });

  test('a camera photo named "image" keeps its name and is stored as a JPEG', async ({ page }) => {
    await signIn(page, '/steps/1');
    const before = await attachmentsNamed('step', 'image');
    const camera = page.getByLabel(/^Take a photo to attach to/);
    await expect(camera).toHaveAttribute('capture', 'environment');
    await camera.setInputFiles({
      name: 'image',
      mimeType: 'image/jpeg',
      buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    });

    await expect(uploadRow(page, 'image', 'Attached').last()).toBeVisible();
    const after = await attachmentsNamed('step', 'image');
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((a) => !before.some((b) => b.id === a.id));
    expect(added!.contentType).toBe('image/jpeg');
  });

  test('files are attached to the record’s entity id for all six kinds of record', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, '/parts/1');
    for (const { kind, path, label } of KINDS) {
      const filename = unique(`${kind}.txt`);
      await page.goto(path);
      await expect(page.getByText(label, { exact: true })).toBeVisible();
      await dropFiles(page, [{ name: filename, type: 'text/plain' }]);
      await expect(uploadRow(page, filename, 'Attached')).toBeVisible();
      const entity = await recordEntity(kind);
      const attached = entity.fileAttachments.filter((a) => a.filename === filename);
      expect(attached, kind).toHaveLength(1);
      expect(attached[0]!.entityId, kind).toBe(entity.id);
    }
  });

  test('a viewer is told permission is denied and nothing is created', async ({ page }) => {
    const filename = unique('viewer.txt');
    // Were the app not told up front (a server that gives anyone a ticket), the attach is refused.
    await grantEveryTicketUpFront(page);
    await signIn(page, '/parts/1', VIEWER);
    await dropFiles(page, [{ name: filename, type: 'text/plain' }]);

    await expect(uploadRow(page, filename, /Failed: .*permission/i)).toBeVisible();
    expect(await attachmentsNamed('part', filename)).toHaveLength(0);
    // From now on the page is view only: no Retry for a refusal, no actions that would only fail.
    await expect(page.getByTestId('view-only')).toContainText('View only');
    await expect(page.getByRole('button', { name: `Retry ${filename}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('an empty file is refused where it is chosen or dropped, and counts for nothing', async ({ page }) => {
    const stepId = await runStepTitled(1, 'Dimensional inspection');
    await signIn(page, `/run-steps/${stepId}`);
    const summary = page.getByTestId('evidence-summary');
    await expect(summary).toHaveText(/required files? attached/);
    const before = await summary.textContent();

    const slot = page.getByRole('region', { name: 'CMM report' });
    const chooser = page.waitForEvent('filechooser');
    await slot.getByRole('button', { name: 'Choose a file for CMM report' }).click();
    await (
      await chooser
    ).setFiles({ name: 'empty-cmm.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
    await expect(slot.getByRole('alert')).toContainText('This file is empty — not attached');
    await expect(page.getByRole('listitem', { name: /^empty-cmm\.pdf: / })).toHaveCount(0);
    await expect(summary).toHaveText(before!);

    await page.goto('/parts/1');
    await dropFiles(page, [{ name: 'empty.jpg', type: 'image/jpeg', size: 0 }]);
    await expect(page.getByRole('alert')).toContainText('“empty.jpg” was not attached: This file is empty');
    await expect(page.getByRole('listitem', { name: /^empty\.jpg: / })).toHaveCount(0);
  });

  test('a name longer than the API takes is shortened on the tablet; a name refused anyway is renamed', async ({
    page,
  }) => {
    const tag = unique('long');
    await signIn(page, '/parts/1');
    await dropFiles(page, [
      { name: `${tag} ${'left bracket weld seam '.repeat(13)}.jpg`, type: 'image/jpeg' },
    ]);
    await expect(
      page
        .getByRole('listitem', { name: new RegExp(`^${tag} .*: Attached$`) })
        .getByText('Name shortened to fit the 255-character limit.'),
    ).toBeVisible();
    const [stored] = (await recordEntity('part')).fileAttachments.filter((a) => a.filename.startsWith(tag));
    expect(stored!.filename).toHaveLength(255);
    expect(stored!.filename.endsWith('….jpg')).toBe(true);
    expect(stored!.contentType).toBe('image/jpeg');

    // The API refuses a name the tablet let through (as it would one over its limit): rename, not repeat.
    const refused = unique('refused name.jpg');
    let refusedOnce = false;
    await page.route(`${SANDBOX_URL}/graphql`, async (route) => {
      if (refusedOnce || !route.request().postData()?.includes(refused)) return route.fallback();
      refusedOnce = true;
      return route.fulfill({
        json: { errors: [{ message: 'filename is 300 characters long; the limit is 255' }], data: null },
        headers: { 'access-control-allow-origin': APP_ORIGIN },
      });
    });
    await dropFiles(page, [{ name: refused, type: 'image/jpeg' }]);
    const failed = uploadRow(page, refused, /Failed: .*limit is 255/);
    await failed.getByRole('button', { name: `Rename ${refused}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename and try again' });
    const renamed = unique('renamed.jpg');
    await dialog.getByRole('textbox', { name: /New name/ }).fill(renamed);
    await dialog.getByRole('button', { name: 'Rename and try again' }).click();
    await expect(uploadRow(page, renamed, 'Attached')).toBeVisible();
    expect(await attachmentsNamed('part', renamed)).toHaveLength(1);
    expect(await attachmentsNamed('part', refused)).toHaveLength(0);
  });

  test('a file with no extension is known by its first bytes: stored as what it is, and previewed', async ({
    page,
  }) => {
    const tag = unique('IMG');
    const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
    // Another client stored one that says nothing of its type.
    const theirs = `${tag}-theirs`;
    await attachFile(token, (await recordEntity('part')).id, theirs, new Uint8Array(PNG_BYTES));
    await signIn(page, '/parts/1');
    const mine = `${tag}-mine`;
    await dropFiles(page, [{ name: mine, bytes: [...PNG_BYTES] }]);
    await expect(uploadRow(page, mine, 'Attached')).toBeVisible();

    const [stored] = await attachmentsNamed('part', mine);
    expect(stored!.contentType).toBe('image/png');
    const [other] = await attachmentsNamed('part', theirs);
    expect(other!.contentType).toBe('application/octet-stream');
    for (const name of [mine, theirs]) {
      await page.getByRole('button', { name: `Preview ${name}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Preview: ${name}` });
      await expect(dialog.getByTestId('attachment-preview-image')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('dropped text is refused with a message', async ({ page }) => {
    await signIn(page, '/parts/1');
    const target = page.getByRole('heading', { level: 1 });
    const text = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', 'not a file');
      return transfer;
    });
    await target.dispatchEvent('drop', { dataTransfer: text });
    await expect(page.getByRole('alert')).toContainText('Only files can be attached');
  });
});

test.describe('uploads through faults', () => {
  test('storage refusing the URL once (403) gets a new ticket and succeeds', async ({ page }) => {
    const filename = unique('expired.pdf');
    await signIn(page, '/parts/1');
    await routePuts(page, async (route, attempt) => {
      if (attempt === 1)
        return route.fulfill({
          status: 403,
          headers: corsHeaders,
          body: '<Error><Code>AccessDenied</Code></Error>',
        });
      return route.fallback();
    });
    const tickets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('requestFileUploadUrl'))
        tickets.push(request.url());
    });
    await dropFiles(page, [{ name: filename, type: 'application/pdf' }]);

    await expect(uploadRow(page, filename, 'Attached')).toBeVisible();
    expect(tickets).toHaveLength(2);
    expect(await attachmentsNamed('part', filename)).toHaveLength(1);
  });

  test('a PUT that is cut off, then answered 500 and 429, is retried until it succeeds', async ({ page }) => {
    test.setTimeout(90_000);
    const filename = unique('flaky.bin');
    await signIn(page, '/parts/1');
    const seen: number[] = [];
    await routePuts(page, async (route, attempt) => {
      seen.push(attempt);
      if (attempt === 1) return route.abort('connectionreset');
      if (attempt === 2)
        return route.fulfill({
          status: 500,
          headers: corsHeaders,
          body: '<Error><Code>InternalError</Code></Error>',
        });
      if (attempt === 3)
        return route.fulfill({
          status: 429,
          headers: corsHeaders,
          body: '<Error><Code>SlowDown</Code></Error>',
        });
      return route.fallback();
    });
    await dropFiles(page, [{ name: filename, size: 4096 }]);

    await expect(uploadRow(page, filename, 'Attached')).toBeVisible({ timeout: 60_000 });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(await attachmentsNamed('part', filename)).toHaveLength(1);
  });

  test('when the ETag header is hidden, the MD5 computed in the browser is confirmed', async ({ page }) => {
    const filename = unique('no-etag.jpg');
    await signIn(page, '/parts/1');
    let hidden = 0;
    await routePuts(page, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers.etag;
      headers['access-control-expose-headers'] = 'Content-Length';
      hidden += 1;
      return route.fulfill({ response, headers });
    });
    await dropFiles(page, [{ name: filename, type: 'image/jpeg', size: 300_000 }]);

    await expect(uploadRow(page, filename, 'Attached')).toBeVisible();
    expect(hidden).toBe(1);
    expect(await attachmentsNamed('part', filename)).toHaveLength(1);
  });

  test('a reload during a large upload resumes it and attaches it once', async ({ page }) => {
    const filename = unique('long video.mp4');
    await signIn(page, '/parts/1');
    // The first PUT never finishes: the page is reloaded while it is on its way.
    await routePuts(page, async (route, attempt) => {
      if (attempt > 1) return route.fallback();
    });
    await dropFiles(page, [{ name: filename, type: 'video/mp4', size: 8 * 1024 * 1024 }]);
    await expect(uploadRow(page, filename, 'Uploading')).toBeVisible();

    await page.reload();
    await expect(uploadRow(page, filename, 'Attached')).toBeVisible({ timeout: 30_000 });
    expect(await attachmentsNamed('part', filename)).toHaveLength(1);
  });

  test('a file another tab was sending is taken up by this tab once that tab is closed, and attached once', async ({
    page,
    context,
  }) => {
    const filename = unique('left in a tab.pdf');
    await signIn(page, '/parts/1');
    // The first tab's PUT never finishes: it is closed while the file is on its way.
    await routePuts(page, async () => {});
    await dropFiles(page, [{ name: filename, type: 'application/pdf', size: 200_000 }]);
    await expect(uploadRow(page, filename, 'Uploading')).toBeVisible();

    // A second tab of the same browser: the provider's session signs the same person in there.
    const second = await context.newPage();
    await second.goto(new URL('/parts/1', APP_ORIGIN).href);
    await expect(second.getByTestId('current-user')).toContainText(TECHNICIAN.name);
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
    // Left to the tab that is still working on it: not sent a second time from here.
    await expect(uploadRow(second, filename, /.*/)).toHaveCount(0);

    // Nothing else happens in the second tab (no sign-in, no reload): the first one only goes away.
    await page.close();
    await expect(uploadRow(second, filename, 'Attached')).toBeVisible({ timeout: 30_000 });
    expect(await attachmentsNamed('part', filename)).toHaveLength(1);
  });

  test('while offline the file waits and says so, and it is attached when the network is back', async ({
    page,
    context,
  }) => {
    const filename = unique('offline.txt');
    await signIn(page, '/parts/1');
    await context.setOffline(true);
    await dropFiles(page, [{ name: filename, type: 'text/plain' }]);
    await expect(uploadRow(page, filename, 'Offline: waiting for the network')).toBeVisible();

    await context.setOffline(false);
    await expect(uploadRow(page, filename, 'Attached')).toBeVisible({ timeout: 30_000 });
    expect(await attachmentsNamed('part', filename)).toHaveLength(1);
  });

  test('an access token expiring in the middle of a batch is renewed and every file is attached once', async ({
    page,
    shortTokenDeployment,
  }) => {
    test.setTimeout(90_000);
    const sandboxUrl = shortTokenDeployment.sandbox.url;
    await signIn(page, '/run-steps/1', TECHNICIAN, shortTokenDeployment.appOrigin);
    // Each PUT takes 1.5 s, so nine files at three at a time outlive the 5-second token.
    await routePuts(page, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return route.fallback();
    });
    const names = Array.from({ length: 9 }, (_, i) => unique(`batch ${i + 1}.txt`));
    await dropFiles(
      page,
      names.map((name) => ({ name, type: 'text/plain' })),
    );

    const list = page.getByRole('region', { name: /^Uploads to Run 1 · SN 0041 · Step 1/ });
    await expect(list.getByText('9 of 9 attached')).toBeVisible({ timeout: 60_000 });
    const stored = (await recordEntity('runStep', sandboxUrl)).fileAttachments.filter((a) =>
      names.includes(a.filename),
    );
    expect(stored.map((a) => a.filename).sort()).toEqual([...names].sort());
  });
});
