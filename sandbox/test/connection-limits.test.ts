import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestTicket, slowPut } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

// Slow clients (issue 36): a header or a body that trickles a byte at a time never lets the connection go
// idle, so it is cut after its own limit; one address may hold only so many connections; and still a slow
// upload that keeps moving finishes, however long it takes in all.
const HEADERS_MS = 500;
const BODY_MS = 800;
const CAP = 4;
// Sockets from a second loopback address, counted apart from the test's own fetches (127.0.0.1).
const OTHER_ADDRESS = '127.0.0.2';

const opened: net.Socket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.destroy();
});

function connect(url: string, localAddress?: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress }, () => resolve(socket));
    socket.on('error', reject);
    opened.push(socket);
  });
}

/** What the server does with what `socket` sends: the status line it answers, or that it closed. */
function answerOf(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const line = text.indexOf('\r\n');
      if (line !== -1) resolve(text.slice(0, line));
    });
    socket.on('error', () => resolve('closed'));
    socket.on('close', () => resolve(text.split('\r\n')[0] || 'closed'));
  });
}

/** Writes `piece` every 50 ms until the socket closes (at most `max` times): a trickle. */
function trickle(socket: net.Socket, piece: string, max: number): { sent(): number } {
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= max) {
      clearInterval(timer);
      return;
    }
    socket.write(piece);
    sent += 1;
  }, 50);
  socket.once('close', () => clearInterval(timer));
  return { sent: () => sent };
}

describe('slow clients', () => {
  const api = useSandbox({
    headersTimeoutMs: HEADERS_MS,
    requestTimeoutMs: BODY_MS,
    idleTimeoutMs: 3000,
    maxConnectionsPerAddress: CAP,
  });

  it('a header that trickles is answered 408 and cut', async () => {
    const socket = await connect(api.url, OTHER_ADDRESS);
    const answer = answerOf(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: sandbox\r\n');
    // Ten minutes' worth of pieces, were it never cut.
    const sending = trickle(socket, 'X-Slow: a\r\n', 12_000);
    expect(await answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(sending.sent()).toBeLessThan(12_000);
  });

  it('a request body that trickles is cut', async () => {
    const token = await api.token('technician');
    const socket = await connect(api.url, OTHER_ADDRESS);
    const answer = answerOf(socket);
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"query":"',
    );
    const sending = trickle(socket, ' ', 12_000);
    expect(await answer).toBe('closed');
    expect(sending.sent()).toBeLessThan(12_000);
  });

  it(`refuses a ${CAP + 1}th connection from one address, not one from another; a slow upload still finishes`, async () => {
    const t = await requestTicket(api.url, await api.token('technician'), 'slow-under-cap.bin');
    // A slow upload that keeps moving, from 127.0.0.1, for longer than the header, body and idle limits (5 s).
    const upload = slowPut(t.uploadUrl, t.contentType, 20, 250);

    const held = await Promise.all(Array.from({ length: CAP }, () => connect(api.url, OTHER_ADDRESS)));
    const refused = await connect(api.url, OTHER_ADDRESS);
    const refusal = answerOf(refused);
    refused.write('GET /healthz HTTP/1.1\r\nHost: sandbox\r\n\r\n');
    expect(await refusal).toBe('closed');

    // The connections held are served, one after another, as keep-alive connections are.
    for (const socket of held) {
      const answer = answerOf(socket);
      socket.write('GET /healthz HTTP/1.1\r\nHost: sandbox\r\n\r\n');
      expect(await answer).toBe('HTTP/1.1 200 OK');
    }
    // One closed, the address may open another once the server has seen it close.
    held[0]!.destroy();
    let again = 'closed';
    for (let tries = 0; again === 'closed' && tries < 50; tries += 1) {
      const socket = await connect(api.url, OTHER_ADDRESS);
      const answer = answerOf(socket);
      socket.write('GET /healthz HTTP/1.1\r\nHost: sandbox\r\n\r\n');
      again = await answer;
    }
    expect(again).toBe('HTTP/1.1 200 OK');

    expect(await upload).toEqual({ status: 200, closed: false });
  });
});
