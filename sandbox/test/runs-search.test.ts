import { describe, expect, it } from 'vitest';
import { attachFile } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

interface RunsData {
  runs: {
    pageInfo: { totalCount: number };
    edges: { node: { id: number; title: string; steps: { id: number }[] } }[];
  };
}

const RUNS = `query Runs($filters: RunsInputFilters, $missing: RunStepsInputFilters, $sort: [RunSortEnum]) {
  runs(filters: $filters, sort: $sort, first: 100) {
    pageInfo { totalCount }
    edges { node { id title steps(filters: $missing) { id } } }
  }
}`;

const titles = (data: RunsData | null | undefined) => data?.runs.edges.map((e) => e.node.title) ?? [];

/** Steps with a required FILE_ATTACHMENT field that holds no file, as the runs list asks for them. */
const MISSING_EVIDENCE = {
  fields: { type: { eq: 'FILE_ATTACHMENT' }, required: { eq: true }, fileAttachmentId: { isnull: true } },
};

// The runs list asks for runs by serial (in the title), part number and procedure title, and for the
// steps still missing required evidence, with the real schema's filter names.
describe('runs filters', () => {
  const api = useSandbox({ seedRuns: 300 });

  it('finds a serial in run titles, in any letter case, among generated runs', async () => {
    const res = await api.gql<RunsData>(RUNS, { filters: { title: { ilike: '%sn 0041%' } } });
    expect(titles(res.data)).toEqual(['BRKT-0001 Rev C, SN 0041']);
    const generated = await api.gql<RunsData>(RUNS, { filters: { title: { ilike: '%SN 10007%' } } });
    expect(generated.data?.runs.pageInfo.totalCount).toBe(1);
  });

  it('seeds one serial on two runs, for the choice a label naming several runs needs', async () => {
    const res = await api.gql<RunsData>(RUNS, { filters: { title: { ilike: '%SN 0100%' } } });
    expect(titles(res.data).sort()).toEqual(['HSG-0104 Rev A, SN 0100', 'Receiving: TANK-0010 SN 0100']);
  });

  it('filters by the part number and the procedure title, combined with and_/or_', async () => {
    const byPart = await api.gql<RunsData>(RUNS, {
      filters: { partNumber: { ilike: '%brkt-0001%' }, title: { ilike: '%SN 004%' } },
    });
    expect(titles(byPart.data).sort()).toEqual(['BRKT-0001 Rev C, SN 0041', 'BRKT-0001 Rev C, SN 0042']);
    const either = await api.gql<RunsData>(RUNS, {
      filters: {
        and_: [
          { or_: [{ title: { ilike: '%leak%' } }, { procedure: { title: { ilike: '%leak%' } } }] },
          { or_: [{ title: { ilike: '%asm-2000%' } }, { partNumber: { ilike: '%asm-2000%' } }] },
        ],
      },
    });
    // The catalogue's leak test, and the generated ASM-2000 runs that follow the leak test procedure.
    expect(titles(either.data)).toContain('Leak test ASM-2000 SN 0003');
    expect(titles(either.data).every((title) => title.includes('ASM-2000'))).toBe(true);
    const leak = await api.gql<RunsData>(RUNS, {
      filters: { procedure: { title: { ilike: '%leak%' } }, partNumber: { ilike: '%asm-2000%' } },
    });
    expect(leak.data?.runs.pageInfo.totalCount).toBe(titles(either.data).length);
  });

  it('counts the steps whose required evidence holds no file; a file attached there takes its step off', async () => {
    const stepsMissing = async () => {
      const res = await api.gql<RunsData>(RUNS, {
        filters: { title: { eq: 'BRKT-0001 Rev C, SN 0041' } },
        missing: MISSING_EVIDENCE,
      });
      return res.data?.runs.edges[0]?.node.steps.map((s) => s.id) ?? [];
    };
    const before = await stepsMissing();
    expect(before.length).toBeGreaterThan(0);
    const step = before[0]!;
    const res = await api.gql<{
      runStep: { fields: { type: string; required: boolean; entity: { id: number } }[] };
    }>('query($id: ID!) { runStep(id: $id) { fields { type required entity { id } } } }', { id: step });
    const slots = (res.data?.runStep.fields ?? []).filter((f) => f.type === 'FILE_ATTACHMENT' && f.required);
    for (const slot of slots) {
      const attached = await attachFile(
        api.url,
        await api.token('technician'),
        slot.entity.id,
        'proof.txt',
        'x',
      );
      expect(attached.errors).toBeUndefined();
    }
    const after = await stepsMissing();
    expect(after).not.toContain(step);
    expect(after).toEqual(before.filter((id) => id !== step));
  });

  it('sorts newest first and by title', async () => {
    const newest = await api.gql<RunsData>(RUNS, { sort: ['_CREATED_DESC'] });
    expect(titles(newest.data)[0]).toMatch(/, SN 10299$/);
    const byTitle = await api.gql<RunsData>(RUNS, {
      sort: ['TITLE_ASC'],
      filters: { title: { ilike: 'BRKT-0001%' } },
    });
    expect(titles(byTitle.data)).toEqual([...titles(byTitle.data)].sort());
  });
});
