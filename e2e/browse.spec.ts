import { expect, signIn, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './records-support.ts';

test.describe('browsing parts', () => {
  test('search as you type, then open a part', async ({ page }) => {
    await signIn(page, '/parts');
    await expect(page.getByRole('heading', { name: 'Parts', level: 1 })).toBeVisible();
    await expect(page.getByText(/Showing 1–25 of [\d,]+ parts/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const searchBox = page.getByLabel('Search part number or description');
    await searchBox.fill('engine mount');
    await expect(page).toHaveURL(/[?&]q=engine(\+|%20)mount/);
    await expect(page.locator('table[aria-busy="false"]')).toBeVisible();
    const descriptions = await page.getByRole('row').locator('td:nth-child(3)').allTextContents();
    expect(descriptions.length).toBeGreaterThan(0);
    for (const text of descriptions) expect(text.toLowerCase()).toContain('engine mount');

    await searchBox.fill('brkt-0001');
    await expect(page).toHaveURL(/[?&]q=brkt-0001/);
    await expect(page.getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row').filter({ hasText: 'BRKT-0001' });

    // A gloved tap anywhere on the row opens the part, not only on its number.
    await row.getByRole('cell', { name: 'Bracket, engine mount, 6061-T6' }).click();
    await expect(page).toHaveURL(/\/parts\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('BRKT-0001');
    await expect(page.getByText('Bracket, engine mount, 6061-T6')).toBeVisible();
    const partUrl = page.url();

    // Back returns to the same search, with the box showing it; the keyboard opens the row's part too.
    await page.goBack();
    await expect(searchBox).toHaveValue('brkt-0001');
    const link = page.getByRole('link', { name: 'BRKT-0001' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(partUrl);
  });

  test('finds a part by words in any order, and says what was searched when nothing matches', async ({
    page,
  }) => {
    await signIn(page, '/parts');
    const searchBox = page.getByLabel('Search part number or description');
    await searchBox.fill('solenoid valve');
    await expect(page.locator('table[aria-busy="false"]')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Valve, solenoid' }).first()).toBeVisible();
    const descriptions = await page.getByRole('row').locator('td:nth-child(3)').allTextContents();
    for (const text of descriptions) expect(text.toLowerCase()).toMatch(/(?=.*solenoid)(?=.*valve)/);

    await searchBox.fill('solenoid zz-none');
    await expect(page.getByText('Nothing matches “solenoid zz-none”.')).toBeVisible();
  });

  test('filters by type and revision, sorts, and says when nothing matches', async ({ page }) => {
    await signIn(page, '/parts');
    await page.getByLabel('Type').selectOption('TOOL');
    await expect(page).toHaveURL(/type=TOOL/);
    const types = page.getByRole('row').locator('td:nth-child(4)');
    await expect(types.first()).toHaveText('Tool');
    for (const text of await types.allTextContents()) expect(text).toBe('Tool');

    await page.getByLabel('Sort by').selectOption('PART_NUMBER_DESC');
    await expect(page).toHaveURL(/sort=PART_NUMBER_DESC/);
    await expect(async () => {
      const numbers = await page.getByRole('row').locator('td:nth-child(1)').allTextContents();
      expect(numbers.length).toBeGreaterThan(1);
      expect([...numbers].sort().reverse()).toEqual(numbers);
    }).toPass();

    await page.getByLabel('Type').selectOption('');
    await expect(page).not.toHaveURL(/type=/);

    await page.getByLabel('Revision').fill('b');
    await expect(page).toHaveURL(/rev=b/);
    await expect(page.locator('table[aria-busy="false"]')).toBeVisible();
    const revisions = await page.getByRole('row').locator('td:nth-child(2)').allTextContents();
    expect(revisions.length).toBeGreaterThan(0);
    for (const text of revisions) expect(text).toBe('B');
    await page.getByLabel('Revision').fill('');
    await expect(page).not.toHaveURL(/rev=/);
    await page.getByLabel('Search part number or description').fill('zz-no-such-part-zz');
    await expect(page.getByText('No parts match')).toBeVisible();
    await expect(page.getByText('Nothing matches “zz-no-such-part-zz”.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page.getByText(/Showing 1–25 of/)).toBeVisible();
    await expect(page.getByLabel('Search part number or description')).toHaveValue('');
  });

  test('pages forward and back with the buttons and with browser Back', async ({ page }) => {
    await signIn(page, '/parts');
    const firstRow = page.getByRole('row').nth(1);
    // The pager's range follows the URL at once; the rows follow when their page has arrived.
    const settled = async (range: RegExp) => {
      await expect(page.getByText(range)).toBeVisible();
      await expect(page.locator('table[aria-busy="false"]')).toBeVisible();
      return firstRow.locator('td').first().textContent();
    };
    const first = await settled(/Showing 1–25 of/);

    await page.getByRole('button', { name: 'Next page' }).click();
    const second = await settled(/Showing 26–50 of/);
    await expect(page).toHaveURL(/after=.*page=2|page=2.*after=/);
    expect(second).not.toBe(first);

    await page.getByRole('button', { name: 'Next page' }).click();
    const third = await settled(/Showing 51–75 of/);
    expect(third).not.toBe(second);

    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByText(/Showing 26–50 of/)).toBeVisible();
    await expect(firstRow.locator('td').first()).toHaveText(second ?? '');

    await page.goBack();
    await expect(page.getByText(/Showing 51–75 of/)).toBeVisible();
    await expect(firstRow.locator('td').first()).toHaveText(third ?? '');
    await page.goBack();
    await page.goBack();
    await expect(page.getByText(/Showing 1–25 of/)).toBeVisible();
    await expect(firstRow.locator('td').first()).toHaveText(first ?? '');
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    // A shared page link opens the same page.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(/Showing 26–50 of/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/Showing 26–50 of/)).toBeVisible();
    await expect(firstRow.locator('td').first()).toHaveText(second ?? '');
  });
});
