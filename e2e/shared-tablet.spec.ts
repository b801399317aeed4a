import type { Page, Request } from '@playwright/test';
import { clientCredentialsToken, gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, TECHNICIAN, test, VIEWER } from './fixtures.ts';

interface StoredAttachment {
  filename: string;
  createdById: number;
}

/** Part 1's attachments with these names, read through the API (the sandbox's records). */
async function attachmentsNamed(names: string[]): Promise<StoredAttachment[]> {
  const token = await clientCredentialsToken(SANDBOX_URL, 'technician');
  const result = await gql(
    SANDBOX_URL,
    token,
    `query { part(id: "1") { entity { fileAttachments { filename createdById } } } }`,
  );
  expect(result.errors).toBeUndefined();
  const all = result.data?.part.entity.fileAttachments as StoredAttachment[];
  return all.filter((attachment) => names.includes(attachment.filename));
}

function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

/** Storage never answers this page's PUTs: the files stay in flight. */
async function stallStorage(page: Page): Promise<void> {
  await page.route(`${SANDBOX_URL}/storage/**`, (route) =>
    route.request().method() === 'PUT' ? new Promise<void>(() => {}) : route.fallback(),
  );
}

async function chooseFiles(page: Page, names: string[]): Promise<void> {
  await page
    .getByTestId('choose-files-input')
    .setInputFiles(
      names.map((name) => ({ name, mimeType: 'image/jpeg', buffer: Buffer.from(`photo ${name}`) })),
    );
}

/** Requests that would move any of these files: a ticket, a PUT or a registration naming them. */
function requestsFor(names: string[], seen: Request[]): string[] {
  return seen
    .filter((request) => {
      if (request.method() === 'PUT' && request.url().includes('/storage/')) return true;
      const body = request.postData() ?? '';
      return names.some((name) => body.includes(name));
    })
    .map((request) => `${request.method()} ${request.url()}`);
}

async function openSignOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

test.describe('a shared tablet', () => {
  test("the next person does not send what the last one left; the owner's return sends it, once, as them", async ({
    context,
  }) => {
    const names = [unique('left-a.jpg'), unique('left-b.jpg')];
    const taylor = await context.newPage();
    await signIn(taylor, '/parts/1', TECHNICIAN);
    await stallStorage(taylor);
    await chooseFiles(taylor, names);
    for (const name of names) {
      await expect(taylor.getByRole('listitem', { name: new RegExp(`^${name}: `) }).first()).toBeVisible();
    }
    await expect(taylor.getByRole('listitem', { name: /: Uploading/ })).toHaveCount(2);
    await taylor.close();
    // Taylor's session at the identity provider is over too: the next person signs in with their own.
    await context.clearCookies();

    const seen: Request[] = [];
    context.on('request', (request) => seen.push(request));
    const vic = await context.newPage();
    await signIn(vic, '/parts/1', VIEWER);
    await expect(
      vic.getByText('2 files left by Taylor Technician are waiting for them.', { exact: false }),
    ).toBeVisible();
    await expect(vic.getByText('Part 1', { exact: true })).toBeVisible();

    // They are Taylor's: the next person, no administrator, cannot discard them.
    await expect(vic.getByRole('button', { name: 'Discard…' })).toHaveCount(0);

    // Vic may not attach. The server's first refusal makes the page view only, and every later page
    // shows no attach controls from the start.
    const refused = unique('vic-photo.jpg');
    await chooseFiles(vic, [refused]);
    await expect(
      vic.getByRole('listitem', { name: new RegExp(`^${refused}: Failed: .*permission`, 'i') }),
    ).toBeVisible();
    await expect(vic.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
    await vic.goto('/parts/2');
    await expect(vic.getByTestId('view-only')).toBeVisible();
    await expect(vic.getByRole('button', { name: 'Choose files' })).toHaveCount(0);
    await expect(vic.getByRole('button', { name: 'Take photo' })).toHaveCount(0);

    await openSignOut(vic, VIEWER.name);
    await vic.waitForURL(/\/oidc\/session\/end/);
    await vic.getByRole('button', { name: 'Sign out' }).click();
    await vic.waitForURL(/\/oidc\/interaction\//);
    expect(requestsFor(names, seen)).toEqual([]);
    expect(await attachmentsNamed(names)).toEqual([]);
    await vic.close();

    const back = await context.newPage();
    await signIn(back, '/parts/1', TECHNICIAN);
    await back.getByRole('button', { name: /Uploads/ }).click();
    for (const name of names) {
      await expect(
        back
          .getByRole('region', { name: /^All uploads/ })
          .getByRole('listitem', { name: `${name}: Attached` }),
      ).toBeVisible();
    }
    const attached = await attachmentsNamed(names);
    expect(attached.map((a) => a.filename).sort()).toEqual([...names].sort());
    // Taylor is user 1 in the sandbox: attached under the person who dropped them.
    expect(attached.every((a) => a.createdById === 1)).toBe(true);
    // Vic's refused photo can never be sent: it is his to see as failed, not Taylor's as waiting.
    await expect(back.getByText(/left by Vic Viewer/)).toHaveCount(0);
  });

  test('sign-out with a file in flight: wait keeps it, discard asks again, "Stay signed in" comes back to it', async ({
    page,
  }) => {
    const [name] = [unique('pending.jpg')];
    await signIn(page, '/parts/1', TECHNICIAN);
    await stallStorage(page);
    await chooseFiles(page, [name!]);
    const row = page.getByRole('listitem', { name: `${name}: Uploading` }).first();
    await expect(row).toBeVisible();

    await openSignOut(page, TECHNICIAN.name);
    const ask = page.getByRole('dialog', { name: '1 file not attached yet' });
    await ask.getByRole('button', { name: 'Wait for them, then sign out' }).click();
    const waiting = page.getByRole('dialog', { name: 'Signing out when the files are attached' });
    await expect(waiting.getByRole('status')).toHaveText(/^1 file still to attach/);
    await waiting.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(waiting).toBeHidden();
    await expect(row).toBeVisible();

    await openSignOut(page, TECHNICIAN.name);
    await ask.getByRole('button', { name: 'Discard them…' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard 1 file?' });
    await discard.getByRole('button', { name: 'Back' }).click();
    await ask.getByRole('button', { name: 'Keep them for me and sign out' }).click();

    await page.waitForURL(/\/oidc\/session\/end/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.waitForURL((url) => url.pathname === '/parts/1');
    await page.getByRole('button', { name: /Uploads/ }).click();
    await expect(
      page.getByRole('region', { name: /^All uploads/ }).getByRole('listitem', { name: `${name}: Attached` }),
    ).toBeVisible();
    expect(await attachmentsNamed([name!])).toHaveLength(1);
  });

  test('"wait, then sign out" signs out by itself once the files are attached, and not before', async ({
    page,
  }) => {
    const names = [unique('first.jpg'), unique('second.jpg')];
    await signIn(page, '/parts/1', TECHNICIAN);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${SANDBOX_URL}/storage/**`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.fallback();
    });
    await chooseFiles(page, names);
    await expect(page.getByRole('listitem', { name: /: Uploading/ })).toHaveCount(2);

    await openSignOut(page, TECHNICIAN.name);
    await page.getByRole('button', { name: 'Wait for them, then sign out' }).click();
    const waiting = page.getByRole('dialog', { name: 'Signing out when the files are attached' });
    await expect(waiting.getByRole('status')).toHaveText(/^2 files still to attach/);
    expect(await attachmentsNamed(names)).toEqual([]);
    release();
    await page.waitForURL(/\/oidc\/session\/end/);
    const attached = await attachmentsNamed(names);
    expect(attached.map((a) => a.filename).sort()).toEqual([...names].sort());
  });

  test('sign-out that discards, once confirmed, leaves nothing to send', async ({ page }) => {
    const name = unique('discarded.jpg');
    await signIn(page, '/parts/1', TECHNICIAN);
    await stallStorage(page);
    await chooseFiles(page, [name]);
    await expect(page.getByRole('listitem', { name: `${name}: Uploading` }).first()).toBeVisible();

    await openSignOut(page, TECHNICIAN.name);
    await page.getByRole('button', { name: 'Discard them…' }).click();
    await page.getByRole('button', { name: 'Discard and sign out' }).click();
    await page.waitForURL(/\/oidc\/session\/end/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.waitForURL((url) => url.pathname === '/parts/1');
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Uploads/ }).click();
    await expect(page.getByText('Nothing uploaded yet.', { exact: false })).toBeVisible();
    expect(await attachmentsNamed([name])).toEqual([]);
  });
});
