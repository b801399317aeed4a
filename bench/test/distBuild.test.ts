import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { distIsStale } from '../lib/distBuild.ts';

describe('distIsStale', () => {
  let root: string;
  const write = (file: string, at: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'x');
    utimesSync(full, at, at);
  };

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale without a build, fresh after one, stale again when a source changes', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
    write('src/main.tsx', 1000);
    expect(distIsStale(root)).toBe(true);
    write('dist/index.html', 2000);
    expect(distIsStale(root)).toBe(false);
    write('src/pages/parts.tsx', 3000);
    expect(distIsStale(root)).toBe(true);
  });

  it('ignores files the build itself generates', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
    write('src/main.tsx', 1000);
    write('dist/index.html', 2000);
    write('src/routeTree.gen.ts', 3000);
    write('src/graphql/generated/index.ts', 3000);
    expect(distIsStale(root)).toBe(false);
  });
});
