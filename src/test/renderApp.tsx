import { act, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApolloClient } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders.tsx';
import { createAppRouter } from '../app/router.tsx';
import { createEndOfSession, createSignOut } from '../app/signOut.ts';
import type { AuthSession, AuthState, AuthStatus } from '../auth/authSession.ts';
import type { AppConfig } from '../config/appConfig.ts';
import { createCache } from '../graphql/cache.ts';
import { createQueueWorld } from './uploadQueue.ts';
import type { UploadQueue } from '../upload/uploadQueue.ts';
import type { ShareInbox } from '../share/shareInbox.ts';
import { CurrentUserQuery } from '../graphql/currentUserQuery.ts';
import { WedgeScanner } from '../scanner/wedgeScanner.ts';
import { afterThisTest } from './afterTest.ts';

export const TEST_CONFIG: AppConfig = {
  apiUrl: 'http://api.test/graphql',
  oidc: {
    authority: 'http://idp.test/oidc',
    clientId: 'floor-app',
    scopes: 'openid profile email offline_access',
  },
  environment: 'test',
  maxUploadBytes: 10 * 1024 * 1024,
  photoMaxEdgePx: 2560,
  photoJpegQuality: 0.85,
};

export const TEST_USER = {
  __typename: 'User' as const,
  id: 1,
  name: 'Taylor Technician',
  email: 'technician@example.com',
  organization: {
    __typename: 'Organization' as const,
    id: 1,
    domain: 'example.com',
    name: 'Example Aerospace',
  },
};

/** Answers the shell's `me` query for every render. */
export const currentUserMock: MockLink.MockedResponse = {
  request: { query: CurrentUserQuery },
  result: { data: { me: TEST_USER } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export type TestAuthSession = AuthSession & {
  signIn: ReturnType<typeof vi.fn<AuthSession['signIn']>>;
  signOut: ReturnType<typeof vi.fn<AuthSession['signOut']>>;
  setStatus(status: AuthStatus): void;
};

/** An in-memory session with a fixed token; `signIn`/`signOut` are spies (no provider involved). */
export function createTestAuthSession(
  status: AuthStatus = 'signed-in',
  token = 'test-access-token',
): TestAuthSession {
  let state: AuthState = { status };
  const listeners = new Set<() => void>();
  const setStatus = (next: AuthStatus) => {
    state = { status: next };
    listeners.forEach((listener) => listener());
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getAccessToken: async () => (state.status === 'signed-out' ? null : token),
    renew: async () => (state.status === 'signed-out' ? null : token),
    getPerson: () =>
      state.status === 'signed-out'
        ? null
        : { subject: String(TEST_USER.id), organization: 'http://idp.test/oidc', name: TEST_USER.name },
    endSession: () => setStatus('session-ended'),
    signIn: vi.fn<AuthSession['signIn']>(async () => {}),
    completeSignIn: async () => '/',
    signOut: vi.fn<AuthSession['signOut']>(async () => {
      setStatus('signed-out');
      return 'left-for-provider';
    }),
    beginSignOut: vi.fn<AuthSession['beginSignOut']>(),
    nextSignInAsksPassword: () => false,
    providerSessionToEnd: () => false,
    setStatus,
  };
}

export interface RenderAppOptions {
  /** The URL to open, e.g. '/parts/1?tab=files'. Default '/'. */
  path?: string;
  /** Apollo mocks; the `me` query is answered unless `client` is given. */
  mocks?: readonly MockLink.MockedResponse[];
  /** A client of your own (e.g. with a fake fetch) instead of mocks. */
  client?: ApolloClient;
  /** The upload queue the page uses. Default: one whose API and storage are in-memory fakes. */
  queue?: UploadQueue;
  /** Default: a signed-in test session. */
  session?: TestAuthSession;
  /** Files shared into the app; default none (no share target). */
  shareInbox?: ShareInbox;
  config?: Partial<AppConfig>;
}

export interface RenderAppResult extends RenderResult {
  router: ReturnType<typeof createAppRouter>;
  client: ApolloClient;
  session: TestAuthSession;
  queue: UploadQueue;
  user: ReturnType<typeof userEvent.setup>;
  scanner: WedgeScanner;
}

/** The previous render's scanner stops listening, so one page's keys never reach another's. */
let detachScanner: (() => void) | null = null;

/**
 * Renders the real route tree at `path` with every provider, a memory history, mocked GraphQL and
 * an upload queue that cannot reach a network.
 */
export async function renderApp(options: RenderAppOptions = {}): Promise<RenderAppResult> {
  const config = { ...TEST_CONFIG, ...options.config };
  const session = options.session ?? createTestAuthSession();
  const client =
    options.client ??
    new ApolloClient({
      cache: createCache(),
      link: new MockLink([currentUserMock, ...(options.mocks ?? [])]),
    });
  const queue = options.queue ?? createQueueWorld().makeQueue();
  const shareInbox = options.shareInbox ?? null;
  const services = {
    config,
    session,
    client,
    uploads: queue,
    shareInbox,
    signOut: createSignOut({ session, client, uploads: queue, shareInbox }),
    endOfSession: createEndOfSession({ client, uploads: queue }),
  };
  const history = createMemoryHistory({ initialEntries: [options.path ?? '/'] });
  const router = createAppRouter({ auth: session, apolloClient: client }, history);
  const user = userEvent.setup();
  detachScanner?.();
  // user-event's pace between keys follows the machine's load, so keys are timed by count here (10 ms
  // apart: every key sequence is scanner-fast) and these tests show what a scan does; telling a
  // scanner from a person by time is wedgeScanner.test.ts's and the browser journeys' job.
  let keyTime = 0;
  const scanner = new WedgeScanner({
    timeOf: (event) => (event.type === 'keydown' ? (keyTime += 10) : keyTime),
    now: () => keyTime,
  });
  detachScanner = scanner.attach(window);
  // And as the test ends: the next test file's page is in this same window.
  afterThisTest(detachScanner);
  const result = render(
    <AppProviders services={services} scanner={scanner}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await act(() => router.load());
  return { ...result, router, client, session, queue, user, scanner };
}
