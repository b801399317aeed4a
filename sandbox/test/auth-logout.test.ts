import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  Browser,
  endSessionUrl,
  follow,
  formAction,
  openLoginPage,
  pkcePair,
  postForm,
  refresh,
  signInBrowser,
  tokenRequest,
} from './auth-login-client.ts';
import { gql } from './harness.ts';
import { useSandbox } from './use-sandbox.ts';

const api = useSandbox();

async function meAnswers(token: string): Promise<boolean> {
  const res = await gql(api.url, token, '{ me { id } }');
  return res.data?.me?.id !== undefined;
}

/** What a browser does with the provider's form: sends its hidden fields, with any `fields` (a button's). */
async function sendForm(browser: Browser, html: string, fields: Record<string, string> = {}) {
  const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const hidden = Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return follow(
    browser,
    await postForm(browser, formAction(html, api.issuer), { ...hidden, ...fields }),
    api.issuer,
  );
}

describe('sign-out', () => {
  it("with the app's ID token hint, signs out without asking and returns to the app", async () => {
    const { browser, tokens } = await signInBrowser(api.issuer, 'technician@example.com', 'technician');
    expect(await meAnswers(tokens.access_token)).toBe(true);

    const page = await browser.fetch(endSessionUrl(api.issuer, tokens.id_token, { state: 'bye' }).href);
    expect(page.status).toBe(200);
    const html = await page.text();
    // No question and no "Stay signed in": the page sends the confirmed form by itself.
    expect(html).not.toContain('Do you want to sign out?');
    expect(html).not.toContain('Stay signed in');
    expect(html).toContain('<input type="hidden" name="logout" value="yes"/>');
    expect(html).toContain("<script>document.getElementById('op.logoutForm').submit();</script>");
    // Only that script may run on the page.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[^']+'/);

    const back = await sendForm(browser, html);
    if (!(back instanceof URL)) throw new Error(`expected the app, got HTTP ${back.status}`);
    expect(back.origin + back.pathname).toBe(`${APP_ORIGIN}/`);
    expect(back.searchParams.get('state')).toBe('bye');

    // The session's tokens stop working, as Keycloak's session-bound tokens do: refresh and access alike.
    expect((await refresh(api.issuer, tokens.refresh_token ?? '')).status).toBe(400);
    expect(await meAnswers(tokens.access_token)).toBe(false);
    // The provider's session is gone: a new authorization shows the login page again.
    expect(await openLoginPage(browser, api.issuer, pkcePair().challenge)).toHaveProperty('status', 200);
  });

  it('asks without a hint, and then ends the session only when told "Sign out"', async () => {
    const { browser, tokens } = await signInBrowser(api.issuer, 'technician@example.com', 'technician');
    const url = new URL(`${api.issuer}/session/end`);
    url.searchParams.set('client_id', 'floor-app');
    const html = await (await browser.fetch(url.href)).text();
    expect(html).toContain('Do you want to sign out?');
    expect(html).toMatch(
      /<button type="submit" form="op.logoutForm" name="logout" value="yes"[^>]*>Sign out<\/button>/,
    );
    expect(html).not.toContain('<script>');
    await sendForm(browser, html, { logout: 'yes' });
    expect(await meAnswers(tokens.access_token)).toBe(false);
  });

  it("asks when the hint is another person's than the one signed in", async () => {
    const viewer = await signInBrowser(api.issuer, 'viewer@example.com', 'viewer');
    const { browser } = await signInBrowser(api.issuer, 'technician@example.com', 'technician');
    const html = await (await browser.fetch(endSessionUrl(api.issuer, viewer.tokens.id_token).href)).text();
    expect(html).toContain('Do you want to sign out?');
  });

  it('revoking the refresh token ends the access tokens of its grant too', async () => {
    const { tokens } = await signInBrowser(api.issuer, 'viewer@example.com', 'viewer');
    expect(await meAnswers(tokens.access_token)).toBe(true);
    const body = {
      client_id: 'floor-app',
      token: tokens.refresh_token ?? '',
      token_type_hint: 'refresh_token',
    };
    const res = await tokenRequest(
      api.issuer,
      body,
      { origin: APP_ORIGIN },
      `${api.issuer}/token/revocation`,
    );
    expect(res.status).toBe(200);
    expect(await meAnswers(tokens.access_token)).toBe(false);
    expect((await refresh(api.issuer, tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('says "You are signed out." when there is no session to end', async () => {
    // With nothing to confirm, the provider's page submits itself (a browser runs that script).
    const browser = new Browser();
    const html = await (await browser.fetch(`${api.issuer}/session/end`)).text();
    const res = await sendForm(browser, html, { logout: 'yes' });
    if (res instanceof URL) throw new Error('expected the signed-out page');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are signed out.');
  });
});
