import { describe, expect, it } from 'vitest';
import { STEP_LOAD_RUN_TITLE } from '../src/db/seed.ts';
import { useSandbox } from './use-sandbox.ts';

const RUN_QUERY = `query StepLoadRun($title: String!) {
  runs(filters: { title: { eq: $title } }) {
    edges { node { steps { id position entity { id } fields { type entity { id } } } } }
  }
}`;

interface RunsData {
  runs: {
    edges: {
      node: { steps: { position: number; entity: { id: number }; fields: { type: string }[] }[] };
    }[];
  };
}

// The pin benchmark measures a long run (10 steps and their fields); the seed adds it only when asked.
describe('SANDBOX_SEED_RUN_STEPS', () => {
  const withSteps = useSandbox({ seedRunSteps: 10 });
  const without = useSandbox();

  it('seeds one run with that many steps, each with a file field and a number field', async () => {
    const res = await withSteps.gql<RunsData>(RUN_QUERY, { title: STEP_LOAD_RUN_TITLE });
    expect(res.data?.runs.edges).toHaveLength(1);
    const steps = res.data?.runs.edges[0]?.node.steps ?? [];
    expect(steps.map((s) => s.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const step of steps) expect(step.fields.map((f) => f.type)).toEqual(['FILE_ATTACHMENT', 'NUMBER']);
  });

  it('adds nothing by default', async () => {
    const res = await without.gql<RunsData>(RUN_QUERY, { title: STEP_LOAD_RUN_TITLE });
    expect(res.data?.runs.edges).toEqual([]);
  });
});
