/** Files the journeys and the benchmarks attach; no Playwright test imports here, so bench/ can use them. */

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
