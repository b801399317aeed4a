import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { clientCredentialsToken, gql, uploadObject } from '../sandbox/test/harness.ts';
import { SANDBOX_URL } from './fixtures.ts';
import { RECORD_KINDS } from '../src/records/recordKinds.ts';

/** Shared by the browse and records journeys: API set-up through the sandbox, and the axe check. */

export const KINDS = RECORD_KINDS.map(({ kind, segment, label }) => ({
  kind,
  path: `/${segment}`,
  label,
  query: kind,
}));

/**
 * Checks the page's own content and any open dialog (dialogs render outside <main>); the shell around
 * it (header, navigation) is checked by the sign-in journeys that own it.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const axe = new AxeBuilder({ page }).include('main');
  if ((await page.getByRole('dialog').count()) > 0) axe.include('[role="dialog"]');
  const results = await axe.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export function technicianToken(): Promise<string> {
  return clientCredentialsToken(SANDBOX_URL, 'technician');
}

export async function entityIdOf(token: string, query: string, id: number): Promise<number> {
  const res = await gql(SANDBOX_URL, token, `query E($id: ID!) { ${query}(id: $id) { entity { id } } }`, {
    id,
  });
  const entityId = res.data?.[query]?.entity?.id;
  if (typeof entityId !== 'number') throw new Error(`no entity for ${query} ${id}: ${JSON.stringify(res)}`);
  return entityId;
}

export type FileBody = Parameters<typeof uploadObject>[3];

/** The whole upload flow through the API: ticket, PUT to storage, createFileAttachment. */
export async function attachFile(
  token: string,
  entityId: number,
  filename: string,
  body: FileBody,
): Promise<number> {
  const object = await uploadObject(SANDBOX_URL, token, filename, body);
  const res = await gql(
    SANDBOX_URL,
    token,
    `mutation A($input: CreateFileAttachmentInput!) { createFileAttachment(input: $input) { fileAttachment { id } } }`,
    {
      input: {
        filename,
        s3Key: object.s3Key,
        s3Etag: object.etag.replaceAll('"', ''),
        entityId: String(entityId),
        validateUpload: true,
      },
    },
  );
  const id = res.data?.createFileAttachment?.fileAttachment?.id;
  if (typeof id !== 'number') throw new Error(`createFileAttachment failed: ${JSON.stringify(res.errors)}`);
  return id;
}

/** A 4×4 red PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A PDF of `pages` pages (one by default) that say "Inspection report" and their page number, with a
 * correct cross-reference table.
 */
export function pdfBytes(pages = 1): Buffer<ArrayBuffer> {
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream for each page.
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pageIds.flatMap((id, i) => {
      const text =
        pages === 1
          ? 'BT /F1 18 Tf 40 100 Td (Inspection report) Tj ET'
          : `BT /F1 18 Tf 40 100 Td (Inspection report page ${i + 1}) Tj ET`;
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents ${id + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
        `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
      ];
    }),
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export interface FileSpec {
  name: string;
  type?: string;
  size?: number;
  /** Bytes of the file; by default `size` bytes made from the name. */
  bytes?: number[];
}

/** The real gesture: a DataTransfer built in the page, dispatched as dragenter, dragover and drop. */
export async function dropFilesOn(target: Locator, files: FileSpec[]): Promise<void> {
  const dataTransfer = await target.page().evaluateHandle((specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const bytes = spec.bytes
        ? new Uint8Array(spec.bytes)
        : new Uint8Array(spec.size ?? 16).map((_, i) => (i * 31 + spec.name.length) % 251);
      transfer.items.add(new File([bytes], spec.name, { type: spec.type ?? '' }));
    }
    return transfer;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
