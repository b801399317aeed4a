import { expect, signIn, submitLogin, TECHNICIAN, test, VIEWER } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './records-support.ts';

test('the home page offers to continue with the records this user opened here, newest first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, '/runs/1');
  await expect(page.getByTestId('record-context')).toHaveText('Run 1 · SN 0041');
  await page.goto('/run-steps/2');
  await expect(page.getByTestId('record-context')).toHaveText('Run 1 · SN 0041 · Step 2');
  // The page can show a kept copy before the person's own query answers; the visit is noted once it
  // has, and only then is leaving the page this journey's next step.
  await page.waitForFunction(() =>
    Object.keys(localStorage).some(
      (key) =>
        key.startsWith('floor-attach:recent:') &&
        /"kind":"runStep","id":2\b/.test(localStorage.getItem(key) ?? ''),
    ),
  );

  await page.goto('/');
  const continueCard = page.getByTestId('continue-record');
  await expect(continueCard).toContainText('Run step 2:');
  await expect(continueCard).toContainText('Run 1 · SN 0041 · Step 2');
  await expect(page.getByTestId('recent-records')).toContainText('Run 1 · SN 0041');
  await expect(page.getByLabel('Id, scanned label or link')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await continueCard.getByRole('link').click();
  await expect(page).toHaveURL('/run-steps/2');
});

test('another user on the same device does not see those records', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, '/parts/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Account: ${TECHNICIAN.name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  // The next person on this tablet signs in.
  await submitLogin(page, VIEWER.email, VIEWER.password);
  await expect(page.getByTestId('current-user')).toContainText(VIEWER.name);
  await expect(page.getByLabel('Id, scanned label or link')).toBeVisible();
  await expect(page.getByTestId('continue-record')).toHaveCount(0);
  await context.close();
});
