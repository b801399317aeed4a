import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestTicket } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

// Long enough that a token or ticket request is never cut while a loaded machine answers it (400 ms was
// not, at a load average of 30 on 2 cores), short enough that the slow upload outlasts it several times.
const IDLE_MS = 1500;

interface Outcome {
  status?: number;
  closed: boolean;
}

/** PUTs `chunks` pieces of 1 KiB, waiting `pauseMs` between them, then ends (or stops when `stallAfter`). */
function slowPut(url: string, contentType: string, chunks: number, pauseMs: number, stallAfter?: number) {
  return new Promise<Outcome>((resolve) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { 'Content-Type': contentType, 'Content-Length': chunks * 1024 },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, closed: false }));
    });
    req.on('error', () => resolve({ closed: true }));
    let sent = 0;
    const next = () => {
      if (stallAfter !== undefined && sent === stallAfter) return; // goes silent
      req.write(Buffer.alloc(1024, 7));
      sent += 1;
      if (sent === chunks) req.end();
      else setTimeout(next, pauseMs);
    };
    next();
  });
}

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
