import { describe, expect, it } from 'vitest';
import { requestTicket, slowPut } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

// Long enough that a token or ticket request is never cut while a loaded machine answers it (400 ms was
// not, at a load average of 30 on 2 cores), short enough that the slow upload outlasts it several times.
const IDLE_MS = 1500;

describe('long uploads', () => {
  const api = useSandbox({ idleTimeoutMs: IDLE_MS });
  const ticket = async (name: string) => requestTicket(api.url, await api.token('technician'), name);

  it('a slow upload that keeps moving finishes, however long it takes in all', async () => {
    const t = await ticket('slow.bin');
    // About four idle timeouts in all, never one without a byte.
    const outcome = await slowPut(t.uploadUrl, t.contentType, 12, IDLE_MS / 2);
    expect(outcome).toEqual({ status: 200, closed: false });
  });

  it('an upload that goes silent is cut off after the idle timeout', async () => {
    const t = await ticket('stalled.bin');
    const outcome = await slowPut(t.uploadUrl, t.contentType, 16, 10, 4);
    expect(outcome.closed).toBe(true);
    // The server is still there for the next request.
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  });
});
