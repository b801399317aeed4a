import { expect, signIn, test } from './fixtures.ts';
import { noteKeysHandled, scan, scanWaitingForThePage, typeLikeAPerson } from './scanner-support.ts';

test.describe('keyboard-wedge scanner', () => {
  test('opens a scanned label from a record page, with nothing focused', async ({ page }) => {
    await signIn(page, '/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await scan(page, 'RS-1');
    await expect(page).toHaveURL('/run-steps/1');
    await expect(page.getByText('Run step 1', { exact: true })).toBeVisible();
  });

  test('asks for the scanned record once: the preload and the page share one request', async ({ page }) => {
    await signIn(page, '/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/graphql')) return;
      const body = request.postDataJSON() as { operationName?: string; variables?: { id?: unknown } } | null;
      if (body?.operationName === 'RunStepRecord') asked.push(String(body.variables?.id));
    });
    await scan(page, 'RS-2');
    await expect(page.getByText('Run step 2', { exact: true })).toBeVisible();
    // Anything the scan set going has gone by the time the network is quiet (the page's own refresh
    // comes 15 s after it opened).
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(['2']);
  });

  test('takes a scan that arrives right after the page starts loading', async ({ page }) => {
    await signIn(page, '/');
    await page.goto('/runs/1', { waitUntil: 'domcontentloaded' });
    await scan(page, `${new URL(page.url()).origin}/run-steps/2`);
    await expect(page).toHaveURL('/run-steps/2');
    await expect(page.getByText('Run step 2', { exact: true })).toBeVisible();
  });

  test('keeps a scan typed while the app’s code is still loading', async ({ page }) => {
    await signIn(page, '/');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/run-steps/1', { waitUntil: 'commit' });
    // The document is read up to its body: only the app's code is still on its way.
    await expect(page.locator('#root')).toBeAttached();
    await scan(page, 'RS-3');
    release();
    await expect(page).toHaveURL('/run-steps/3');
    await expect(page.getByText('Run step 3', { exact: true })).toBeVisible();
  });

  test('keeps every key of a scan sent as a busy page takes each key, right after a full page load', async ({
    page,
  }) => {
    await signIn(page, '/');
    await noteKeysHandled(page);
    await page.goto('/run-steps/1');
    // The page gets busy as the scan begins, as a tablet is while a record page starts.
    await page.evaluate(() =>
      addEventListener(
        'keydown',
        () =>
          setTimeout(() => {
            const end = performance.now() + 200;
            while (performance.now() < end);
          }),
        { once: true },
      ),
    );
    await scanWaitingForThePage(page, 'RUN-3');
    await expect(page).toHaveURL('/runs/3');
    await expect(page.getByText('Run 3', { exact: true })).toBeVisible();
  });

  test('reads a bare number with the Kind just chosen, focus still on the list, and remembers it', async ({
    page,
  }) => {
    await signIn(page, '/');
    const kind = page.getByLabel('Kind');
    // As a tap on the list and a choice leave it: focused, with the new value.
    await kind.focus();
    await kind.selectOption('runStep');
    await expect(kind).toBeFocused();
    await scan(page, '000003');
    await expect(page).toHaveURL('/run-steps/3');

    await page.goto('/');
    await expect(page.getByLabel('Kind')).toHaveValue('runStep');
  });

  test('reads a bare number scanned on a record page as that page’s kind, says so, and lets it be changed', async ({
    page,
  }) => {
    await signIn(page, '/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await scan(page, '000002');
    await expect(page).toHaveURL('/runs/2');
    await expect(page.getByRole('status').filter({ hasText: 'Scanned number' })).toHaveText(
      /opened as Run 2/,
    );
    await page.getByRole('button', { name: 'Change: open 2 as another kind of record' }).click();
    await page.getByRole('menuitem', { name: 'Run step 2' }).click();
    await expect(page).toHaveURL('/run-steps/2');
    await expect(page).toHaveTitle(/^Run step 2: /);
    await expect(page.getByRole('status').filter({ hasText: 'Scanned number' })).toHaveText(
      /opened as Run step 2/,
    );
    // The wrong guess was replaced: Back goes to where the number was scanned.
    await page.goBack();
    await expect(page).toHaveURL('/runs/1');
    await page.goForward();
    await expect(page).toHaveURL('/run-steps/2');

    // Too short for a label: said, and nothing opened.
    await scan(page, '12');
    await expect(page.getByRole('alert').filter({ hasText: 'Scan too short' })).toContainText('only “12”');
    await expect(page).toHaveURL('/run-steps/2');
  });

  test('opens the part with a scanned part number', async ({ page }) => {
    await signIn(page, '/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await scan(page, 'BRKT-0001');
    await expect(page).toHaveURL(/\/parts\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('BRKT-0001 rev C');
  });

  test('leaves a scanner-fast burst in the parts search box to the box', async ({ page }) => {
    await signIn(page, '/parts');
    const search = page.getByLabel('Search part number or description');
    await search.click();
    await scan(page, 'RUN-1');
    await expect(search).toHaveValue('RUN-1');
    await expect(page.getByText('Nothing matches “RUN-1”.')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/parts');
  });

  test('does not take a person typing on the page for a scan', async ({ page }) => {
    await signIn(page, '/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await typeLikeAPerson(page, 'RS-1');
    // A scan after the typing lands where it says; had the typing been taken, Back would show run step 1.
    await scan(page, 'RS-2');
    await expect(page).toHaveURL('/run-steps/2');
    await page.goBack();
    await expect(page).toHaveURL('/runs/1');
  });
});
