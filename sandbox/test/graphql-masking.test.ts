import { describe, expect, it, vi } from 'vitest';
import type { StorageService } from '../src/contracts.ts';
import { useGraphQLHandler } from './use-sandbox.ts';

// An unexpected failure inside a resolver (here: storage throwing while signing a URL) must reach the
// client as a generic message, without the original message or a stack.
describe('unexpected errors are masked', () => {
  const failing: StorageService = {
    enforcesMaxUploadBytes: true,
    handle: () => Promise.resolve(false),
    presignPut: () => Promise.reject(new Error('secret internal detail /var/lib/x')),
    presignGet: () => Promise.reject(new Error('secret internal detail /var/lib/x')),
    head: () => Promise.resolve(null),
    delete: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const graphql = useGraphQLHandler(failing);

  it('answers 200 with "Unexpected error." and no internals', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await graphql.fetch('{ requestFileUploadUrl(filename: "a.pdf") { uploadUrl } }');
    const text = await res.text();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ errors: [{ message: 'Unexpected error.' }] });
    expect(text).not.toContain('secret');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });
});
