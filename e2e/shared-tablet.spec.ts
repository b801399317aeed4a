import type { Request } from '@playwright/test';
import {
  APP_ORIGIN,
  expect,
  SANDBOX_URL,
  signInThroughForm,
  submitLogin,
  TECHNICIAN,
  test,
  VIEWER,
} from './fixtures.ts';
import { shareInboxNames, shareIntoApp, waitForOfflineReady } from './pwa-support.ts';
import { startHostileSite } from './hostile-site.ts';
import { signOutAtProvider } from './offline-support.ts';
import { attachmentsNamed, chooseFiles, openSignOut, stallStorage, unique } from './shared-tablet-support.ts';
import { PNG_BYTES } from './test-files.ts';
import { grantEveryTicketUpFront } from './records-support.ts';

// Each journey signs in two or three people; on a loaded machine a sign-in alone can take 20 s.
test.describe.configure({ timeout: 180_000 });

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

test.describe('a shared tablet', () => {
  test("the next person does not send what the last one left; the owner's return sends it, once, as them", async ({
    context,
  }) => {
    const names = [unique('left-a.jpg'), unique('left-b.jpg')];
    const taylor = await context.newPage();
    await signInThroughForm(taylor, '/parts/1', TECHNICIAN);
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
    // The app is not told up front that Vic may only view (see grantEveryTicketUpFront): he tries.
    await grantEveryTicketUpFront(vic);
    await signInThroughForm(vic, '/parts/1', VIEWER);
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

    // Sign-out counts Vic's refused photo among his files not attached; he keeps it (it stays his).
    await openSignOut(vic, VIEWER.name);
    await expect(vic.getByText('1 file could not be attached.', { exact: false })).toBeVisible();
    await vic.getByRole('button', { name: 'Keep them for me and sign out' }).click();
    await vic.waitForURL(/\/oidc\/interaction\//);
    expect(requestsFor(names, seen)).toEqual([]);
    expect(await attachmentsNamed(names)).toEqual([]);
    await vic.close();

    const back = await context.newPage();
    await signInThroughForm(back, '/parts/1', TECHNICIAN);
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

  test('sign-out with a file in flight: discard asks again, kept files go when their owner signs in again with the password', async ({
    page,
  }) => {
    const [name] = [unique('pending.jpg')];
    await signInThroughForm(page, '/parts/1', TECHNICIAN);
    await stallStorage(page);
    await chooseFiles(page, [name!]);
    const row = page.getByRole('listitem', { name: `${name}: Uploading` }).first();
    await expect(row).toBeVisible();

    await openSignOut(page, TECHNICIAN.name);
    const ask = page.getByRole('dialog', { name: '1 file not attached yet' });
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(ask).toBeHidden();
    await expect(row).toBeVisible();

    await openSignOut(page, TECHNICIAN.name);
    await ask.getByRole('button', { name: 'Discard them…' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard 1 file?' });
    await discard.getByRole('button', { name: 'Back' }).click();
    await ask.getByRole('button', { name: 'Keep them for me and sign out' }).click();

    // The provider asks nothing: its login page, and the password, whoever comes next.
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
    // The same person is back on the page they signed out from.
    await page.waitForURL((url) => url.pathname === '/parts/1');
    await page.getByRole('button', { name: /Uploads/ }).click();
    await expect(
      page.getByRole('region', { name: /^All uploads/ }).getByRole('listitem', { name: `${name}: Attached` }),
    ).toBeVisible();
    expect(await attachmentsNamed([name!])).toHaveLength(1);
  });

  test('"wait, then sign out" covers the screen at once and signs out by itself once the files are attached, and not before', async ({
    page,
  }) => {
    const names = [unique('first.jpg'), unique('second.jpg')];
    await signInThroughForm(page, '/parts/1', TECHNICIAN);
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
    // The tablet is signing out already: the whole screen says so, and nothing else can be opened.
    const waiting = page.getByRole('dialog', { name: 'Signing out' });
    await expect(waiting.getByRole('status')).toHaveText(/^Signing out: sending 2 files first\./);
    await expect(page.getByRole('button', { name: 'Stay signed in' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(waiting).toBeVisible();
    expect(await attachmentsNamed(names)).toEqual([]);
    release();
    await page.waitForURL(/\/oidc\/interaction\//);
    const attached = await attachmentsNamed(names);
    expect(attached.map((a) => a.filename).sort()).toEqual([...names].sort());
  });

  test('sign-out that discards, once confirmed, leaves nothing to send', async ({ page }) => {
    const name = unique('discarded.jpg');
    await signInThroughForm(page, '/parts/1', TECHNICIAN);
    await stallStorage(page);
    await chooseFiles(page, [name]);
    await expect(page.getByRole('listitem', { name: `${name}: Uploading` }).first()).toBeVisible();

    await openSignOut(page, TECHNICIAN.name);
    await page.getByRole('button', { name: 'Discard them…' }).click();
    await page.getByRole('button', { name: 'Discard and sign out' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
    await page.waitForURL((url) => url.pathname === '/parts/1');
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Uploads/ }).click();
    await expect(page.getByText('Nothing uploaded yet.', { exact: false })).toBeVisible();
    expect(await attachmentsNamed([name])).toEqual([]);
  });
});

test.describe('shares on a shared tablet', () => {
  test.use({ serviceWorkers: 'allow' });

  test('shared files belong to who shared them: offered only to them, asked of the next person when shared signed out, gone at sign-out; another website cannot plant them', async ({
    context,
  }) => {
    const hostile = await startHostileSite();
    const names = { mine: unique('taylors.png'), whose: unique('whose.png') };
    const planted = { open: unique('open.jpg'), hidden: unique('hidden.jpg') };
    try {
      const taylor = await context.newPage();
      await signInThroughForm(taylor, '/parts/1', TECHNICIAN);
      await waitForOfflineReady(taylor);
      await shareIntoApp(taylor, [{ name: names.mine, type: 'image/png', bytes: PNG_BYTES }]);
      await taylor.waitForURL((url) => url.pathname === '/share' && url.search === '');
      const shared = taylor.getByRole('region', { name: 'Shared files' });
      await expect(shared).toContainText(names.mine);
      await expect(shared).toContainText(/Shared at \d/);
      await expect(shared.getByTestId('shared-thumbnail')).toBeVisible();
      await expect(shared).toContainText('Attach these only if you shared them.');
      // Taylor walks away without signing out; their session at the identity provider ends.
      await taylor.close();
      await context.clearCookies();

      const tab = await context.newPage();
      // A website posts files to the share target, showing its address or hiding it: refused both ways.
      await tab.goto(hostile.plant(planted.hidden, 'no-referrer'));
      await tab.waitForURL(/\/oidc\/interaction\//);
      // Shared into the app while nobody is signed in: kept, nobody's.
      await tab.goto(`${APP_ORIGIN}/manifest.webmanifest`);
      await shareIntoApp(tab, [{ name: names.whose, type: 'image/png', bytes: PNG_BYTES }]);
      await tab.waitForURL(/\/oidc\/interaction\//);
      await tab.goto(hostile.plant(planted.open, 'origin'));
      await tab.waitForURL(/\/oidc\/interaction\//);
      await submitLogin(tab, VIEWER.email, VIEWER.password);
      await tab.waitForURL((url) => url.origin === APP_ORIGIN && url.pathname === '/share');
      await expect(tab.getByRole('alert')).toContainText('Files sent here by another website were refused.');
      const ask = tab.getByRole('region', { name: /while nobody was signed in$/ });
      await expect(ask).toContainText(names.whose);
      for (const name of [names.mine, planted.open, planted.hidden]) {
        await expect(tab.getByText(name)).toHaveCount(0);
      }
      await ask.getByRole('button', { name: 'Not mine: discard' }).click();
      await expect(ask).toHaveCount(0);
      expect(await shareInboxNames(context)).toEqual([names.mine]);
      await signOutAtProvider(tab, VIEWER.name);
      await tab.close();

      // Taylor is offered their share again, and it goes when they sign out.
      const back = await context.newPage();
      await signInThroughForm(back, '/parts/1', TECHNICIAN);
      await expect(back.getByRole('region', { name: 'Shared files' })).toContainText(names.mine);
      await signOutAtProvider(back, TECHNICIAN.name);
      expect(await shareInboxNames(context)).toEqual([]);
    } finally {
      await new Promise((resolve) => hostile.server.close(resolve));
    }
  });
});
