import type { Page } from '@playwright/test';
import { PNG_BYTES } from '../../e2e/test-files.ts';
import { TIMEOUTS } from '../config.ts';
import { attempt, NotReady, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { apiClient, attachMany, gql, type ApiClient } from '../lib/apiClient.ts';
import { bareReplay } from '../lib/bareReplay.ts';
import { armEventClock, eventAt, shownAt, watchSelector } from '../lib/pageClock.ts';
import { measured } from '../lib/report.ts';
import { withApp, withSandbox } from '../lib/stack.ts';
import { median } from '../lib/stats.ts';

const NAME = 'evidence-step';
const FIELDS = 20;
const FILES_PER_FIELD = 10;
/** Seeded by SANDBOX_SEED_EVIDENCE_FIELDS (sandbox/src/db/seed.ts, EVIDENCE_RUN_TITLE). */
const RUN_TITLE = 'Evidence load run';
/** Each slot's "N files: open" link: there once the slot shows what its field holds. */
const FILLED_SLOT = '[data-testid="evidence-slot"] a[href^="/run-step-fields/"]';

interface EvidenceRun {
  runId: number;
  stepId: number;
  fieldEntityIds: number[];
}

async function findRun(client: ApiClient): Promise<EvidenceRun> {
  const { data } = await gql<{
    runs: {
      edges: { node: { id: number; steps: { id: number; fields: { entity: { id: number } }[] }[] } }[];
    };
  }>(
    client,
    `query BenchEvidenceRun($title: String!) {
      runs(filters: { title: { eq: $title } }) { edges { node { id steps { id fields { entity { id } } } } } }
    }`,
    { title: RUN_TITLE },
  );
  const run = data.runs.edges[0]?.node;
  const step = run?.steps[0];
  if (!run || !step || step.fields.length !== FIELDS) {
    throw new NotReady(`the sandbox did not seed "${RUN_TITLE}" with ${FIELDS} fields`);
  }
  return { runId: run.id, stepId: step.id, fieldEntityIds: step.fields.map((f) => f.entity.id) };
}

/** Small photos into every field, eight requests at a time: the step's evidence, set up through the API. */
async function fillSlots(client: ApiClient, entityIds: number[]): Promise<void> {
  const body = new Uint8Array(PNG_BYTES);
  const jobs = entityIds.flatMap((entityId, field) =>
    Array.from({ length: FILES_PER_FIELD }, (_, n) => ({
      entityId,
      filename: `slot-${String(field + 1).padStart(2, '0')}-photo-${String(n + 1).padStart(2, '0')}.png`,
    })),
  );
  await attachMany(client, body, jobs, 8);
}

/** Tap on the step in the run page's step list to every slot showing its files; page clock, ms. */
async function openStep(page: Page, run: EvidenceRun): Promise<number> {
  // A fresh page load each time: the step is not in the app's cache yet, as on a tablet just handed over.
  await page.goto(`/runs/${run.runId}`);
  const link = page.locator(`a[href="/run-steps/${run.stepId}"]`).first();
  try {
    await link.waitFor();
  } catch {
    throw new NotReady('the run page lists no link to its step');
  }
  await watchSelector(page, FILLED_SLOT, FIELDS);
  await armEventClock(page, 'click');
  await link.click();
  const shown = await shownAt(page, TIMEOUTS.uiMs, `${FIELDS} filled evidence slots`);
  return shown - (await eventAt(page));
}

const figures = () => [
  `run step, ${FIELDS} file fields, ${FIELDS * FILES_PER_FIELD} files: tap to slots shown`,
];

/**
 * A run step whose 20 FILE_ATTACHMENT fields hold 200 files: from the tap on the step in its run's
 * step list to all 20 slots showing their files, against the app's own record query replayed bare.
 */
export const evidenceStep: Benchmark = {
  name: NAME,
  figures,
  async run(ctx: BenchContext) {
    const [figure] = figures() as [string];
    return withSandbox(ctx.repoRoot, { evidenceFields: FIELDS }, async (sandbox, appPort) => {
      const client = await apiClient(sandbox.graphqlUrl, sandbox.issuer);
      const run = await findRun(client);
      ctx.log(`evidence step: attaching ${FIELDS * FILES_PER_FIELD} files to the step's fields`);
      await fillSlots(client, run.fieldEntityIds);
      return attempt(NAME, [figure], () =>
        withApp(ctx.repoRoot, sandbox, appPort, ctx.log, async ({ page }) => {
          let stepRequest: string | undefined;
          page.on('request', (request) => {
            const body = request.method() === 'POST' ? request.postData() : null;
            if (body?.includes('query RunStepRecord')) stepRequest = body;
          });
          const times: number[] = [];
          for (let i = 0; i < ctx.sizes.appRepeats; i++) times.push(await openStep(page, run));
          if (!stepRequest)
            throw new Error('the run step page showed its slots without a RunStepRecord request');
          const bare = await bareReplay(page, client, stepRequest, ctx.sizes.latencySamples);
          return [
            measured(
              NAME,
              figure,
              { value: median(times), unit: 'ms' },
              { label: `the app's RunStepRecord query, bare ${bare.where}, p50`, value: bare.ms, unit: 'ms' },
              {
                vital: 'INP',
                note: `median of ${times.length} (${times.map((t) => t.toFixed(0)).join(', ')} ms), each after a fresh load of the run page`,
              },
            ),
          ];
        }),
      );
    });
  },
};
