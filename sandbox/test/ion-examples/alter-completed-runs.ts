/**
 * alter_completed_runs.py of ION's examples in TypeScript, as far as the sandbox's part of the schema
 * goes: its first request, the runs made from a procedure (get_runs_from_procedure_id). The redline
 * steps and fields it then creates use mutations the sandbox does not have. Usage:
 * alter-completed-runs <procedure_id>.
 */
import { Api, configFromEnv, runAsScript } from './api.ts';
import { GET_RUNS } from './queries.ts';

export async function getRunsFromProcedureId(api: Api, procedureId: number): Promise<number[]> {
  const runs = await api.request({
    query: GET_RUNS,
    variables: { filters: { procedureId: { eq: procedureId } } },
  });
  const connection = runs.data?.runs as { edges: { node: { id: number } }[] };
  return connection.edges.map((run) => run.node.id);
}

runAsScript(import.meta.url, async () => {
  const procedureId = Number(process.argv[2]);
  if (!Number.isInteger(procedureId)) throw new Error('usage: alter-completed-runs <procedure_id>');
  const api = await Api.connect(configFromEnv());
  console.log(JSON.stringify({ runIds: await getRunsFromProcedureId(api, procedureId) }));
});
