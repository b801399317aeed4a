import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { SandboxConfig } from './config.ts';

/**
 * How often Node compares open requests with headersTimeout: its default (30 s) would let a trickling
 * header live half as long again as the limit says.
 */
const CHECK_INTERVAL_MS = 1000;

/**
 * The HTTP(S) server options for slow clients. No limit for a whole request (Node's requestTimeout ends
 * any request after 300 s, which cuts off a 2 GiB upload slower than ~57 Mbit/s); instead a request's
 * headers must arrive within headersTimeoutMs (408 and closed otherwise), other bodies than uploads
 * within requestTimeoutMs (see bodyDeadline), and a connection silent for idleTimeoutMs is closed.
 */
export function slowClientOptions(config: Pick<SandboxConfig, 'headersTimeoutMs'>) {
  return {
    requestTimeout: 0,
    headersTimeout: config.headersTimeoutMs,
    connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, Math.max(1, config.headersTimeoutMs)),
  };
}

/** A PUT to the built-in storage: an upload, which may take hours while it keeps moving. */
const isUpload = (req: IncomingMessage) => req.method === 'PUT' && (req.url ?? '').startsWith('/storage/');

/**
 * Cuts a request whose body (an upload's aside) has not arrived whole within `ms`: a body that trickles a
 * byte at a time keeps the connection from ever being idle. An upload is exempt: it needs a signed URL
 * (an unsigned one is refused before its body is read), the idle timeout and the connection cap bound it.
 */
export function bodyDeadline(req: IncomingMessage, ms: number): void {
  if (ms <= 0 || req.complete || isUpload(req)) return;
  const timer = setTimeout(() => {
    if (!req.complete) req.socket.destroy();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once('end', clear);
  req.once('close', clear);
}

/**
 * At most `max` open connections from one address, over all the servers (HTTP and HTTPS together): the
 * next one is closed at once, so a client holding many slow connections cannot take them all. 0: no cap.
 */
export function capConnectionsPerAddress(servers: readonly Server[], max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  for (const server of servers) {
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = open.get(address) ?? 0;
      if (count >= max) {
        socket.destroy();
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }
}
