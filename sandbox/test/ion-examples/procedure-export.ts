/**
 * procedure_export.py of ION's examples in TypeScript, as far as the sandbox's part of the schema goes:
 * what it does with a file attachment of the source environment (get_file_attachment_info, then
 * download_file_attachment from its downloadUrl). Its procedure query and the createAsset mutation it
 * re-uploads with select types the sandbox does not have. Usage: procedure-export <file_attachment_id>.
 */
import { createHash } from 'node:crypto';
import { Api, configFromEnv, runAsScript } from './api.ts';
import { GET_FILE_ATTACHMENT } from './queries.ts';

export interface FileAttachmentInfo {
  id: number;
  filename: string;
  downloadUrl: string;
  url: string;
  s3Bucket: string;
  s3Key: string;
  integrationId: string | null;
  integrationFetchUrl: string | null;
}

export async function getFileAttachmentInfo(api: Api, fileAttachmentId: string): Promise<FileAttachmentInfo> {
  const r = await api.request({ query: GET_FILE_ATTACHMENT, variables: { id: fileAttachmentId } });
  return r.data?.fileAttachment as FileAttachmentInfo;
}

/** Like requests.get(url).content: the body, whatever the status. */
export async function downloadFileAttachment(url: string): Promise<Buffer> {
  const response = await fetch(url);
  return Buffer.from(await response.arrayBuffer());
}

runAsScript(import.meta.url, async () => {
  const id = process.argv[2];
  if (!id) throw new Error('usage: procedure-export <file_attachment_id>');
  const sourceApi = await Api.connect(configFromEnv());
  const info = await getFileAttachmentInfo(sourceApi, id);
  const bytes = await downloadFileAttachment(info.downloadUrl);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  console.log(JSON.stringify({ ...info, size: bytes.length, sha256 }));
});
