import { expect, signIn, test } from './fixtures.ts';
import { scan } from './scanner-support.ts';

// A scanner typing a label the instant a new page loads (a QR link opened, a reload) on a tablet's
// CPU: every key the page is given is kept, and the scan opens its record.
test.describe('scans typed as a page loads', () => {
  test('10 of 10 open their record with the CPU 4× slower, typed as each page starts', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, '/runs/1');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The pages a scan meets as they load: a record page, the lists, home (its open-by-id box takes
    // focus as it opens) and a reload of the page shown.
    const startingPages = ['/runs/1', '/parts', '/', '/runs', 'reload'];
    for (let step = 1; step <= 10; step += 1) {
      const from = startingPages[(step - 1) % startingPages.length]!;
      if (from === 'reload') await page.reload({ waitUntil: 'commit' });
      else await page.goto(from, { waitUntil: 'commit' });
      // Scanned as soon as the new document exists, before the app has rendered (keys sent before the
      // document exists Chromium gives to no page at all). The keys carry the device's own times, 8 ms
      // apart, as a scanner's do: Playwright's own typing on a loaded machine is spaced like a person's.
      await page.evaluate(() => document.readyState);
      await scan(page, `RS-${step + 10}`);
      await expect(page, `scan ${step}, typed as ${from} loaded`).toHaveURL(`/run-steps/${step + 10}`, {
        timeout: 30_000,
      });
      await expect(page.getByText(`Run step ${step + 10}`, { exact: true })).toBeVisible({ timeout: 30_000 });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});
