import { describe, expect, it } from 'vitest';
import { attachFile } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

interface Field {
  id: number;
  name: string;
  type: string;
  required: boolean;
  fileAttachmentId: number | null;
  fileAttachment: { id: number; filename: string; createdBy: { name: string } | null } | null;
  entity: { id: number };
}

const FIELD = `id name type required fileAttachmentId
  fileAttachment { id filename createdBy { name } } entity { id }`;

describe('a FILE_ATTACHMENT run step field holds the file attached to it', () => {
  const api = useSandbox();
  const q = api.gql;

  async function inspectionFields(): Promise<Field[]> {
    const res = await q(`{ run(id: 1) { steps { title fields { ${FIELD} } } } }`);
    expect(res.errors).toBeUndefined();
    const step = res.data?.run.steps.find((s: { title: string }) => s.title === 'Dimensional inspection');
    return step.fields;
  }

  async function attach(entityId: number, filename: string): Promise<number> {
    const token = await api.token('technician');
    const res = await attachFile(api.url, token, String(entityId), filename, `bytes of ${filename}`);
    expect(res.errors).toBeUndefined();
    return res.data?.createFileAttachment.fileAttachment.id;
  }

  it('seeds required and optional file fields on a run step, empty at first', async () => {
    const files = (await inspectionFields()).filter((f) => f.type === 'FILE_ATTACHMENT');
    expect(files.map((f) => [f.name, f.required])).toEqual([
      ['CMM report', true],
      ['Part photo', true],
      ['Bore B close-up', false],
    ]);
    expect(files.every((f) => f.fileAttachmentId === null && f.fileAttachment === null)).toBe(true);
  });

  it('sets fileAttachmentId when a file is attached to the field, to the newest, and falls back on delete', async () => {
    const cmm = (await inspectionFields()).find((f) => f.name === 'CMM report')!;
    const first = await attach(cmm.entity.id, 'cmm-1.pdf');
    let field = (await inspectionFields()).find((f) => f.id === cmm.id)!;
    expect(field.fileAttachmentId).toBe(first);
    expect(field.fileAttachment).toEqual({
      id: first,
      filename: 'cmm-1.pdf',
      createdBy: { name: 'Taylor Technician' },
    });

    const second = await attach(cmm.entity.id, 'cmm-2.pdf');
    field = (await inspectionFields()).find((f) => f.id === cmm.id)!;
    expect(field.fileAttachmentId).toBe(second);

    const deleted = await q(
      `mutation D($input: DeleteFileAttachmentInput!) { deleteFileAttachment(input: $input) { fileAttachmentId } }`,
      { input: { fileAttachmentId: String(second), entityId: String(cmm.entity.id) } },
    );
    expect(deleted.errors).toBeUndefined();
    field = (await inspectionFields()).find((f) => f.id === cmm.id)!;
    expect(field.fileAttachmentId).toBe(first);

    // The other fields of the step hold nothing: a file goes to the field it was attached to.
    const others = (await inspectionFields()).filter((f) => f.id !== cmm.id);
    expect(others.every((f) => f.fileAttachmentId === null)).toBe(true);
  });

  it('a field of another type holds no file even when files are attached to its entity', async () => {
    const bore = (await inspectionFields()).find((f) => f.name === 'Bore B diameter')!;
    await attach(bore.entity.id, 'bore-gauge.jpg');
    const field = (await inspectionFields()).find((f) => f.id === bore.id)!;
    expect(field.fileAttachmentId).toBeNull();
  });
});
