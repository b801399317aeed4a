/**
 * attach_file_to_run.py of ION's examples in TypeScript: read a run's steps, ask createFileAttachment
 * (the old one-step flow) for an upload URL on the first step's entity, PUT the file there with the
 * content type it returns. Usage: attach-file-to-run <file_path> <run_id>.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Api, configFromEnv, runAsScript } from './api.ts';
import { CREATE_FILE_ATTACHMENT, GET_RUN } from './queries.ts';

interface Created {
  uploadUrl: string;
  fileAttachment: { contentType: string };
}

export async function uploadFileToStep(api: Api, runId: string, filePath: string): Promise<boolean> {
  const r = await api.request({ query: GET_RUN, variables: { id: runId } });
  const run = r.data?.run as { steps: { entityId: number }[] };
  const firstStep = run.steps[0]!;
  const uploadRequest = await api.request({
    query: CREATE_FILE_ATTACHMENT,
    variables: { input: { entityId: firstStep.entityId, filename: path.basename(filePath) } },
  });
  const created = uploadRequest.data?.createFileAttachment as Created;
  const put = await fetch(created.uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': created.fileAttachment.contentType },
    body: await readFile(filePath),
  });
  return put.ok;
}

runAsScript(import.meta.url, async () => {
  const [filePath, runId] = process.argv.slice(2);
  if (!filePath || !runId) throw new Error('usage: attach-file-to-run <file_path> <run_id>');
  const api = await Api.connect(configFromEnv());
  console.log(JSON.stringify({ uploaded: await uploadFileToStep(api, runId, filePath) }));
});
