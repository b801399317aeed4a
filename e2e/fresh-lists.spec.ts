import type { Page, Route } from '@playwright/test';
import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { attachFile, dropFilesOn, entityIdOf, pdfBytes, technicianToken } from './records-support.ts';

// Never stale without saying so (issue 35 item 3): lists are asked again each time they are shown, a
// kept copy says it is one until the server answers, counts follow the files, and a file that arrives
// on an open record is marked New with who added it. States only: no figure of time is asserted.
test.use({ viewport: { width: 1024, height: 768 } });

const isApi = (url: URL) => url.href.startsWith(`${SANDBOX_URL}/graphql`);

function unique(base: string): string {
  return base.replace(/(\.[^.]+)?$/, `-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}$1`);
}

interface MissingStep {
  run: { id: number; title: string; missing: number };
  step: number;
  /** The step's required file fields that hold no file yet. */
  fields: { name: string; entityId: number }[];
}

/** The newest run with a step that misses required files, through the API (the shared sandbox's state). */
async function runMissingFiles(token: string): Promise<MissingStep> {
  const empty = `fields: { type: { eq: FILE_ATTACHMENT }, required: { eq: true }, fileAttachmentId: { isnull: true } }`;
  const result = await gql(
    SANDBOX_URL,
    token,
    `query M { runs(sort: [_CREATED_DESC], first: 50) { edges { node { id title
      missing: steps(filters: { ${empty} }) { id fields(filters: { type: { eq: FILE_ATTACHMENT }, required: { eq: true }, fileAttachmentId: { isnull: true } }) { name entityId } }
    } } } }`,
    {},
  );
  expect(result.errors).toBeUndefined();
  type Node = { id: number; title: string; missing: { id: number; fields: MissingStep['fields'] }[] };
  const runs = (result.data?.runs.edges as { node: Node }[]).map((edge) => edge.node);
  const run = runs.find((node) => node.missing.some((step) => step.fields.length > 0));
  if (!run) throw new Error('no run misses a required file');
  const step = run.missing.find((candidate) => candidate.fields.length > 0)!;
  return {
    run: { id: run.id, title: run.title, missing: run.missing.length },
    step: step.id,
    fields: step.fields,
  };
}

const missingText = (count: number) =>
  count === 0 ? 'None missing' : count === 1 ? '1 step misses files' : `${count} steps miss files`;

/** Every request to the API waits, unanswered, until `release`. */
async function holdTheApi(page: Page): Promise<{ held: Route[]; release(): Promise<void> }> {
  const held: Route[] = [];
  await page.route(isApi, (route) => {
    held.push(route);
  });
  return {
    held,
    release: async () => {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    },
  };
}

test('the runs list counts a step whose last required file was just attached, and still after a reload', async ({
  page,
}) => {
  const token = await technicianToken();
  const { run, step, fields } = await runMissingFiles(token);
  // All but one of the step's required files are there already: the technician attaches the last.
  const [last, ...others] = fields;
  for (const field of others) await attachFile(token, field.entityId, unique('earlier.pdf'), pdfBytes(1));

  await signIn(page, `/runs?${new URLSearchParams({ q: run.title })}`);
  const row = page.getByRole('row').filter({ has: page.locator(`a[href="/runs/${run.id}"]`) });
  await expect(row).toContainText(missingText(run.missing));

  await page.goto(`/run-steps/${step}`);
  const slot = page.getByRole('region', { name: last!.name, exact: true });
  const chooser = page.waitForEvent('filechooser');
  await slot.getByRole('button', { name: `Choose a file for ${last!.name}` }).click();
  const name = unique('last-required.pdf');
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes(1)) });
  await expect(slot.getByTestId('evidence-slot-state')).toHaveText(/Attached/);

  // Back to the list (the browser's Back: the app does not load again): asked of the server again.
  await page.goBack();
  await expect(page).toHaveURL(/\/runs\?/);
  await expect(row).toContainText(missingText(run.missing - 1));
  await expect(page.getByTestId('kept-age')).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText(missingText(run.missing - 1));
  await expect(page.getByTestId('kept-age')).toHaveCount(0);
});

test('a list shown again is asked again: its kept copy says so until the server answers', async ({
  page,
}) => {
  await signIn(page, '/runs');
  const rows = page.locator('main tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('kept-age')).toHaveCount(0);
  await rows.first().locator('a[href^="/runs/"]').click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  // The run page itself on screen, not only its address: until its data and code are in, the router
  // keeps the list shown, and going back then would show a list that was never left.
  await expect(page.getByRole('heading', { name: /^Attachments \(\d+\)/ })).toBeVisible();
  await expect(page.getByTestId('kept-age')).toHaveCount(0);

  const api = await holdTheApi(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/runs$/);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('kept-age')).toHaveText(
    /^Kept copy · saved (just now|\d+ min ago); checking with the server…$/,
  );
  await expect.poll(() => api.held.length).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('runs-kept.png') });

  await api.release();
  await expect(page.getByTestId('kept-age')).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
});

test('a file a colleague attaches shows on the open record marked New, with who added it; own files are not', async ({
  page,
}) => {
  const token = await technicianToken();
  const entity = await entityIdOf(token, 'part', 2);
  await signIn(page, '/parts/2');
  await expect(page.getByRole('heading', { name: /^Attachments \(\d+\)$/ })).toBeVisible();

  const own = unique('own-note.csv');
  await dropFilesOn(page.getByRole('heading', { level: 1 }), [{ name: own, type: 'text/csv', size: 64 }]);
  await expect(page.getByRole('listitem', { name: `${own}: Attached` })).toBeVisible();
  const files = page.getByTestId('attachment-row');
  await expect(files.filter({ hasText: own })).toBeVisible();
  await expect(files.filter({ hasText: own })).not.toHaveAttribute('data-new');

  // Through the API, as from another device: it comes with the open record's next refresh (asked at
  // once when the tablet's window gets focus, as when the technician comes back to it).
  const theirs = unique('colleague-report.pdf');
  await attachFile(token, entity, theirs, pdfBytes(1));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const row = files.filter({ hasText: theirs });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-new', 'true');
  await expect(row).toContainText('New from Taylor Technician');
  await expect(files.filter({ hasText: own })).not.toHaveAttribute('data-new');
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('new-file.png') });

  // Seen: opened again, the record marks nothing as new.
  await page.goto('/parts/1');
  await page.goto('/parts/2');
  await expect(row).toBeVisible();
  await expect(files.locator('[data-new]')).toHaveCount(0);
});
