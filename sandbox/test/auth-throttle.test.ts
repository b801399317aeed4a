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
async function loginForm(): Promise<{ browser: Browser; action: string }> {
  const browser = new Browser();
  const page = await openLoginPage(browser, api.issuer, pkcePair().challenge);
  return { browser, action: formAction(await page.text(), api.issuer) };
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
