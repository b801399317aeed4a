import type { Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { technicianToken } from './records-support.ts';
import { scan } from './scanner-support.ts';
import { PNG_BYTES } from './test-files.ts';

/** Step 2 of the run with serial SN 0041, as the API knows it: its id and its entity's files. */
async function stepTwoOfSn0041(): Promise<{ id: number; files: string[] }> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `{ runs(filters: { title: { ilike: "%SN 0041%" } }, first: 2) { edges { node {
        steps(filters: { position: { eq: 2 } }) { id entity { fileAttachments { filename } } } } } } }`,
  );
  const runs = res.data?.runs.edges ?? [];
  expect(runs).toHaveLength(1);
  const step = runs[0].node.steps[0];
  return { id: step.id, files: step.entity.fileAttachments.map((f: { filename: string }) => f.filename) };
}

/** Counts what the technician does, each tap or typed value one action. */
function actionCounter() {
  let count = 0;
  return {
    act: async (step: () => Promise<unknown>) => {
      count += 1;
      await step();
    },
    get count() {
      return count;
    },
  };
}

async function openedRun(page: Page, serial: string) {
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(serial);
}

test.describe('finding the run by its serial', () => {
  test('a new technician attaches a photo to step 2 of the run for SN 0041 from home, by navigation alone, in 5 actions', async ({
    page,
  }) => {
    const filename = `sn0041-step2-${Date.now()}.png`;
    await signIn(page, '/');
    const actions = actionCounter();
    await actions.act(() =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click(),
    );
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
    await actions.act(() => page.getByLabel('Search serial, run, part or procedure').fill('SN 0041'));
    const row = page.getByRole('link', { name: /^Run \d+: BRKT-0001 Rev C, SN 0041$/ });
    await expect(row).toBeVisible();
    await expect(page.getByText('Showing 1–1 of 1 run')).toBeVisible();
    await actions.act(() => row.click());
    await openedRun(page, 'SN 0041');
    const step = await stepTwoOfSn0041();
    await actions.act(() => page.getByRole('link', { name: /^Step 2: / }).click());
    await expect(page).toHaveURL(`/run-steps/${step.id}`);
    const chooser = page.waitForEvent('filechooser');
    await actions.act(() => page.getByRole('button', { name: 'Choose files' }).click());
    await (await chooser).setFiles({ name: filename, mimeType: 'image/png', buffer: PNG_BYTES });
    await expect(page.getByRole('listitem', { name: `${filename}: Attached` }).first()).toBeVisible();

    expect(actions.count).toBeLessThanOrEqual(5);
    // On that run step's entity, and only there.
    expect((await stepTwoOfSn0041()).files.filter((name) => name === filename)).toHaveLength(1);
  });

  test('scanning SN 0041 opens its run from any page', async ({ page }) => {
    await signIn(page, '/parts/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan(page, 'SN 0041');
    await openedRun(page, 'SN 0041');
    await page.goto('/runs');
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
    await scan(page, 'S/N 0041');
    await openedRun(page, 'SN 0041');
  });

  test('a serial two runs carry asks which one, and one that none carries says so', async ({ page }) => {
    await signIn(page, '/procedures/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan(page, 'SN 0100');
    const dialog = page.getByRole('dialog', { name: 'Which run?' });
    await expect(dialog.getByText('2 runs have SN 0100. Which one?')).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(2);
    await dialog.getByRole('link', { name: /TANK-0010/ }).click();
    await openedRun(page, 'TANK-0010');
    await expect(dialog).toBeHidden();

    await scan(page, 'SN 9999');
    await expect(page.getByText('No run has serial 9999.')).toBeVisible();
  });

  test('the home page’s box opens a typed serial, and lists the runs of a shared one', async ({ page }) => {
    await signIn(page, '/');
    const box = page.getByLabel('Id, scanned label or link');
    await box.fill('SN 0100');
    await box.press('Enter');
    const choice = page.getByRole('group', { name: 'Runs with SN 0100' });
    await expect(choice.getByRole('link')).toHaveCount(2);
    await box.fill('sn 0041');
    await box.press('Enter');
    await openedRun(page, 'SN 0041');
  });

  test('a number with leading zeros is a serial’s digits, never an id: 0041 opens the run with SN 0041', async ({
    page,
  }) => {
    // On a part's page a bare number is a part's id, yet ids never start with 0.
    await signIn(page, '/parts/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan(page, '0041');
    await openedRun(page, 'SN 0041');

    await page.goto('/');
    const box = page.getByLabel('Id, scanned label or link');
    await box.fill('0041');
    await box.press('Enter');
    await openedRun(page, 'SN 0041');

    await page.goto('/');
    await box.fill('09999');
    await box.press('Enter');
    await expect(page.getByText('No run has serial or lot 09999.')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('a part lists its runs newest first and links on to all of them; a procedure step to its run steps', async ({
    page,
  }) => {
    await signIn(page, '/parts/1');
    const runs = page.getByText('Runs, newest first').locator('..');
    await expect(runs.getByRole('link', { name: /SN 0042/ })).toBeVisible();
    const titles = await runs.getByRole('listitem').allTextContents();
    expect(titles.findIndex((t) => t.includes('SN 0042'))).toBeLessThan(
      titles.findIndex((t) => t.includes('SN 0041')),
    );
    await runs.getByRole('link', { name: 'Search these runs' }).click();
    await expect(page).toHaveURL('/runs?part=1');
    await expect(page.getByText('Only the runs of part 1.')).toBeVisible();
    await expect(page.getByText('Showing 1–2 of 2 runs')).toBeVisible();

    await page.goto('/steps/2');
    const made = page.getByText('Run steps made from it, newest runs first').locator('..');
    await made.getByRole('link', { name: /SN 0041/ }).click();
    await expect(page).toHaveURL(/\/run-steps\/\d+$/);
    await expect(page.getByRole('link', { name: /^Procedure step 2: / })).toBeVisible();
  });
});
