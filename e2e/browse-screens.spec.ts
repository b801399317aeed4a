import type { Locator, Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { attachFile, entityIdOf, PNG_BYTES, pdfBytes, technicianToken } from './records-support.ts';

// The two tablet orientations the floor uses, and a desktop for the office.
const SIZES = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The step of run 1 whose FILE_ATTACHMENT fields are evidence slots, and its first field. */
async function inspectionStep(): Promise<{ stepId: number; fieldId: number }> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `query S { run(id: "1") { steps { id title fields { id type } } } }`,
  );
  const step = (
    res.data?.run.steps as { id: number; title: string; fields: { id: number; type: string }[] }[]
  ).find((s) => s.title === 'Dimensional inspection');
  const field = step?.fields.find((f) => f.type === 'FILE_ATTACHMENT');
  if (!step || !field)
    throw new Error(`run 1 has no inspection step with a file field: ${JSON.stringify(res)}`);
  return { stepId: step.id, fieldId: field.id };
}

interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
  /** A gesture after the page is ready (e.g. opening a preview); what it shows is then checked. */
  open?: (page: Page) => Promise<Locator>;
}

function screens(stepId: number, fieldId: number): Screen[] {
  return [
    { name: 'home', path: '/', ready: (page) => page.getByLabel('Id, scanned label or link') },
    { name: 'parts', path: '/parts', ready: (page) => page.getByText(/Showing 1–25 of/) },
    {
      name: 'parts-no-result',
      path: '/parts?q=solenoid%20unobtainium',
      ready: (page) => page.getByText('Nothing matches “solenoid unobtainium”.'),
    },
    {
      name: 'part',
      path: '/parts/7',
      ready: (page) => page.getByRole('heading', { name: /^Attachments \(\d+\)/ }),
    },
    {
      name: 'pdf-preview',
      path: '/parts/7',
      ready: (page) => page.getByRole('heading', { name: /^Attachments \(\d+\)/ }),
      open: async (page) => {
        // Every test's beforeAll (one per worker) attached it again: any copy will do.
        await page.getByRole('button', { name: 'Preview torque-report.pdf' }).first().click();
        const painted = page.getByRole('dialog').getByTestId('pdf-page');
        await expect(painted).toHaveAttribute('data-rendered-page', '1');
        return page.getByRole('dialog');
      },
    },
    { name: 'run', path: '/runs/1', ready: (page) => page.getByRole('heading', { name: 'Steps' }) },
    {
      name: 'run-step',
      path: `/run-steps/${stepId}`,
      ready: (page) => page.getByTestId('evidence-summary'),
    },
    {
      name: 'run-step-field',
      path: `/run-step-fields/${fieldId}`,
      ready: (page) => page.getByRole('heading', { name: /Attachments/ }),
    },
    { name: 'unknown-run', path: '/runs/999999', ready: (page) => page.getByRole('alert') },
  ];
}

/** Controls in the header narrower or lower than a gloved fingertip (44 px). */
async function smallHeaderControls(page: Page): Promise<string[]> {
  return page.locator('header.mantine-AppShell-header').evaluate((header) =>
    Array.from(header.querySelectorAll<HTMLElement>('a, button, input, [role="button"]'))
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent}: ${box.width}x${box.height}`),
  );
}

test.describe('main pages at tablet and desktop sizes, light and dark', () => {
  let stepId = 0;
  let fieldId = 0;
  test.beforeAll(async () => {
    const token = await technicianToken();
    const entity = await entityIdOf(token, 'part', 7);
    await attachFile(token, entity, 'weld-inspection.png', PNG_BYTES);
    await attachFile(token, entity, 'torque-report.pdf', pdfBytes(3));
    ({ stepId, fieldId } = await inspectionStep());
  });

  for (const size of SIZES) {
    for (const scheme of SCHEMES) {
      test(`${size.name}, ${scheme}: no page or header scrolls sideways`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: scheme });
        await signIn(page, '/');
        for (const { name, path, ready, open } of screens(stepId, fieldId)) {
          await page.goto(path);
          await expect(ready(page)).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          const shown = open ? await open(page) : undefined;
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
          // The app's header holds the scan button, the uploads, the user menu and the colour scheme, and
          // the record's header its name and context: on a portrait tablet nothing may be pushed out.
          const headers = await page
            .locator('header')
            .evaluateAll((els) => els.map((el) => ({ scroll: el.scrollWidth, client: el.clientWidth })));
          for (const header of headers) {
            expect(header.scroll, `${name}: a header is wider than itself`).toBeLessThanOrEqual(
              header.client,
            );
          }
          expect(await smallHeaderControls(page), `${name}: header controls under 44 px`).toEqual([]);
          if (shown) {
            const dialog = await shown.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
            expect(dialog.scroll, `${name}: the dialog scrolls sideways`).toBeLessThanOrEqual(dialog.client);
          }
          const file = testInfo.outputPath(`${name}-${size.name}-${scheme}.png`);
          await page.screenshot({ path: file });
          await testInfo.attach(`${name}-${size.name}-${scheme}`, { path: file, contentType: 'image/png' });
        }
      });
    }
  }
});
