import type { Page } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, submitLogin, TECHNICIAN, test, VIEWER } from './fixtures.ts';
import { chooseLanguage, say } from './i18n-support.ts';
import { dropFilesOn, technicianToken } from './records-support.ts';
import { clippedControls, overflowingParts, smallControls } from './screen-checks.ts';

/** The evidence summary of a run step, in English as the code writes it. */
const EVIDENCE_SUMMARY =
  '{which, select, optional {{attached} of {files, plural, one {# optional file} other {# optional files}} attached} other {{attached} of {files, plural, one {# required file} other {# required files}} attached}}';

/** What an evidence slot's badge says, by its state. */
const SLOT_STATE = '{state, select, empty {Empty} uploading {Uploading…} attached {Attached} other {}}';

/** How many files an evidence slot holds, on the button that opens them. */
const SLOT_COUNT = '{count, plural, one {# file} other {# files}}: open';

interface EvidenceField {
  id: number;
  name: string;
  type: string;
  required: boolean;
  fileAttachmentId: number | null;
}

/** Run `runId`'s inspection step with its evidence fields, as the API has them now. */
async function inspectionStep(runId: number): Promise<{ id: number; fields: EvidenceField[] }> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `query S($id: ID!) { run(id: $id) { steps { id title fields { id name type required fileAttachmentId } } } }`,
    { id: String(runId) },
  );
  expect(res.errors).toBeUndefined();
  const step = (res.data?.run.steps as { id: number; title: string; fields: EvidenceField[] }[]).find(
    (s) => s.title === 'Dimensional inspection',
  );
  if (!step) throw new Error(`run ${runId} has no inspection step`);
  return { id: step.id, fields: step.fields.filter((f) => f.type === 'FILE_ATTACHMENT') };
}

test.describe('a technician whose browser speaks Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('signs in on a Spanish page, attaches a photo to an evidence slot and reads the count in Spanish', async ({
    page,
  }) => {
    // Run 6's optional slot: no other journey fills it, and its required ones are left to theirs.
    const step = await inspectionStep(6);
    const required = step.fields.filter((f) => f.required);
    const attached = required.filter((f) => f.fileAttachmentId !== null).length;
    const optional = step.fields.find((f) => !f.required && f.fileAttachmentId === null);
    if (!optional) throw new Error('run 6 has no empty optional evidence slot');

    await page.goto(`/run-steps/${step.id}`);
    await page.waitForURL(/\/oidc\/interaction\//);
    // The identity provider's page speaks the app's language (ui_locales), as Keycloak's does.
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByLabel('Correo electrónico').fill(TECHNICIAN.email);
    await page.getByLabel('Contraseña').fill(TECHNICIAN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === `/run-steps/${step.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    const summary = page.getByTestId('evidence-summary');
    await expect(summary).toHaveText(
      say('es', EVIDENCE_SUMMARY, { which: 'required', attached, files: required.length }),
    );
    const slot = page.getByRole('region', { name: optional.name });
    await expect(slot.getByTestId('evidence-slot-state')).toHaveText(
      say('es', SLOT_STATE, { state: 'empty' }),
    );
    await dropFilesOn(slot, [{ name: `foto-${Date.now()}.png`, type: 'image/png', size: 64 }]);
    await expect(slot).toHaveAttribute('data-state', 'attached');
    await expect(slot.getByTestId('evidence-slot-state')).toHaveText(
      say('es', SLOT_STATE, { state: 'attached' }),
    );
    await expect(slot.getByText(say('es', SLOT_COUNT, { count: 1 }))).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('evidence-es.png') });
  });
});

/** The shell's words a person sees on the home page, in `locale`. */
async function expectShellIn(page: Page, locale: 'en' | 'vi'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { name: say(locale, 'Open a record') })).toBeVisible();
  await expect(page.getByLabel(say(locale, 'Id, scanned label or link'))).toBeVisible();
  await expect(
    page.getByRole('link', { name: say(locale, 'Parts', {}, 'Navigation: the list of parts'), exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', {
      name: say(locale, 'Runs', {}, 'Navigation: the list of production runs (the records)'),
      exact: true,
    }),
  ).toBeVisible();
}

test('Vietnamese chosen in the account menu changes the whole shell at once, and stays with its person on a shared tablet', async ({
  page,
}) => {
  await signIn(page, '/');
  await expectShellIn(page, 'en');

  await chooseLanguage(page, 'Tiếng Việt');
  await expectShellIn(page, 'vi');
  await page.screenshot({ path: test.info().outputPath('shell-vi.png') });
  await page.reload();
  await expectShellIn(page, 'vi');

  // Signing out in Vietnamese: the provider asks nothing (the app sends the ID token as the hint).
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: say('vi', 'Sign out') }).click();
  await page.waitForURL(/\/oidc\/interaction\//);

  // The next person on the tablet gets their browser's language, not the last person's choice.
  await submitLogin(page, VIEWER.email, VIEWER.password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expectShellIn(page, 'en');

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expectShellIn(page, 'vi');
});

const PSEUDO_SCREENS: { name: string; path: string; ready: (page: Page) => ReturnType<Page['getByText']> }[] =
  [
    { name: 'home', path: '/', ready: (page) => page.getByLabel(say('en-XA', 'Id, scanned label or link')) },
    { name: 'parts', path: '/parts', ready: (page) => page.getByRole('table') },
    { name: 'part', path: '/parts/1', ready: (page) => page.getByRole('heading', { level: 1 }) },
    { name: 'run', path: '/runs/1', ready: (page) => page.getByTestId('run-step-evidence') },
    { name: 'runs', path: '/runs', ready: (page) => page.getByRole('table') },
  ];

test.describe('the pseudo-locale (accented, 40 % longer) at tablet sizes', () => {
  for (const size of [
    { name: 'portrait', width: 768, height: 1024 },
    { name: 'landscape', width: 1024, height: 768 },
  ]) {
    test(`${size.name}: no page or header scrolls sideways, every control still 44 px`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, '/');
      await chooseLanguage(page, 'Ƥşḗŭḓǿ');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { name: say('en-XA', 'Open a record') })).toBeVisible();
      for (const { name, path, ready } of PSEUDO_SCREENS) {
        await page.goto(path);
        await expect(ready(page).first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
        expect(await overflowingParts(page, 'header'), `${name}: the header's rows fit`).toEqual([]);
        expect.soft(await smallControls(page), `${name}: controls under 44 px`).toEqual([]);
        expect.soft(await clippedControls(page), `${name}: controls whose words are cut off`).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`pseudo-${name}-${size.name}.png`) });
      }
    });
  }
});
