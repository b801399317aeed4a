import { expect, signIn, submitLogin, TECHNICIAN, test, VIEWER } from './fixtures.ts';
import { expectOfflineShell, waitForOfflineReady } from './pwa-support.ts';
import { keptOnDevice, keptRecordKeys, signOutAtProvider } from './offline-support.ts';
import { attachFile, entityIdOf, PNG_BYTES, stepFilenames, technicianToken } from './records-support.ts';

// The tablet the floor uses, so the screenshots of these states are what a technician sees.
test.use({ serviceWorkers: 'allow', viewport: { width: 768, height: 1024 } });

function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

async function chooseFile(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page
    .getByTestId('choose-files-input')
    .setInputFiles({ name, mimeType: 'image/png', buffer: PNG_BYTES });
}

test.describe('a whole shift in a dead zone', () => {
  test('records opened online open after an offline reload, with their attachments and how old they are', async ({
    page,
    context,
  }) => {
    const token = await technicianToken();
    const name = unique('kept-evidence.png');
    await attachFile(token, await entityIdOf(token, 'run', 1), name, PNG_BYTES);

    await signIn(page, '/runs/1');
    await waitForOfflineReady(page);
    await expect(page.getByText(name).first()).toBeVisible();
    // Kept about a second after it came: a full page load sooner relies on the page-hide write, which
    // a page being replaced may never finish.
    await expect.poll(() => keptRecordKeys(page)).toContain('Run:1');
    await page.goto('/parts/1');
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    await expect.poll(() => keptRecordKeys(page)).toEqual(expect.arrayContaining(['Run:1', 'Part:1']));

    await context.setOffline(true);
    await page.reload();
    await expectOfflineShell(page);
    await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
    await expect(page.getByTestId('kept-age')).toContainText(/Offline · saved (just now|\d+ min ago)/);
    await page.goto('/runs/1');
    await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByTestId('kept-age')).toBeVisible();
    await expect(page.getByText(/An error occurred|go\.apollo\.dev|could not be opened/)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('kept-run-offline.png') });

    // Back online, the page checks by itself and stops saying it is old.
    await context.setOffline(false);
    await expect(page.getByTestId('kept-age')).toHaveCount(0);
  });

  test('a run step id typed offline, never opened, takes a file, attached once on its entity when the network returns', async ({
    page,
    context,
  }) => {
    const name = unique('scanned-offline.png');
    await signIn(page, '/');
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await expectOfflineShell(page);

    // Typed into the home page's box (a scanner wedge types the same there). A CDP session of the
    // wedge helper would lift Playwright's offline emulation from navigator.onLine in this page.
    await page.getByLabel('Id, scanned label or link').fill('RS-3');
    await page.getByLabel('Id, scanned label or link').press('Enter');
    await page.waitForURL(/\/run-steps\/3$/);
    await expect(page.getByRole('heading', { name: 'Run step 3' })).toBeVisible();
    await expect(page.getByText('Not kept on this tablet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Take photo/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('unkept-run-step-offline.png') });

    await chooseFile(page, name);
    await expect(
      page.getByRole('listitem', { name: `${name}: Offline: waiting for the network` }),
    ).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('listitem', { name: `${name}: Attached` })).toBeVisible();
    await expect(page.getByText('Not kept on this tablet')).toHaveCount(0);
    expect(
      (await stepFilenames(await technicianToken(), 3)).filter((filename) => filename === name),
    ).toHaveLength(1);
  });

  test('an id that does not exist, typed offline: the file fails in words and is moved to the right record', async ({
    page,
    context,
  }) => {
    const name = unique('wrong-id.png');
    await signIn(page, '/');
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.goto('/run-steps/999999');
    await expect(page.getByText('Not kept on this tablet')).toBeVisible();
    await chooseFile(page, name);
    await expect(page.getByTestId('network-indicator')).toHaveText('Offline · 1 waiting for the network');

    await context.setOffline(false);
    await expect(page.getByRole('alert', { name: 'Run step 999999 was not found' })).toBeVisible();
    await page.getByRole('button', { name: /Uploads/ }).click();
    const tray = page.getByRole('region', { name: /^All uploads/ });
    await expect(
      tray.getByRole('listitem', {
        name: `${name}: Failed: Run step 999999 does not exist, or you may not attach to it. Move the file to another record.`,
      }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('no-such-record.png') });

    await tray.getByRole('button', { name: `Move ${name} to another record` }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to another record' });
    await expect(dialog.getByLabel('Kind of record')).toHaveValue('runStep');
    await dialog.getByLabel('Record id').fill('4');
    await page.screenshot({ path: test.info().outputPath('move-dialog.png') });
    await dialog.getByRole('button', { name: 'Move and send' }).click();
    await expect(tray.getByRole('listitem', { name: `${name}: Attached` })).toBeVisible();
    expect(
      (await stepFilenames(await technicianToken(), 4)).filter((filename) => filename === name),
    ).toHaveLength(1);
  });
});

test("one person's kept records never reach the next: IndexedDB holds only the signed-in person's", async ({
  page,
}) => {
  await signIn(page, '/runs/1', TECHNICIAN);
  await expect(page.getByText('Run 1', { exact: true })).toBeVisible();
  await expect.poll(() => keptRecordKeys(page)).toContain('Run:1');
  const taylors = (await keptOnDevice(page))!.owner;

  await signOutAtProvider(page, TECHNICIAN.name);
  await submitLogin(page, VIEWER.email, VIEWER.password);
  await expect(page.getByTestId('current-user')).toContainText(VIEWER.name);
  // Nothing of Taylor's on the device as Vic arrives: gone at Taylor's sign-out.
  const arriving = await keptOnDevice(page);
  expect(arriving?.owner ?? null).not.toEqual(taylors);
  expect(arriving?.records ?? []).not.toContain('Run:1');

  await page.goto('/parts/1');
  await expect(page.getByText('Part 1', { exact: true })).toBeVisible();
  await expect.poll(() => keptRecordKeys(page)).toContain('Part:1');
  const kept = (await keptOnDevice(page))!;
  expect(kept.owner).not.toEqual(taylors);
  expect(kept.records).not.toContain('Run:1');
});
