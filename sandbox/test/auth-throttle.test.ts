import http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  Browser,
  clientCredentials,
  formAction,
  openLoginPage,
  pkcePair,
  postForm,
  signIn,
  tokenRequest,
} from './auth-login-client.ts';
import { useSandbox } from './use-sandbox.ts';

const api = useSandbox();

/** A login form of a fresh authorization, as the browser shows it: its action URL and the browser. */
async function loginForm(issuer = api.issuer): Promise<{ browser: Browser; action: string }> {
  const browser = new Browser();
  const page = await openLoginPage(browser, issuer, pkcePair().challenge);
  return { browser, action: formAction(await page.text(), issuer) };
}

const apiKey = (clientId: string, secret: string, issuer = api.issuer) =>
  clientCredentials(issuer, clientId, secret);

describe('throttling of failed sign-ins and client authentications', () => {
  it('after 30 wrong passwords, refuses the right one too, for that account only', async () => {
    const { browser, action } = await loginForm();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await postForm(browser, action, {
        email: 'technician@example.com',
        password: `guess-${i}`,
      });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(24).fill(429));

    const right = await postForm(browser, action, {
      email: 'Technician@Example.com',
      password: 'technician',
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.text()).toMatch(
      /<p class="error" role="alert" id="login-error">Too many failed sign-in attempts\. Try again in \d+ seconds\.<\/p>/,
    );

    // Another account from the same address signs in.
    await expect(signIn(api.issuer, 'viewer@example.com', 'viewer')).resolves.toMatchObject({
      token_type: 'Bearer',
    });
  });

  it('after repeated wrong client secrets, refuses the right one too, for that client only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await apiKey('technician-key', `guess-${i}`);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(24).fill(429));

    const right = await apiKey('technician-key', 'technician-secret');
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({
      error: 'temporarily_unavailable',
      error_description: expect.stringMatching(
        /^Too many failed attempts for this client\. Try again in \d+ seconds\.$/,
      ),
    });
    // Also when the secret comes as HTTP Basic.
    const viaBasic = await clientCredentials(api.issuer, 'technician-key', 'technician-secret', 'basic');
    expect(viaBasic.status).toBe(429);

    expect((await apiKey('viewer-key', 'viewer-secret')).status).toBe(200);
  });

  it('locks an address that keeps failing across many accounts', async () => {
    const { browser, action } = await loginForm();
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i += 1) {
      const res = await postForm(browser, action, { email: `nobody-${i}@example.com`, password: 'x' });
      last = res.status;
      await res.body?.cancel();
    }
    expect(last).toBe(429);
    const right = await postForm(browser, action, { email: 'viewer@example.com', password: 'viewer' });
    expect(right.status).toBe(429);
  });
});

/** A token request whose form body is sent in chunks, with no Content-Length (as a streaming client does). */
function chunkedTokenRequest(issuer: string, body: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    const form = new URLSearchParams(body).toString();
    req.write(form.slice(0, 10));
    req.end(form.slice(10));
  });
}

describe('a client authenticating with a chunked body', () => {
  const api = useSandbox();
  const chunked = (clientId: string, secret: string) =>
    chunkedTokenRequest(api.issuer, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
    });

  it('is counted against the client it names, whatever other clients do in between', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(await chunked('technician-key', `guess-${i}`));
      // A key the guesser holds, signing in between: its success must not wipe the count.
      if (i % 2 === 1) expect(await chunked('viewer-key', 'viewer-secret')).toBe(200);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(4).fill(429));
    expect((await apiKey('technician-key', 'technician-secret', api.issuer)).status).toBe(429);
  });
});

describe('failures of an address', () => {
  const api = useSandbox();
  const unknownClient = (i: number) =>
    tokenRequest(api.issuer, {
      grant_type: 'client_credentials',
      client_id: `nobody-${i}`,
      client_secret: 'x',
    });

  it('stop counting once they are older than the window', async () => {
    for (let i = 0; i < 50; i += 1) {
      const res = await unknownClient(i);
      expect(res.status).toBe(401);
      await res.body?.cancel();
    }
    api.sandbox.clock.advance(15 * 60_000 + 1000);
    // Without a window this would be the 51st failure, and the address would be locked.
    expect((await unknownClient(50)).status).toBe(401);
    expect((await apiKey('viewer-key', 'viewer-secret', api.issuer)).status).toBe(200);
  });
});

/**
 * Wrong guesses sent all at once, then, as soon as one is refused as locked, the right one among a
 * second wave of wrong ones: the statuses of every guess, and the right one's.
 */
async function guessInParallel(
  guess: (secret: string) => Promise<Response>,
  right: string,
): Promise<{ statuses: number[]; right: number }> {
  const status = (res: Response) => {
    void res.body?.cancel();
    return res.status;
  };
  let seenLock!: () => void;
  const locked = new Promise<void>((resolve) => (seenLock = resolve));
  const first = Array.from({ length: 20 }, (_, i) =>
    guess(`wrong-a${i}`).then((res) => {
      if (res.status === 429) seenLock();
      return status(res);
    }),
  );
  // Without a lock among the first wave (every guess checked), the second goes once they all answered.
  await Promise.race([locked, Promise.all(first)]);
  const rightOne = guess(right).then(status);
  const second = Array.from({ length: 20 }, (_, i) => guess(`wrong-b${i}`).then(status));
  const statuses = await Promise.all([...first, ...second]);
  return { statuses, right: await rightOne };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('parallel guesses', () => {
  const api = useSandbox();

  it('of a password are checked no more often than the limit allows, and the right one among them is refused', async () => {
    const { browser, action } = await loginForm(api.issuer);
    const result = await guessInParallel(
      (password) => postForm(browser, action, { email: 'technician@example.com', password }),
      'technician',
    );
    // 5 free failures, and the one that locks: every other guess is refused unchecked.
    expect(count(result.statuses, 401)).toBe(6);
    expect(count(result.statuses, 429)).toBe(34);
    expect(result.right).toBe(429);
  });

  it('of a client secret likewise', async () => {
    const result = await guessInParallel(
      (secret) => clientCredentials(api.issuer, 'viewer-key', secret),
      'viewer-secret',
    );
    expect(count(result.statuses, 401)).toBe(6);
    expect(count(result.statuses, 429)).toBe(34);
    expect(result.right).toBe(429);
    // Another key from the same address is not locked by them.
    expect((await clientCredentials(api.issuer, 'technician-key', 'technician-secret')).status).toBe(200);
  });
});
