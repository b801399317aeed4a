import type { FileOutcome, PackageHeading } from './packageTypes.ts';

/** The words of the manifest's headings and verdicts, in the language the package was made in. */
export interface ManifestWords {
  title: string;
  record: string;
  serial: string;
  part: string;
  procedure: string;
  madeBy: string;
  madeAt: string;
  columns: {
    step: string;
    field: string;
    appName: string;
    zipPath: string;
    size: string;
    type: string;
    addedBy: string;
    addedAt: string;
    md5: string;
    check: string;
  };
  checks: Record<FileOutcome['check'], string>;
  /** A summary line: "57 files, 2 with problems". */
  summary: string;
}

/** One row of the manifest's table: the same cells in the CSV and the HTML. */
function cells(outcome: FileOutcome, words: ManifestWords): string[] {
  const { file } = outcome;
  const verdict = words.checks[outcome.check];
  return [
    file.step ?? '',
    file.field ?? '',
    file.appName ?? '',
    outcome.check === 'missing' ? '' : file.zipPath,
    outcome.check === 'missing' ? '' : String(outcome.bytes),
    file.contentType ?? '',
    file.addedBy ?? '',
    file.addedAt ?? '',
    outcome.md5 ?? '',
    outcome.problem ? `${verdict}: ${outcome.problem}` : verdict,
  ];
}

const headers = (words: ManifestWords) => Object.values(words.columns);

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. A cell a spreadsheet would run as a formula
 * (= + - @, tab, return) gets a leading apostrophe: a filename is shown, never computed.
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${inert.replaceAll('"', '""')}"`;
}

/** The manifest as CSV: the heading as key/value lines, a blank line, then one row per file (UTF-8, BOM for Excel). */
export function manifestCsv(heading: PackageHeading, outcomes: FileOutcome[], words: ManifestWords): string {
  const lines: string[][] = [
    [words.record, heading.record],
    [words.serial, heading.serial ?? ''],
    [words.part, heading.part ?? ''],
    [words.procedure, heading.procedure ?? ''],
    [words.madeBy, heading.madeBy],
    [words.madeAt, heading.madeAt],
    [],
    headers(words),
    ...outcomes.map((outcome) => cells(outcome, words)),
  ];
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Text made inert in HTML, in elements and in quoted attributes alike. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The manifest as a printable page: no script, no outside resource, every text escaped. */
export function manifestHtml(
  heading: PackageHeading,
  outcomes: FileOutcome[],
  words: ManifestWords,
  lang: string,
): string {
  const facts: [string, string | null][] = [
    [words.record, heading.record],
    [words.serial, heading.serial],
    [words.part, heading.part],
    [words.procedure, heading.procedure],
    [words.madeBy, heading.madeBy],
    [words.madeAt, heading.madeAt],
  ];
  const dl = facts
    .filter(([, value]) => value)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join('');
  const th = headers(words)
    .map((label) => `<th>${escapeHtml(label)}</th>`)
    .join('');
  const rows = outcomes
    .map((outcome) => {
      const problem = outcome.check !== 'match' && outcome.check !== 'unchecked';
      const tds = cells(outcome, words)
        .map((cell) => `<td>${escapeHtml(cell)}</td>`)
        .join('');
      return `<tr${problem ? ' class="problem"' : ''}>${tds}</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`${words.title}: ${heading.record}`)}</title>
<style>
body{font:12px/1.4 system-ui,sans-serif;margin:16px;color:#111;background:#fff}
h1{font-size:18px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:3px 5px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#eee}tr.problem td{background:#fde2e2;font-weight:600}
@media print{body{margin:0}tr{break-inside:avoid}}
</style>
</head>
<body>
<h1>${escapeHtml(words.title)}</h1>
<dl>${dl}</dl>
<p>${escapeHtml(words.summary)}</p>
<table>
<thead><tr>${th}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
