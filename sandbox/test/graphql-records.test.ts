import { describe, expect, it } from 'vitest';
import { useSandbox } from './use-sandbox.ts';

describe('records by id and their relations', () => {
  const api = useSandbox();
  const q = api.gql;

  it('me: the caller with organization', async () => {
    const res = await q('{ me { id name email organization { id domain name } } }');
    expect(res.data?.me).toEqual({
      id: 1,
      name: 'Taylor Technician',
      email: 'technician@example.com',
      organization: { id: 1, domain: 'example.com', name: 'Example Aerospace' },
    });
    const viewer = await q('{ me { id email } }', {}, 'viewer');
    expect(viewer.data?.me).toEqual({ id: 2, email: 'viewer@example.com' });
  });

  it('part(id: 1) with scalars, entity, runs and procedures', async () => {
    const res =
      await q(`{ part(id: "1") { id partNumber revision description partType trackingType sourcingStrategy
      cost leadTime _created _updated entityId entity { id type } runs { id partId } procedures { id } fileAttachments { id } } }`);
    const part = res.data?.part;
    expect(part).toMatchObject({
      id: 1,
      partNumber: 'BRKT-0001',
      revision: 'C',
      partType: 'PART',
      trackingType: 'SERIAL',
    });
    expect(part.description).toMatch(/Bracket/);
    expect(part.entity).toEqual({ id: part.entityId, type: 'PARTS' });
    expect(part.runs.length).toBeGreaterThan(0);
    expect(part.runs.every((r: { partId: number }) => r.partId === 1)).toBe(true);
    expect(part.procedures.length).toBeGreaterThan(0);
    expect(part.fileAttachments).toEqual([]);
    expect(Date.parse(part._created)).not.toBeNaN();
  });

  it('run(id: 1) with part, procedure and steps; run step with run and fields', async () => {
    const res =
      await q(`{ run(id: 1) { id title status quantity dueDate description partId procedureId percentComplete
      part { id } procedure { id title } entity { id type }
      steps { id runId title status position originStepId originStep { id procedureId } run { id }
        fields { id runStepId name type value unit required helpText position step { id } } } } }`);
    const run = res.data?.run;
    expect(run).toMatchObject({ id: 1, part: { id: run.partId }, procedure: { id: run.procedureId } });
    expect(run.entity.type).toBe('RUNS');
    expect(run.steps.length).toBeGreaterThan(1);
    for (const step of run.steps) {
      expect(step.runId).toBe(1);
      expect(step.run).toEqual({ id: 1 });
      expect(step.originStep.procedureId).toBe(run.procedureId);
      for (const field of step.fields) {
        expect(field.runStepId).toBe(step.id);
        expect(field.step).toEqual({ id: step.id });
        expect(typeof field.required).toBe('boolean');
      }
    }
    expect(run.steps.map((s: { position: number }) => s.position)).toEqual(
      [...run.steps.map((s: { position: number }) => s.position)].sort((a, b) => a - b),
    );
  });

  it('procedure(id: 1) with steps, runs and parts; step(id: 1) with its procedure', async () => {
    const res = await q(`{ procedure(id: 1) { id title version status type description entity { type }
        steps { id procedureId } runs { id procedureId } parts { id } }
      step(id: 1) { id title position type content procedureId procedure { id } entity { type } } }`);
    const { procedure, step } = res.data ?? {};
    expect(procedure.entity.type).toBe('PROCEDURES');
    expect(procedure.steps.length).toBeGreaterThan(0);
    expect(procedure.steps.every((s: { procedureId: number }) => s.procedureId === 1)).toBe(true);
    expect(procedure.runs.every((r: { procedureId: number }) => r.procedureId === 1)).toBe(true);
    expect(procedure.parts.length).toBeGreaterThan(0);
    expect(step).toMatchObject({ id: 1, procedureId: 1, procedure: { id: 1 }, entity: { type: 'STEPS' } });
  });

  it('relation filters narrow the related records', async () => {
    const res = await q(`{ run(id: 1) { steps(filters: { status: { eq: COMPLETE } }) { status }
      part(filters: { partNumber: { eq: "NOPE" } }) { id } } }`);
    expect(res.data?.run.steps.length).toBeGreaterThan(0);
    expect(res.data?.run.steps.every((s: { status: string }) => s.status === 'COMPLETE')).toBe(true);
    expect(res.data?.run.part).toBeNull();
  });

  it('has id 1 for every kind, and entity ids that differ from own ids', async () => {
    const res = await q(`{ part(id: 1) { id entityId entity { id } } run(id: 1) { id entityId entity { id } }
      procedure(id: 1) { id entityId entity { id } } step(id: 1) { id entityId entity { id } }
      runStep(id: 1) { id entityId entity { id } } runStepField(id: 1) { id entityId entity { id } } }`);
    const records = Object.values(res.data ?? {}) as {
      id: number;
      entityId: number;
      entity: { id: number };
    }[];
    expect(records).toHaveLength(6);
    for (const r of records) {
      expect(r.id).toBe(1);
      expect(r.entity.id).toBe(r.entityId);
      expect(r.entityId).not.toBe(r.id);
    }
    expect(new Set(records.map((r) => r.entityId)).size).toBe(6);
  });

  it('never gives any seeded record an entity id equal to its own id', async () => {
    const res = await q(`{ parts(first: 100) { edges { node { id entityId } } }
      runs(first: 20) { edges { node { id entityId steps { id entityId fields { id entityId } } } } }
      procedures(first: 20) { edges { node { id entityId steps { id entityId } } } } }`);
    expect(res.errors).toBeUndefined();
    const ids: [number, number][] = [];
    for (const { node } of res.data?.parts.edges ?? []) ids.push([node.id, node.entityId]);
    for (const { node } of res.data?.runs.edges ?? []) {
      ids.push([node.id, node.entityId]);
      for (const s of node.steps) {
        ids.push([s.id, s.entityId]);
        for (const f of s.fields) ids.push([f.id, f.entityId]);
      }
    }
    for (const { node } of res.data?.procedures.edges ?? []) {
      ids.push([node.id, node.entityId]);
      for (const s of node.steps) ids.push([s.id, s.entityId]);
    }
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter(([id, entityId]) => id === entityId)).toEqual([]);
  });

  it('returns null for ids that do not exist and a GraphQL error (HTTP 200) for malformed ids', async () => {
    const missing = await q(
      '{ part(id: 999999) { id } run(id: 999999) { id } fileAttachment(id: 999999) { id } }',
    );
    expect(missing.status).toBe(200);
    expect(missing.data).toEqual({ part: null, run: null, fileAttachment: null });
    expect(missing.errors).toBeUndefined();
    for (const bad of ['abc', '-1', '1.5', "1' OR 1=1", '99999999999999999999']) {
      const res = await q('query P($id: ID!) { runStep(id: $id) { id } }', { id: bad });
      expect(res.status).toBe(200);
      expect(res.data?.runStep).toBeNull();
      expect(res.errors?.[0]?.message).toMatch(/positive integer id/);
    }
  });
});
