import type { Locator, Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { attachOnce, PNG_BYTES, pdfBytes, technicianToken } from './records-support.ts';
import { scan } from './scanner-support.ts';
import { lowContrast, smallControls } from './screen-checks.ts';

// The two tablet orientations the floor uses, and a desktop for the office.
const SIZES = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The step of run 1 whose FILE_ATTACHMENT fields are evidence slots, its first and its required ones. */
async function inspectionStep(): Promise<{ stepId: number; fieldId: number; requiredIds: number[] }> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `query S { run(id: "1") { steps { id title fields { id type required } } } }`,
  );
  const step = (
    res.data?.run.steps as {
      id: number;
      title: string;
      fields: { id: number; type: string; required: boolean }[];
    }[]
  ).find((s) => s.title === 'Dimensional inspection');
  const files = step?.fields.filter((f) => f.type === 'FILE_ATTACHMENT') ?? [];
  if (!step || !files[0])
    throw new Error(`run 1 has no inspection step with a file field: ${JSON.stringify(res)}`);
  return {
    stepId: step.id,
    fieldId: files[0].id,
    requiredIds: files.filter((f) => f.required).map((f) => f.id),
  };
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
      // The field's value is the file it holds, never "Not set" beside it.
      ready: (page) => page.getByText('Attached: cmm-report.pdf'),
    },
    { name: 'unknown-run', path: '/runs/999999', ready: (page) => page.getByRole('alert') },
    { name: 'runs', path: '/runs', ready: (page) => page.getByText(/^Showing 1–\d+ of \d+ runs$/) },
    {
      name: 'runs-no-result',
      path: '/runs?q=SN%209999&status=HOLD',
      ready: (page) => page.getByText('Nothing matches “SN 9999”, status hold.'),
    },
    {
      name: 'serial-choice',
      path: '/runs?part=1',
      ready: (page) => page.getByText('Only the runs of part 1.'),
      open: async (page) => {
        await scan(page, 'SN 0100');
        const dialog = page.getByRole('dialog', { name: 'Which run?' });
        await expect(dialog.getByRole('link')).toHaveCount(2);
        return dialog;
      },
    },
    {
      name: 'home-serial-choice',
      path: '/',
      ready: (page) => page.getByLabel('Id, scanned label or link'),
      open: async (page) => {
        await page.getByLabel('Id, scanned label or link').fill('SN 0100');
        await page.keyboard.press('Enter');
        const choice = page.getByRole('group', { name: 'Runs with SN 0100' });
        await expect(choice.getByRole('link')).toHaveCount(2);
        return choice;
      },
    },
    { name: 'part-runs', path: '/parts/1', ready: (page) => page.getByText('Runs, newest first') },
    { name: 'procedure-runs', path: '/procedures/1', ready: (page) => page.getByText('Runs, newest first') },
    {
      name: 'step-run-steps',
      path: '/steps/2',
      ready: (page) => page.getByText('Run steps made from it, newest runs first'),
    },
  ];
}

/** Where a notice sits on the screen: its side, and whether at the bottom or half way down. */
type NoticePlace = 'bottom right' | 'middle right' | 'bottom left';

/**
 * Raises a notice (a scan too short for a label says so) and expects it to cover no control (the open
 * dialog's when there is one, the page behind being out of reach, else the page's), and to sit at
 * `place` when one is given. Then closes it.
 */
async function expectNoticeClear(page: Page, what: string, place?: NoticePlace): Promise<void> {
  await scan(page, '12');
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Scan too short' });
  await expect(notice).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
  expect(
    await lowContrast(page, '.mantine-Notification-root :is(p, div)'),
    'notice text under 4.5:1',
  ).toEqual([]);
  // Asked until it holds, not once: the app places the notices a frame or two and an observer's answer
  // after one shows (useNoticeRoom), and a loaded machine may ask before that.
  await expect
    .poll(() => coveredAndPlace(notice), {
      message: `${what}: the notice covers no control${place ? ` and sits at the ${place}` : ''}`,
    })
    .toEqual(place ? { covered: [], place } : expect.objectContaining({ covered: [] }));
  await notice.getByRole('button').click();
  await expect(notice).toBeHidden();
}

/** The controls `notice` covers, and where it sits. */
function coveredAndPlace(notice: Locator): Promise<{ covered: string[]; place: NoticePlace }> {
  return notice.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const shown = (node: Element) => node.getClientRects().length > 0;
    const layer = [...document.querySelectorAll('[role="dialog"]')].filter(shown).at(-1) ?? document.body;
    const selector =
      'a[href], button, input, select, textarea, [role="button"], [role="radio"], [role="tab"]';
    const covered = [...layer.querySelectorAll<HTMLElement>(selector)]
      .filter((control) => shown(control) && !el.contains(control))
      .map((control) => ({ control, at: control.getBoundingClientRect() }))
      .filter(({ at }) => at.width > 1 && at.height > 1)
      .filter(
        ({ at }) => at.left < box.right && at.right > box.left && at.top < box.bottom && at.bottom > box.top,
      )
      .map(
        ({ control }) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName,
      );
    const place: NoticePlace =
      box.right < window.innerWidth / 2
        ? 'bottom left'
        : box.bottom < window.innerHeight * 0.75
          ? 'middle right'
          : 'bottom right';
    return { covered, place };
  });
}

let stepId = 0;
let fieldId = 0;
test.beforeAll(async () => {
  const token = await technicianToken();
  await attachOnce(token, 'part', 7, 'weld-inspection.png', PNG_BYTES);
  await attachOnce(token, 'part', 7, 'torque-report.pdf', pdfBytes(3));
  const inspection = await inspectionStep();
  ({ stepId, fieldId } = inspection);
  // Filled evidence slots: their "Attached" badges and the run's count of a complete step are shown too.
  for (const id of inspection.requiredIds) {
    await attachOnce(token, 'runStepField', id, 'cmm-report.pdf', pdfBytes(1));
  }
});

test.describe('notices over real layouts', () => {
  for (const [size, scheme] of [
    [SIZES[0], 'light'],
    [SIZES[1], 'dark'],
  ] as const) {
    test(`${size.name}, ${scheme}: a notice covers no control, on a page or in a dialog`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, '/parts/7');
      await expect(page.getByRole('heading', { name: /^Attachments \(\d+\)/ })).toBeVisible();
      // The page's last controls, where a notice at the bottom right would sit over a long page:
      // the page ends with room for it, so scrolled to its end nothing is under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectNoticeClear(page, 'record page', 'bottom right');

      // The uploads panel on the right: the notices sit beside it, at the bottom left.
      await page.getByRole('button', { name: /^Uploads/ }).click();
      await expect(page.getByRole('dialog', { name: 'Uploads' })).toBeVisible();
      await expectNoticeClear(page, 'uploads panel', 'bottom left');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Delete weld-inspection.png' }).first().click();
      const confirm = page.getByRole('dialog', { name: 'Delete attachment?' });
      await expect(confirm).toBeVisible();
      await expectNoticeClear(page, 'delete dialog');
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      // A short dialog whose buttons sit half way down the screen (landscape): the notice goes below it.
      await page.getByRole('button', { name: 'Label', exact: true }).click();
      const label = page.getByRole('dialog', { name: /^Label for / });
      await expect(label.getByRole('img', { name: /^QR code for / })).toBeVisible();
      await expectNoticeClear(page, 'label dialog');
      await page.keyboard.press('Escape');
      await expect(label).toBeHidden();

      await page.getByRole('button', { name: 'Preview weld-inspection.png' }).first().click();
      await expect(page.getByRole('dialog').getByTestId('attachment-preview-image')).toBeVisible();
      await expectNoticeClear(page, 'preview');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Mark up weld-inspection.png' }).first().click();
      const editor = page.getByRole('dialog', { name: /^Mark up/ });
      await expect(editor.getByTestId('markup-canvas')).toBeVisible();
      // A tall dialog keeps its controls along its top and bottom: the notices sit half way down.
      await expectNoticeClear(page, 'mark-up editor', 'middle right');
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await expect(editor).toBeHidden();
    });
  }
});

test.describe('main pages at tablet and desktop sizes, light and dark', () => {
  for (const size of SIZES) {
    test(`${size.name}, light and dark: no page or header scrolls sideways`, async ({ page }, testInfo) => {
      // Seventeen screens, each looked at in both schemes: minutes on a loaded CI machine.
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: 'light' });
      await signIn(page, '/');
      for (const { name, path, ready, open } of screens(stepId, fieldId)) {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await expect(ready(page)).toBeVisible();
        const shown = open ? await open(page) : undefined;
        // A scheme changes colours, never the layout: the layout is checked once, the colours in each.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
        // The app's header holds the scan button, the uploads, the user menu and the colour scheme, and
        // the record's header its name and context: on a portrait tablet nothing may be pushed out.
        const headers = await page
          .locator('header')
          .evaluateAll((els) => els.map((el) => ({ scroll: el.scrollWidth, client: el.clientWidth })));
        for (const header of headers) {
          expect(header.scroll, `${name}: a header is wider than itself`).toBeLessThanOrEqual(header.client);
        }
        expect.soft(await smallControls(page), `${name}: controls under 44 px`).toEqual([]);
        if (shown) {
          const dialog = await shown.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
          expect(dialog.scroll, `${name}: the dialog scrolls sideways`).toBeLessThanOrEqual(dialog.client);
        }
        for (const scheme of SCHEMES) {
          // The app follows the tablet's setting as it changes, on the page as it is.
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          expect
            .soft(await lowContrast(page, '.mantine-Badge-root'), `${name}, ${scheme}: badges under 4.5:1`)
            .toEqual([]);
          const file = testInfo.outputPath(`${name}-${size.name}-${scheme}.png`);
          await page.screenshot({ path: file });
          await testInfo.attach(`${name}-${size.name}-${scheme}`, { path: file, contentType: 'image/png' });
        }
      }
    });
  }
});
