import { STORAGE_KEYS } from '../lib/storageKeys.ts';

const KEY = STORAGE_KEYS.revokePending.name;
/** How long one revocation may take before the provider counts as not reached (lie-fi never answers). */
const REVOKE_TIMEOUT_MS = 5_000;

/** Tokens of a person who signed out, waiting to be revoked at the identity provider. */
export interface PendingTokens {
  refreshToken?: string;
  /** Set in the tab that signed out: the provider's session is ended with it as the hint. */
  idToken?: string;
}

/** Whether settling ended: all revoked (and the page left to end the provider's session), or not reached. */
export type Settled = 'revoked' | 'left-for-provider' | 'not-reached';

export interface PendingRevocation {
  /** Keeps tokens to revoke, in this tab only. */
  keep(tokens: PendingTokens): void;
  /** Whether this tab still holds tokens of someone who signed out. */
  pending(): boolean;
  /** Whether the provider's session of someone who signed out here is still to be ended. */
  sessionToEnd(): boolean;
  /**
   * Revokes every refresh token kept (each forgotten once the provider answered), then, when an ID
   * token is kept, leaves for the provider's end-session with it. One settling at a time.
   */
  settle(): Promise<Settled>;
}

export interface PendingRevocationDeps {
  /** This tab's sessionStorage: never localStorage, which the whole device shares. */
  storage: Storage;
  clientId: string;
  revocationEndpoint: () => Promise<string | undefined>;
  /** Leaves for the provider's end-session with this ID token as the hint (the page is replaced). */
  endSession: (idToken: string) => Promise<void>;
  fetch?: typeof fetch;
}

function readAll(storage: Storage): PendingTokens[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? (value as PendingTokens[]) : [];
  } catch {
    return [];
  }
}

function writeAll(storage: Storage, all: readonly PendingTokens[]): void {
  try {
    if (all.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Without storage nothing is kept for later: the provider's own end of the grant is all that is left.
  }
}

/**
 * After a sign-out the person's refresh token must stop working at the identity provider, and its
 * session must end, even when the tablet was offline: the tokens wait here, in the tab that held
 * them, and are revoked as soon as the provider answers (see README, "Signing out").
 */
export function createPendingRevocation(deps: PendingRevocationDeps): PendingRevocation {
  const fetchImpl = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let settling: Promise<Settled> | null = null;

  const revoke = async (endpoint: string, token: string): Promise<boolean> => {
    try {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: deps.clientId, token, token_type_hint: 'refresh_token' }),
        signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
      });
      // RFC 7009: 200 also for a token the provider no longer knows. Anything else is tried again.
      return response.ok;
    } catch {
      return false;
    }
  };

  const forget = (drop: (kept: PendingTokens) => PendingTokens) =>
    writeAll(
      deps.storage,
      readAll(deps.storage)
        .map(drop)
        .filter((kept) => kept.refreshToken || kept.idToken),
    );

  const settleOnce = async (): Promise<Settled> => {
    let endpoint: string | undefined;
    try {
      endpoint = await deps.revocationEndpoint();
    } catch {
      return 'not-reached';
    }
    for (const { refreshToken } of readAll(deps.storage)) {
      if (!refreshToken) continue;
      if (!endpoint || !(await revoke(endpoint, refreshToken))) return 'not-reached';
      forget((kept) => (kept.refreshToken === refreshToken ? { ...kept, refreshToken: undefined } : kept));
    }
    const idToken = readAll(deps.storage).find((kept) => kept.idToken)?.idToken;
    if (!idToken) return 'revoked';
    // Forgotten before leaving: the page is replaced, and the provider's answer brings a fresh one.
    forget((kept) => (kept.idToken === idToken ? { ...kept, idToken: undefined } : kept));
    try {
      await deps.endSession(idToken);
    } catch {
      writeAll(deps.storage, [...readAll(deps.storage), { idToken }]);
      return 'not-reached';
    }
    return 'left-for-provider';
  };

  return {
    keep(tokens) {
      if (!tokens.refreshToken && !tokens.idToken) return;
      writeAll(deps.storage, [...readAll(deps.storage), tokens]);
    },
    pending: () => readAll(deps.storage).length > 0,
    sessionToEnd: () => readAll(deps.storage).some((kept) => kept.idToken),
    settle() {
      settling ??= settleOnce().finally(() => {
        settling = null;
      });
      return settling;
    },
  };
}
