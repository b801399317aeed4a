import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { StorageService } from '../src/contracts.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Db } from '../src/db/db.ts';
import { createGraphQLHandler } from '../src/graphql/yoga.ts';

// An unexpected failure inside a resolver (here: storage throwing while signing a URL) must reach the
// client as a generic message, without the original message or a stack.
describe('unexpected errors are masked', () => {
  let dir: string;
  let db: Db;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-mask-'));
    db = openDatabase(dir, { seedParts: 20 });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 200 with "Unexpected error." and no internals', async () => {
    const failing: StorageService = {
      enforcesMaxUploadBytes: true,
      handle: () => Promise.resolve(false),
      presignPut: () => Promise.reject(new Error('secret internal detail /var/lib/x')),
      presignGet: () => Promise.reject(new Error('secret internal detail /var/lib/x')),
      head: () => Promise.resolve(null),
      delete: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    const yoga = createGraphQLHandler({ db, storage: failing, config: loadConfig({}, { dataDir: dir }) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await yoga.fetch(
      'http://sandbox.test/graphql',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ requestFileUploadUrl(filename: "a.pdf") { uploadUrl } }' }),
      },
      { principal: { userId: 1, role: 'technician', kind: 'api-key', clientId: 'technician-key' } },
    );
    const text = await res.text();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ errors: [{ message: 'Unexpected error.' }] });
    expect(text).not.toContain('secret');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });
});
