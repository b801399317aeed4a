import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/memoryStorage.ts';
import { createPendingRevocation } from './pendingRevocation.ts';

const ENDPOINT = 'http://idp.test/token/revocation';

function pendingWith(answers: Array<'ok' | 'offline' | 500>) {
  const storage = memoryStorage();
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => {
    const answer = answers.shift() ?? 'ok';
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response('', { status: answer === 'ok' ? 200 : answer });
  });
  const endSession = vi.fn(async (_idToken: string) => {});
  const pending = createPendingRevocation({
    storage,
    clientId: 'floor-app',
    revocationEndpoint: async () => ENDPOINT,
    endSession,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { storage, fetch, endSession, pending };
}

describe('tokens waiting to be revoked', () => {
  it('waits while the provider cannot be reached, then revokes the refresh token and ends its session', async () => {
    const { storage, fetch, endSession, pending } = pendingWith(['offline', 500, 'ok']);
    pending.keep({ refreshToken: 'refresh-1', idToken: 'id-1' });
    expect(pending.sessionToEnd()).toBe(true);

    await expect(pending.settle()).resolves.toBe('not-reached');
    await expect(pending.settle()).resolves.toBe('not-reached');
    expect(endSession).not.toHaveBeenCalled();
    expect(pending.pending()).toBe(true);

    await expect(pending.settle()).resolves.toBe('left-for-provider');
    const [url, init] = fetch.mock.calls[2]!;
    expect(url).toBe(ENDPOINT);
    expect(String(init?.body)).toBe('client_id=floor-app&token=refresh-1&token_type_hint=refresh_token');
    expect(endSession).toHaveBeenCalledWith('id-1');
    // Revoked first, then the page leaves with the ID token as the hint: nothing is left behind.
    expect(fetch.mock.invocationCallOrder[2]).toBeLessThan(endSession.mock.invocationCallOrder[0]!);
    expect(pending.pending()).toBe(false);
    expect(storage.length).toBe(0);
  });

  it('revokes the refresh tokens of a tab told of a sign-out elsewhere without leaving the page', async () => {
    const { endSession, pending } = pendingWith(['ok', 'ok']);
    pending.keep({ refreshToken: 'a' });
    pending.keep({ refreshToken: 'b' });
    pending.keep({});
    await expect(pending.settle()).resolves.toBe('revoked');
    expect(endSession).not.toHaveBeenCalled();
    expect(pending.pending()).toBe(false);
  });

  it('keeps the ID token when the way to the provider fails, to try again', async () => {
    const { endSession, pending } = pendingWith([]);
    endSession.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    pending.keep({ idToken: 'id-1' });
    await expect(pending.settle()).resolves.toBe('not-reached');
    expect(pending.sessionToEnd()).toBe(true);
    await expect(pending.settle()).resolves.toBe('left-for-provider');
    expect(endSession).toHaveBeenLastCalledWith('id-1');
  });

  it('settles once at a time (the online event and the timer at once)', async () => {
    const { fetch, pending } = pendingWith(['ok']);
    pending.keep({ refreshToken: 'a' });
    const [first, second] = [pending.settle(), pending.settle()];
    expect(second).toBe(first);
    await first;
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
