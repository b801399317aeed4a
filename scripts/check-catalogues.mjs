// The English catalogue is what the code says: `--write` extracts it (npm run i18n:extract); without,
// this fails when src/i18n/catalogues/en.json is not what extraction gives now (a message added,
// changed or removed without extracting), naming the ids. The other catalogues' completeness is a
// unit test (src/i18n/catalogues.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const catalogue = path.join(root, 'src/i18n/catalogues/en.json');
const write = process.argv.includes('--write');
const dir = write ? null : mkdtempSync(path.join(tmpdir(), 'catalogue-'));
const out = dir ? path.join(dir, 'en.json') : catalogue;

execFileSync(
  path.join(root, 'node_modules/.bin/formatjs'),
  [
    'extract',
    'src/**/*.{ts,tsx}',
    '--ignore',
    'src/**/*.test.{ts,tsx}',
    '--ignore',
    'src/test/**',
    '--id-interpolation-pattern',
    '[sha512:contenthash:base64:6]',
    '--throws',
    '--out-file',
    out,
  ],
  { cwd: root, stdio: 'inherit' },
);

if (!dir) {
  // In the repository's own format, so `prettier --check` in lint agrees with what was written.
  execFileSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', catalogue], {
    cwd: root,
    stdio: 'inherit',
  });
}

if (dir) {
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  const fresh = read(out);
  const kept = read(catalogue);
  rmSync(dir, { recursive: true, force: true });
  const missing = Object.keys(fresh).filter((id) => kept[id]?.defaultMessage !== fresh[id].defaultMessage);
  const stale = Object.keys(kept).filter((id) => !(id in fresh));
  if (missing.length || stale.length) {
    console.error('src/i18n/catalogues/en.json is not what the code says; run npm run i18n:extract.');
    for (const id of missing) console.error(`  new or changed: ${id} "${fresh[id].defaultMessage}"`);
    for (const id of stale) console.error(`  no longer in the code: ${id} "${kept[id].defaultMessage}"`);
    process.exit(1);
  }
  console.log(`Catalogue: ${Object.keys(fresh).length} messages, as the code says.`);
}
