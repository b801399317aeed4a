import type { Page, Request } from '@playwright/test';
import { refresh } from '../sandbox/test/auth-login-client.ts';
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
import { keptOnDevice, keptRecordKeys, signOutAtProvider } from './offline-support.ts';
import {
  attachmentsNamed,
  chooseFiles,
  meAnswers,
  openSignOut,
  storedTokens,
  unique,
} from './shared-tablet-support.ts';

// Each journey signs in several times; on a loaded machine a sign-in alone can take 20 s.
test.describe.configure({ timeout: 180_000 });

/** Drops a file on the page the way a person does: dragenter, dragover and drop with a DataTransfer. */
async function dropFile(page: Page, name: string): Promise<void> {
  await page.evaluate((filename) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([`photo ${filename}`], filename, { type: 'image/jpeg' }));
    const target = document.elementFromPoint(innerWidth / 2, innerHeight / 2) ?? document.body;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }
  }, name);
}

/** When `text` shows in the page, by the browser's clock (Date.now, shared by the tabs of one browser). */
function whenShown(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (!document.body.innerText.includes(wanted)) return;
          observer.disconnect();
          resolve(Date.now());
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        check();
      }),
    text,
  );
}

/** What the page settles on after Back or an address: a page signed in, or one that is not. */
async function settled(page: Page): Promise<void> {
  await expect(
    page
      .getByTestId('current-user')
      .or(page.getByLabel('Password'))
      .or(page.getByText('You are signed out', { exact: false }))
      .or(page.getByText('This sign-in link has expired', { exact: false })),
  ).toBeVisible();
}

/**
 * Back (as far as the history goes), the app's address and the provider's own sign-out address: none
 * of them reaches the app signed in; only the password does.
 */
async function expectNoWayBackIn(page: Page): Promise<void> {
  for (let step = 0; step < 4; step += 1) {
    if (!(await page.goBack({ waitUntil: 'commit' }))) break;
    await settled(page);
    await expect(page.getByTestId('current-user')).toHaveCount(0);
  }
  await page.goto('/parts/1');
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.getByLabel('Password')).toBeVisible();
  // The provider's sign-out page, asked without a hint, back to the app: still the password.
  const end = new URL(`${SANDBOX_URL}/oidc/session/end`);
  end.searchParams.set('client_id', 'floor-app');
  end.searchParams.set('post_logout_redirect_uri', `${APP_ORIGIN}/`);
  await page.goto(end.href);
  await settled(page);
  for (const button of await page.getByRole('button').all()) {
    if ((await button.textContent())?.trim() === 'Sign in') continue;
    await button.click();
    await settled(page);
    await expect(page.getByTestId('current-user')).toHaveCount(0);
  }
  await page.goto('/parts/1');
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
  await expect(page.getByTestId('current-user')).toContainText(TECHNICIAN.name, { timeout: 30_000 });
}

test('signed out in one tab, signed out in every tab at once: the other shows the sign-in page, refuses a file dropped there and writes nothing of the person', async ({
  context,
}) => {
  const one = await context.newPage();
  await signInThroughForm(one, '/parts/1', TECHNICIAN);
  // A second tab: its own sessionStorage, signed in through the provider's session without a password.
  const two = await context.newPage();
  await two.goto('/parts/1');
  await expect(two.getByTestId('current-user')).toContainText(TECHNICIAN.name, { timeout: 30_000 });
  await expect(two.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => keptRecordKeys(two)).toContain('Part:1');
  const twos = await storedTokens(two);
  const sent: Request[] = [];
  two.on('request', (request) => sent.push(request));

  const shown = whenShown(two, 'You are signed out of this tablet.');
  await openSignOut(one, TECHNICIAN.name);
  await expect(two.getByText('You are signed out of this tablet.')).toBeVisible();
  const generation = await two.evaluate(() => localStorage.getItem('floor-attach:sign-out-generation'));
  const ms = (await shown) - Number(generation?.split('.')[0]);
  console.log(`tab two showed the sign-in page ${ms} ms after tab one signed out`);
  test.info().annotations.push({ type: 'other tab signed out after (ms)', description: String(ms) });

  // A file dropped in tab two now is refused: nothing is sent, nothing is created as Taylor.
  const dropped = unique('after-sign-out.jpg');
  await dropFile(two, dropped);
  await expect(two.getByText('You are signed out of this tablet.')).toBeVisible();
  expect(sent.filter((request) => (request.postData() ?? '').includes(dropped))).toEqual([]);
  expect(sent.filter((request) => request.url().endsWith('/graphql'))).toEqual([]);
  expect(await attachmentsNamed([dropped])).toEqual([]);
  // Nothing of Taylor's is written back by tab two: kept records, recent records.
  await expect.poll(() => keptOnDevice(two)).toBeNull();
  expect(
    await two.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('floor-attach:recent:')),
    ),
  ).toEqual([]);
  expect(
    await two.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.user'))),
  ).toEqual([]);
  // Tab two's tokens are dead too: the refresh token at the provider, the access token at the API.
  await expect.poll(async () => (await refresh(`${SANDBOX_URL}/oidc`, twos.refreshToken)).status).toBe(400);
  expect(await meAnswers(twos.accessToken)).toBe(false);

  // Tab one left through the provider, which asked nothing; whoever comes next is asked for the password.
  await one.waitForURL(/\/oidc\/interaction\//);
  await expect(one.getByLabel('Password')).toBeVisible();
  await two.goto('/parts/1');
  await two.waitForURL(/\/oidc\/interaction\//);
  await expect(two.getByLabel('Password')).toBeVisible();
});

test('a tab opened again with the last person still in its sessionStorage does not act as them', async ({
  context,
}) => {
  const one = await context.newPage();
  await signInThroughForm(one, '/parts/1', TECHNICIAN);
  // Its session storage, as a restored tab gets it back.
  const saved = await one.evaluate(() => JSON.stringify({ ...sessionStorage }));
  await signOutAtProvider(one, TECHNICIAN.name);
  const restored = await context.newPage();
  await restored.addInitScript((items) => {
    if (sessionStorage.length > 0) return;
    for (const [key, value] of Object.entries(JSON.parse(items) as Record<string, string>)) {
      sessionStorage.setItem(key, value);
    }
  }, saved);
  await restored.goto('/parts/1');
  await restored.waitForURL(/\/oidc\/interaction\//);
  await expect(restored.getByLabel('Password')).toBeVisible();
});

test("after signing out at once, neither Back, the app's address nor the provider's pages get back in without the password", async ({
  page,
}) => {
  await signInThroughForm(page, '/parts/1', TECHNICIAN);
  await page.getByRole('link', { name: /Runs/ }).first().click();
  await page.waitForURL((url) => url.pathname === '/runs');
  await openSignOut(page, TECHNICIAN.name);
  await page.waitForURL(/\/oidc\/interaction\//);
  await expectNoWayBackIn(page);
});

test('after "wait, then sign out" with a file that goes first, neither Back, the address nor the provider\'s pages get back in', async ({
  page,
}) => {
  const name = unique('goes-first.jpg');
  await signInThroughForm(page, '/parts/1', TECHNICIAN);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${SANDBOX_URL}/storage/**`, async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.fallback();
  });
  await chooseFiles(page, [name]);
  await openSignOut(page, TECHNICIAN.name);
  await page.getByRole('button', { name: 'Wait for them, then sign out' }).click();
  await expect(page.getByRole('status').filter({ hasText: /sending 1 file first/ })).toBeVisible();
  release();
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await attachmentsNamed([name])).toHaveLength(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expectNoWayBackIn(page);
});

test('sign-out works offline: signed out here at once; when the network returns its tokens are revoked and its provider session ended before anything else; the next person must enter a password; the kept file goes when its owner is back', async ({
  page,
  context,
}) => {
  const name = unique('kept-offline.jpg');
  await signInThroughForm(page, '/parts/1', TECHNICIAN);
  await expect.poll(() => keptRecordKeys(page)).toContain('Part:1');
  await context.setOffline(true);
  await chooseFiles(page, [name]);
  await expect(page.getByTestId('network-indicator')).toHaveText('Offline · 1 waiting for the network');

  const taylors = await storedTokens(page);
  await openSignOut(page, TECHNICIAN.name);
  await page
    .getByRole('dialog', { name: '1 file not attached yet' })
    .getByRole('button', { name: 'Keep them for me and sign out' })
    .click();
  await expect(page.getByText('You are signed out of this tablet.')).toBeVisible();
  await expect(page.getByText(/the next sign-in on this tablet asks for a password/)).toBeVisible();
  await expect(page.getByText(/Failed to fetch|TypeError|Error:/)).toHaveCount(0);
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.user'))),
  ).toEqual([]);
  // The records kept for Taylor's shift are gone from the device, offline too.
  expect(await keptOnDevice(page)).toBeNull();

  // The network is back: before anything else, the tab revokes Taylor's refresh token and ends their
  // session at the provider (no question asked), then shows the login page, which asks for the password.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(SANDBOX_URL))
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await context.setOffline(false);
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.getByLabel('Password')).toBeVisible();
  const first = sent.filter((request) => !request.includes('/.well-known/'));
  expect(first.slice(0, 2)).toEqual(['POST /oidc/token/revocation', 'GET /oidc/session/end']);
  // Taylor's old tokens are refused: the refresh token by the provider, the access token by the API.
  const renewal = await refresh(`${SANDBOX_URL}/oidc`, taylors.refreshToken);
  expect(renewal.status).toBe(400);
  expect(await meAnswers(taylors.accessToken)).toBe(false);
  await submitLogin(page, VIEWER.email, VIEWER.password);
  await expect(page.getByTestId('current-user')).toContainText(VIEWER.name, { timeout: 30_000 });
  await expect(page.getByText('1 file left by Taylor Technician', { exact: false })).toBeVisible();
  expect(await attachmentsNamed([name])).toEqual([]);

  await signOutAtProvider(page, VIEWER.name);
  await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
  await expect(page.getByTestId('current-user')).toContainText(TECHNICIAN.name, { timeout: 30_000 });
  await page.getByRole('button', { name: /Uploads/ }).click();
  await expect(
    page.getByRole('region', { name: /^All uploads/ }).getByRole('listitem', { name: `${name}: Attached` }),
  ).toBeVisible();
  expect(await attachmentsNamed([name])).toHaveLength(1);
});
