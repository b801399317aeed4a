import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { putObject, TICKET } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

describe('the upload flow end to end, as the spec describes it', () => {
  const api = useSandbox();

  it('ticket → PUT → entity id → createFileAttachment → fileAttachment → download of the same bytes', async () => {
    const bytes = randomBytes(256 * 1024);
    const filename = 'CMM report run 1.pdf';

    // 1. Ticket.
    const ticket = await api.gql(TICKET, { f: filename });
    const { uploadUrl, s3Key, contentType } = ticket.data?.requestFileUploadUrl ?? {};
    expect(contentType).toBe('application/pdf');

    // 2. PUT straight to storage with exactly that Content-Type; the ETag is the quoted MD5.
    const put = await putObject(uploadUrl, bytes, contentType);
    expect(put.status).toBe(200);
    const etag = put.headers.get('etag') ?? '';
    expect(etag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);

    // 3. The parent's entity id, then registration with validateUpload.
    const step = await api.gql('{ runStep(id: 1) { id entity { id } } }');
    const entityId = step.data?.runStep.entity.id as number;
    const created = await api.gql(
      `mutation C($input: CreateFileAttachmentInput!) {
        createFileAttachment(input: $input) { fileAttachment { id filename downloadUrl entityId } } }`,
      { input: { filename, s3Key, s3Etag: etag.replaceAll('"', ''), entityId, validateUpload: true } },
    );
    expect(created.errors).toBeUndefined();
    const attachment = created.data?.createFileAttachment.fileAttachment;
    expect(attachment).toMatchObject({ filename, entityId });

    // Visible on the parent, and readable by id.
    const onParent = await api.gql(
      '{ runStep(id: 1) { entity { fileAttachments { id } } fileAttachments { id } } }',
    );
    expect(onParent.data?.runStep.entity.fileAttachments).toEqual([{ id: attachment.id }]);
    expect(onParent.data?.runStep.fileAttachments).toEqual([{ id: attachment.id }]);
    const read = await api.gql(
      'query A($id: ID!) { fileAttachment(id: $id) { id filename contentType downloadUrl } }',
      {
        id: attachment.id,
      },
    );
    const { downloadUrl } = read.data?.fileAttachment ?? {};

    // Download: same bytes, the file's type, and a range of the same URL (as a preview reads it).
    const download = await fetch(downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    const range = await fetch(downloadUrl, { headers: { Range: 'bytes=1-2' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 1-2/${bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(1, 3));
  });
});
