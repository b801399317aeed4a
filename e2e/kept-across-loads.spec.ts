import type { Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { APP_ORIGIN, expect, SANDBOX_URL, signIn, submitLogin, TECHNICIAN, test } from './fixtures.ts';
import { expectOfflineShell, waitForOfflineReady } from './pwa-support.ts';
import { keptRecordKeys } from './offline-support.ts';
import { technicianToken } from './records-support.ts';

// Nothing kept is lost across page loads (issue 35): a traveler's QR code opens each record in a new
// page load, sometimes in a new tab that signs in again; every record opened this shift stays kept.
test.use({ serviceWorkers: 'allow', viewport: { width: 768, height: 1024 } });

/** A part's number, through the API. */
async function partNumberOf(id: number): Promise<string> {
  const result = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `query P($id: ID!) { part(id: $id) { partNumber } }`,
    {
      id: String(id),
    },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.part.partNumber as string;
}

/** Opens `path` in a new tab, signing in again there if the identity provider asks. */
async function openInNewTab(page: Page, path: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(new URL(path, APP_ORIGIN).href);
  const signedIn = tab.getByTestId('current-user');
  const loginForm = tab.getByLabel('Password');
  // The provider may still know the person (no form), or ask again.
  await expect(signedIn.or(loginForm).first()).toBeAttached({ timeout: 30_000 });
  if ((await loginForm.count()) > 0) await submitLogin(tab, TECHNICIAN.email, TECHNICIAN.password);
  await tab.waitForURL(new URL(path, APP_ORIGIN).href);
  await expect(signedIn).toContainText(TECHNICIAN.name, { timeout: 30_000 });
  return tab;
}

test('records opened in separate page loads all open after an offline reload, and their parts are found offline', async ({
  page,
  context,
}) => {
  test.slow();
  const partNumber = await partNumberOf(2);

  await signIn(page, '/runs/3');
  await waitForOfflineReady(page);
  await expect(page.getByText('Run 3', { exact: true })).toBeVisible();
  await expect.poll(() => keptRecordKeys(page)).toContain('Run:3');

  // A second page load, by URL, in the same tab.
  await page.goto('/parts/2');
  await expect(page.getByText('Part 2', { exact: true })).toBeVisible();
  await expect.poll(() => keptRecordKeys(page)).toEqual(expect.arrayContaining(['Run:3', 'Part:2']));

  // A third, in a new tab (a QR code opened by the tablet's camera): its own session, the same person.
  const tab = await openInNewTab(page, '/run-steps/10');
  await expect(tab.getByText('Run step 10', { exact: true })).toBeVisible();
  await expect
    .poll(() => keptRecordKeys(tab))
    .toEqual(expect.arrayContaining(['Run:3', 'Part:2', 'RunStep:10']));

  await context.setOffline(true);
  await tab.reload();
  await expectOfflineShell(tab);
  await expect(tab.getByText('Run step 10', { exact: true })).toBeVisible();
  for (const [path, name] of [
    ['/runs/3', 'Run 3'],
    ['/parts/2', 'Part 2'],
  ] as const) {
    await tab.goto(path);
    await expect(tab.getByText(name, { exact: true })).toBeVisible();
    await expect(tab.getByTestId('kept-age')).toBeVisible();
    await expect(tab.getByText(/could not be opened|Not kept on this tablet/)).toHaveCount(0);
  }

  // The offline parts search finds the part opened two page loads ago.
  await tab.goto('/parts');
  await tab.getByLabel('Search part number or description').fill(partNumber);
  await expect(tab.getByText('Offline: searching parts kept on this tablet')).toBeVisible();
  await expect(tab.getByRole('link', { name: partNumber, exact: true })).toBeVisible();
  await tab.screenshot({ path: test.info().outputPath('offline-parts-search.png') });
});
