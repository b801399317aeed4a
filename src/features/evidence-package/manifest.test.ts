import { describe, expect, it } from 'vitest';
import { csvCell, escapeHtml, manifestCsv, manifestHtml, type ManifestWords } from './manifest.ts';
import type { FileOutcome, PackageHeading } from './packageTypes.ts';

const words: ManifestWords = {
  title: 'Evidence package',
  record: 'Record',
  serial: 'Serial',
  part: 'Part',
  procedure: 'Procedure',
  madeBy: 'Made by',
  madeAt: 'Made at',
  columns: {
    step: 'Step',
    field: 'Field',
    appName: 'File name in the app',
    zipPath: 'File in the ZIP',
    size: 'Size (bytes)',
    type: 'Type',
    addedBy: 'Added by',
    addedAt: 'Added at',
    md5: 'MD5',
    check: 'Check',
  },
  checks: {
    match: 'Matches storage',
    unchecked: 'Saved',
    mismatch: 'DOES NOT MATCH',
    incomplete: 'INCOMPLETE',
    missing: 'MISSING',
  },
  summary: '2 files listed, 1 with a problem.',
};

const heading: PackageHeading = {
  record: 'Run 1 · BRKT-0001 Rev C, SN 0041',
  serial: 'SN 0041',
  part: 'BRKT-0001 rev C',
  procedure: 'Machine bracket v3',
  madeBy: 'Taylor <taylor@example.com>',
  madeAt: '2026-11-29T08:00:00.000Z',
};

const outcome = (over: Partial<FileOutcome> & { name: string }): FileOutcome => ({
  file: {
    attachmentId: 1,
    appName: over.name,
    zipPath: `01 Step/${over.name}`,
    step: '01 Step',
    field: null,
    contentType: 'image/jpeg',
    addedBy: 'Taylor',
    addedAt: '2026-11-28T10:00:00Z',
  },
  check: 'match',
  bytes: 10,
  expectedBytes: 10,
  md5: 'd41d8cd98f00b204e9800998ecf8427e',
  etag: 'd41d8cd98f00b204e9800998ecf8427e',
  problem: null,
  ...over,
});

/** A CSV parser as RFC 4180 reads one (quoted cells, doubled quotes, commas and line breaks inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      rows.at(-1)!.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.at(-1)!.push(cell);
      cell = '';
      rows.push([]);
      i += 1;
    } else cell += c;
  }
  return rows.filter((row) => row.length > 0);
}

describe('manifest CSV', () => {
  it('quotes every cell and doubles quotes, so commas, quotes and line breaks stay in their cell', () => {
    expect(csvCell('a "b", c\nd')).toBe('"a ""b"", c\nd"');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('-2')).toBe('"\'-2"');
    expect(csvCell('@SUM')).toBe('"\'@SUM"');
  });

  it('lists the heading, then a row per file that reads back exactly', () => {
    const csv = manifestCsv(
      heading,
      [
        outcome({ name: 'torque, "final".jpg' }),
        outcome({
          name: 'gone.pdf',
          check: 'missing',
          bytes: 0,
          md5: null,
          problem: 'Storage no longer has it',
        }),
      ],
      words,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual(['Record', heading.record]);
    expect(rows[4]).toEqual(['Made by', heading.madeBy]);
    const header = rows.findIndex((row) => row[0] === 'Step');
    expect(rows[header]).toEqual(Object.values(words.columns));
    expect(rows[header + 1]).toEqual([
      '01 Step',
      '',
      'torque, "final".jpg',
      '01 Step/torque, "final".jpg',
      '10',
      'image/jpeg',
      'Taylor',
      '2026-11-28T10:00:00Z',
      'd41d8cd98f00b204e9800998ecf8427e',
      'Matches storage',
    ]);
    // A missing file is listed with its problem and no place in the ZIP.
    expect(rows[header + 2]![3]).toBe('');
    expect(rows[header + 2]![9]).toBe('MISSING: Storage no longer has it');
  });
});

describe('manifest HTML', () => {
  it('escapes every text: a filename cannot become markup', () => {
    const html = manifestHtml(
      { ...heading, record: '<script>alert(1)</script>' },
      [outcome({ name: '<img src=x onerror=alert(1)>.jpg' })],
      words,
      'en',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.jpg');
    expect(html).toContain("default-src 'none'");
  });

  it('marks files with problems', () => {
    const html = manifestHtml(heading, [outcome({ name: 'a.jpg', check: 'mismatch' })], words, 'en');
    expect(html).toContain('<tr class="problem">');
  });

  it('escapes quotes for attributes too', () => {
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#39;&amp;&lt;&gt;');
  });
});
