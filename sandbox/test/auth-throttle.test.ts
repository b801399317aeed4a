import { describe, expect, it } from 'vitest';
import {
  basic,
  Browser,
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

function clientCredentials(clientId: string, secret: string): Promise<Response> {
  return tokenRequest(api.issuer, {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: secret,
  });
}

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
      const res = await clientCredentials('technician-key', `guess-${i}`);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(24).fill(429));

    const right = await clientCredentials('technician-key', 'technician-secret');
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({
      error: 'temporarily_unavailable',
      error_description: expect.stringMatching(
        /^Too many failed attempts for this client\. Try again in \d+ seconds\.$/,
      ),
    });
    // Also when the secret comes as HTTP Basic.
    const viaBasic = await tokenRequest(
      api.issuer,
      { grant_type: 'client_credentials' },
      { authorization: basic('technician-key', 'technician-secret') },
    );
    expect(viaBasic.status).toBe(429);

    expect((await clientCredentials('viewer-key', 'viewer-secret')).status).toBe(200);
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
