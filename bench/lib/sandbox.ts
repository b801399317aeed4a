import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TIMEOUTS } from '../config.ts';
import { NotReady } from './benchmark.ts';
import { startChild, waitForUrl } from './childProcess.ts';
import { startCountingProxy, type CountingProxy } from './countingProxy.ts';
import { freePort } from './ports.ts';

export interface SandboxOptions {
  seedParts?: number;
  /** FILE_ATTACHMENT fields of the extra seeded run step (SANDBOX_SEED_EVIDENCE_FIELDS). */
  evidenceFields?: number;
  /** Steps of the extra seeded long run (SANDBOX_SEED_RUN_STEPS). */
  runSteps?: number;
  /** Runs generated beyond the catalogue's (SANDBOX_SEED_RUNS). */
  seedRuns?: number;
  /** Browser origins the sandbox must allow (the served app). */
  allowedOrigins?: string[];
  /** Put a request-counting proxy in front: every URL the sandbox hands out then points at the proxy. */
  countRequests?: boolean;
}

export interface RunningSandbox {
  /** What clients use: the proxy's URL when counting, else the sandbox's own. */
  url: string;
  graphqlUrl: string;
  issuer: string;
  /** The sandbox's process, for its CPU time. */
  pid: number;
  proxy?: CountingProxy;
  stop(): Promise<void>;
}

/**
 * Runs `sandbox/src/main.ts` in its own process (so its CPU use is not mixed with the client's) on a
 * free port with a throw-away data directory, configured only through its documented environment.
 */
export async function startSandbox(repoRoot: string, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const main = path.join(repoRoot, 'sandbox/src/main.ts');
  if (!existsSync(main)) throw new NotReady('the sandbox (sandbox/src/main.ts) is not there yet');
  const port = await freePort();
  const proxy = options.countRequests ? await startCountingProxy(port) : undefined;
  const url = proxy ? proxy.url : `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-sandbox-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SANDBOX_PORT: String(port),
    SANDBOX_DATA_DIR: dataDir,
    SANDBOX_PUBLIC_URL: url,
  };
  if (options.seedParts !== undefined) env.SANDBOX_SEED_PARTS = String(options.seedParts);
  if (options.evidenceFields !== undefined) env.SANDBOX_SEED_EVIDENCE_FIELDS = String(options.evidenceFields);
  if (options.runSteps !== undefined) env.SANDBOX_SEED_RUN_STEPS = String(options.runSteps);
  if (options.seedRuns !== undefined) env.SANDBOX_SEED_RUNS = String(options.seedRuns);
  if (options.allowedOrigins) env.SANDBOX_ALLOWED_ORIGINS = options.allowedOrigins.join(',');
  const running = startChild(process.execPath, ['--import', 'tsx', main], { cwd: repoRoot, env });
  const stop = async () => {
    await running.stop();
    await proxy?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForUrl(
      `http://127.0.0.1:${port}/oidc/.well-known/openid-configuration`,
      running,
      TIMEOUTS.sandboxStartMs,
      'the sandbox',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    issuer: `${url}/oidc`,
    pid: running.child.pid ?? -1,
    proxy,
    stop,
  };
}
