import { existsSync } from 'node:fs';
import path from 'node:path';
import { TIMEOUTS } from '../config.ts';
import { NotReady } from './benchmark.ts';
import { startChild, waitForUrl } from './childProcess.ts';
import { ensureFreshDist } from './distBuild.ts';

export interface RunningApp {
  origin: string;
  stop(): Promise<void>;
}

/** Serves the built app (scripts/serve-app.mjs) on `port`, pointed at `sandboxUrl` by its env overrides. */
export async function startApp(
  repoRoot: string,
  port: number,
  sandboxUrl: string,
  log: (m: string) => void,
): Promise<RunningApp> {
  const server = path.join(repoRoot, 'scripts/serve-app.mjs');
  if (!existsSync(server)) throw new NotReady('the app server (scripts/serve-app.mjs) is not there yet');
  if (!existsSync(path.join(repoRoot, 'src/main.tsx')))
    throw new NotReady('the app (src/main.tsx) is not there yet');
  await ensureFreshDist(repoRoot, log);
  const origin = `http://127.0.0.1:${port}`;
  const running = startChild(process.execPath, [server], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APP_PORT: String(port),
      APP_API_URL: `${sandboxUrl}/graphql`,
      APP_OIDC_AUTHORITY: `${sandboxUrl}/oidc`,
    },
  });
  try {
    await waitForUrl(`${origin}/config.json`, running, TIMEOUTS.appStartMs, 'the app server');
  } catch (error) {
    await running.stop();
    throw error;
  }
  return { origin, stop: () => running.stop() };
}
