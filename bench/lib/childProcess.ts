import { spawn, type ChildProcess } from 'node:child_process';
import { NotReady } from './benchmark.ts';

export interface RunningChild {
  child: ChildProcess;
  /** The last lines it printed, for error messages. */
  tail(): string;
  stop(): Promise<void>;
}

/** Starts a long-running helper (sandbox, app server) and keeps its last output lines. */
export function startChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): RunningChild {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 20));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    tail: () => lines.join('\n'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Polls `url` until it answers 2xx; throws NotReady with the child's output when it exits or times out. */
export async function waitForUrl(
  url: string,
  running: RunningChild,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) {
      throw new NotReady(`${what} exited with code ${running.child.exitCode}: ${running.tail().slice(-400)}`);
    }
    try {
      // A server may accept connections before it answers them: give each try a short deadline.
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${what} did not answer ${url} within ${timeoutMs / 1000} s: ${running.tail().slice(-400)}`,
  );
}
