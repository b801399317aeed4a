import { describe, expect, it } from 'vitest';
import { EVIDENCE_RUN_TITLE } from '../src/db/seed.ts';
import { useSandbox } from './use-sandbox.ts';

const RUN_QUERY = `query EvidenceRun($title: String!) {
  runs(filters: { title: { eq: $title } }) {
    edges { node { title steps { id fields { name type required } } } }
  }
}`;

interface RunsData {
  runs: {
    edges: { node: { steps: { fields: { name: string; type: string; required: boolean }[] }[] } }[];
  };
}

// The benchmarks measure a step with many evidence slots; the seed adds it only when asked.
describe('SANDBOX_SEED_EVIDENCE_FIELDS', () => {
  const withFields = useSandbox({ seedEvidenceFields: 6 });
  const without = useSandbox();

  it('seeds one run step with that many FILE_ATTACHMENT fields, the first half required', async () => {
    const res = await withFields.gql<RunsData>(RUN_QUERY, { title: EVIDENCE_RUN_TITLE });
    const run = res.data?.runs.edges[0]?.node;
    expect(res.data?.runs.edges).toHaveLength(1);
    expect(run?.steps).toHaveLength(1);
    const fields = run?.steps[0]?.fields ?? [];
    expect(fields.map((f) => f.type)).toEqual(Array(6).fill('FILE_ATTACHMENT'));
    expect(fields.map((f) => f.required)).toEqual([true, true, true, false, false, false]);
  });

  it('adds nothing by default', async () => {
    const res = await without.gql<RunsData>(RUN_QUERY, { title: EVIDENCE_RUN_TITLE });
    expect(res.data?.runs.edges).toEqual([]);
  });
});
