import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { loadConfig, type SandboxConfig } from '../src/config.ts';
import type { Principal, StorageService } from '../src/contracts.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Db } from '../src/db/db.ts';
import { createGraphQLHandler } from '../src/graphql/yoga.ts';
import type { Role } from '../src/identities.ts';
import {
  clientCredentialsToken,
  gql,
  startSandbox,
  type GraphQLResponse,
  type Loose,
  type TestSandbox,
} from './harness.ts';

// Apart from harness.ts, which the browser journeys import too: Playwright and vitest cannot share a process.

/** One sandbox for the tests of a file or describe block, with an API key token per role. */
export interface SharedSandbox {
  /** The running sandbox (from beforeAll on). */
  readonly sandbox: TestSandbox;
  readonly url: string;
  /** The identity provider's issuer URL. */
  readonly issuer: string;
  /** The API key's token for the role, asked for once. */
  token(role: Role): Promise<string>;
  /** One GraphQL operation as that role's API key (technician by default). */
  gql<Data = Loose>(
    query: string,
    variables?: Record<string, unknown>,
    role?: Role,
  ): Promise<GraphQLResponse<Data>>;
}

/**
 * Starts a sandbox before the tests of the enclosing file or describe block and stops it after them.
 * `overrides` may be a function, run first, for settings that need something prepared (a server, data).
 */
export function useSandbox(
  overrides: Partial<SandboxConfig> | (() => Partial<SandboxConfig> | Promise<Partial<SandboxConfig>>) = {},
  { timeoutMs }: { timeoutMs?: number } = {},
): SharedSandbox {
  let running: TestSandbox | undefined;
  const tokens = new Map<Role, Promise<string>>();
  beforeAll(async () => {
    running = await startSandbox(typeof overrides === 'function' ? await overrides() : overrides);
  }, timeoutMs);
  afterAll(async () => {
    await running?.stop();
    tokens.clear();
  });
  const current = (): TestSandbox => {
    if (!running) throw new Error('the sandbox starts in beforeAll');
    return running;
  };
  const token = (role: Role): Promise<string> => {
    let pending = tokens.get(role);
    if (!pending) {
      pending = clientCredentialsToken(current().url, role);
      tokens.set(role, pending);
    }
    return pending;
  };
  return {
    get sandbox() {
      return current();
    },
    get url() {
      return current().url;
    },
    get issuer() {
      return `${current().url}/oidc`;
    },
    token,
    async gql(query, variables, role = 'technician') {
      return gql(current().url, await token(role), query, variables);
    },
  };
}

/** The technician's API key, as the GraphQL handler sees it once the token is verified. */
export const TECHNICIAN_KEY: Principal = {
  userId: 1,
  role: 'technician',
  kind: 'api-key',
  clientId: 'technician-key',
};

/**
 * The GraphQL handler alone, in this process, on a seeded database of its own, with `storage` standing in
 * for the sandbox's storage: for what only shows inside (which storage calls a query makes).
 */
export function useGraphQLHandler(storage: StorageService, overrides: Partial<SandboxConfig> = {}) {
  let dir = '';
  let db: Db | undefined;
  let yoga: ReturnType<typeof createGraphQLHandler> | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-graphql-'));
    db = openDatabase(dir, { seedParts: 20 });
    const config = loadConfig({}, { ...overrides, dataDir: dir });
    yoga = createGraphQLHandler({ db, storage, config, clock: systemClock });
  });
  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** POSTs one operation as the technician's API key. */
    async fetch(query: string, variables?: Record<string, unknown>): Promise<Response> {
      if (!yoga) throw new Error('the handler starts in beforeAll');
      return yoga.fetch(
        'http://sandbox.test/graphql',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        },
        { principal: TECHNICIAN_KEY },
      );
    },
  };
}
