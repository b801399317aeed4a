import { gql } from '../sandbox/test/harness.ts';
import { expect, SANDBOX_URL, signIn, test } from './fixtures.ts';
import { dropFilesOn, expectNoSeriousA11yViolations, technicianToken } from './records-support.ts';

interface SandboxStep {
  id: number;
  title: string;
  position: number;
  fields: { id: number; name: string; fileAttachmentId: number | null; entity: { id: number } }[];
}

/** A run's steps and their fields as the API has them now. */
async function runSteps(runId: number): Promise<SandboxStep[]> {
  const res = await gql(
    SANDBOX_URL,
    await technicianToken(),
    `query S($id: ID!) { run(id: $id) { steps { id title position
       fields { id name fileAttachmentId entity { id fileAttachments { id filename } } } } } }`,
    { id: String(runId) },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.run.steps;
}

async function inspectionStep(runId: number): Promise<SandboxStep> {
  const step = (await runSteps(runId)).find((s) => s.title === 'Dimensional inspection');
  if (!step) throw new Error(`run ${runId} has no inspection step`);
  return step;
}

test.describe('where am I', () => {
  test('each record page names its run, serial and step, and so does the tab title', async ({ page }) => {
    await signIn(page, '/run-steps/1');
    const context = page.getByTestId('record-context');
    await expect(context).toHaveText('Run 1 · SN 0041 · Step 1');
    await expect(page.getByTestId('record-context-details')).toContainText('Step 1 of 4');
    await expect(page.getByTestId('record-context-details')).toContainText('Part BRKT-0001 rev C');
    await expect(page).toHaveTitle(/Run 1 · SN 0041 · Step 1/);

    // Run 6 is the same part and procedure on another serial: its steps must not look the same.
    const other = (await runSteps(6))[0]!;
    await page.goto(`/run-steps/${other.id}`);
    await expect(context).toHaveText('Run 6 · SN 0042 · Step 1');
    await expect(page).toHaveTitle(/Run 6 · SN 0042 · Step 1/);

    await page.goto('/run-step-fields/1');
    await expect(context).toHaveText('Run 1 · SN 0041 · Step 1 · Heat number');

    await page.goto('/runs/1');
    await expect(context).toHaveText('Run 1 · SN 0041');
    await expect(page.getByTestId('record-context-details')).toContainText('Part BRKT-0001 rev C');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/parts/1');
    await expect(page.getByTestId('record-context')).toHaveCount(0);
    await expect(page).toHaveTitle(/^Part 1: /);
  });

  test('upload rows and the notification name the step with its run and serial', async ({ page }) => {
    const step = (await runSteps(6))[1]!;
    await signIn(page, `/run-steps/${step.id}`);
    const filename = `context-${Date.now()}.txt`;
    await dropFilesOn(page.getByRole('heading', { level: 1 }), [{ name: filename, type: 'text/plain' }]);
    const row = page.getByRole('listitem', { name: `${filename}: Attached` });
    await expect(row.getByTestId('upload-target')).toHaveText('Run 6 · SN 0042 · Step 2');
    await expect(
      page.getByRole('status').filter({ hasText: '1 file attached to Run 6 · SN 0042 · Step 2.' }),
    ).toBeAttached();
  });
});

test.describe('evidence slots', () => {
  test('a drop into a required slot attaches to that field and counts towards the step', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const step = await inspectionStep(6);
    // Other journeys on this sandbox may have filled run 6's slots already (the evidence package journey
    // its CMM report, the fresh-lists journey a step's last required files): counted from what is there.
    const filled = (name: string) => step.fields.some((f) => f.name === name && f.fileAttachmentId !== null);
    const before = ['CMM report', 'Part photo'].filter(filled).length;
    const after = filled('Part photo') ? before : before + 1;
    await signIn(page, `/run-steps/${step.id}`);

    const summary = page.getByTestId('evidence-summary');
    await expect(summary).toHaveText(`${before} of 2 required files attached`);
    const slots = page.getByTestId('evidence-slot');
    await expect(slots).toHaveCount(3);
    // Required first.
    await expect(slots.nth(0)).toContainText('CMM report');
    await expect(slots.nth(1)).toContainText('Part photo');
    await expect(slots.nth(1)).toContainText('Whole part on the granite table');
    await expect(slots.nth(2)).toContainText('Optional');
    await expectNoSeriousA11yViolations(page);

    const photo = page.getByRole('region', { name: 'Part photo' });
    const filename = `part-photo-${Date.now()}.png`;
    await dropFilesOn(photo, [{ name: filename, type: 'image/png', size: 64 }]);
    await expect(photo).toHaveAttribute('data-state', 'attached');
    await expect(summary).toHaveText(`${after} of 2 required files attached`);

    // The API holds it on the field, not on the step.
    const field = (await inspectionStep(6)).fields.find((f) => f.name === 'Part photo')!;
    const stored = await gql(
      SANDBOX_URL,
      await technicianToken(),
      `query F($id: ID!) { runStepField(id: $id) { fileAttachment { filename } } }`,
      { id: String(field.id) },
    );
    expect(stored.data?.runStepField.fileAttachment).toEqual({ filename });
    const onStep = await gql(
      SANDBOX_URL,
      await technicianToken(),
      `query S($id: ID!) { runStep(id: $id) { entity { fileAttachments { filename } } } }`,
      { id: String(step.id) },
    );
    expect(onStep.data?.runStep.entity.fileAttachments).not.toContainEqual({ filename });

    // The run page lists its steps, with what each one misses, above the fold.
    await page.goto('/runs/6');
    const row = page.getByTestId('run-step-evidence').filter({ hasText: 'Dimensional inspection' });
    const state = row.getByTestId('run-step-evidence-state');
    if (after < 2) await expect(state).toHaveText(`Missing: ${after} of 2 required files attached`);
    else await expect(state).not.toContainText('Missing');
    await expect(row).toBeInViewport({ ratio: 1 });
  });
});
