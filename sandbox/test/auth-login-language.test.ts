import { describe, expect, it } from 'vitest';
import {
  authorize,
  Browser,
  formAction,
  openLoginPage,
  pkcePair,
  postForm,
  APP_ORIGIN,
  signInBrowser,
} from './auth-login-client.ts';
import { pageLanguage } from '../src/auth/page-words.ts';
import { useSandbox } from './use-sandbox.ts';

const api = useSandbox();

/** The login page of a sign-in the app started with `ui_locales` (and the browser's own languages). */
async function loginPageIn(uiLocales: string | null, acceptLanguage?: string) {
  const browser = new Browser();
  const page = await openLoginPage(browser, api.issuer, pkcePair().challenge, 's', (url) => {
    if (uiLocales !== null) url.searchParams.set('ui_locales', uiLocales);
  });
  const action = formAction(await page.clone().text(), api.issuer);
  if (!acceptLanguage) return { browser, action, html: await page.text() };
  const again = await browser.fetch(action, { headers: { 'accept-language': acceptLanguage } });
  return { browser, action, html: await again.text() };
}

describe('the sign-in page speaks the language the app asks for (ui_locales)', () => {
  it('in Spanish, the wrong password too', async () => {
    const { browser, action, html } = await loginPageIn('es');
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain('<title>Iniciar sesión · Floor Attach</title>');
    expect(html).toContain('<p class="subtitle">Inicie sesión con su cuenta de la empresa.</p>');
    expect(html).toContain('<label for="email">Correo electrónico</label>');
    expect(html).toContain('<label for="password">Contraseña</label>');
    expect(html).toContain('<button type="submit">Iniciar sesión</button>');
    expect(html).not.toMatch(/Sign in|Password/);

    const wrong = await postForm(browser, action, { email: 'technician@example.com', password: 'nope' });
    expect(wrong.status).toBe(401);
    const again = await wrong.text();
    expect(again).toMatch(/<html lang="es">/);
    expect(again).toContain(
      '<p class="error" role="alert" id="login-error">Correo electrónico o contraseña incorrectos.</p>',
    );
  });

  it('in Simplified Chinese', async () => {
    const { html } = await loginPageIn('zh-Hans');
    expect(html).toMatch(/<html lang="zh-Hans">/);
    expect(html).toContain('<label for="email">电子邮箱</label>');
    expect(html).toContain('<label for="password">密码</label>');
    expect(html).toContain('<button type="submit">登录</button>');
    expect(html).not.toMatch(/Sign in|Password/);
  });

  it('takes the first language it speaks from the list, then the browser’s, then English', async () => {
    expect((await loginPageIn('fr-CA de en')).html).toContain('<button type="submit">Anmelden</button>');
    expect((await loginPageIn('fr', 'vi-VN,vi;q=0.9,en;q=0.8')).html).toMatch(/<html lang="vi">/);
    // The pseudo-locale is English to the provider.
    const pseudo = (await loginPageIn('en-XA', 'de')).html;
    expect(pseudo).toMatch(/<html lang="en">/);
    expect(pseudo).toContain('<button type="submit">Sign in</button>');
    expect((await loginPageIn(null, 'fr-FR, pt;q=0.5')).html).toMatch(/<html lang="en">/);
  });

  it('signs in as ever whatever the language', async () => {
    const { callback } = await authorize(api.issuer, 'technician@example.com', 'technician', (url) =>
      url.searchParams.set('ui_locales', 'vi'),
    );
    expect(callback.origin).toBe(APP_ORIGIN);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('asks "Do you want to sign out?" in the language of the sign-out request', async () => {
    const { browser } = await signInBrowser(api.issuer, 'technician@example.com', 'technician');
    // Only a request without the person's ID token as its hint is asked (with it, the sign-out is done
    // at once: auth-logout.test.ts).
    const endSession = new URL(`${api.issuer}/session/end`);
    endSession.searchParams.set('client_id', 'floor-app');
    endSession.searchParams.set('ui_locales', 'de');
    const html = await (await browser.fetch(endSession.href)).text();
    expect(html).toMatch(/<html lang="de">/);
    expect(html).toContain('Möchten Sie sich abmelden?');
    expect(html).toMatch(/value="yes"[^>]*>Abmelden<\/button>/);
    expect(html).toContain('>Angemeldet bleiben</button>');
  });

  it('says a stale sign-in link has expired in the browser’s language', async () => {
    const res = await fetch(`${api.issuer}/interaction/not-a-real-interaction`, {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/<html lang="zh-Hans">/);
    expect(html).toContain('此登录链接已过期。请返回应用重新登录。');
  });

  it('advertises its languages in discovery', async () => {
    const doc = (await (await fetch(`${api.issuer}/.well-known/openid-configuration`)).json()) as {
      ui_locales_supported?: string[];
    };
    expect(doc.ui_locales_supported).toEqual(['en', 'es', 'de', 'vi', 'zh-Hans']);
  });
});

describe('pageLanguage', () => {
  it.each([
    ['es-MX', undefined, 'es'],
    ['zh', undefined, 'zh-Hans'],
    ['zh-TW', 'de', 'de'],
    ['zh-Hant-HK', undefined, 'en'],
    [undefined, 'de-AT;q=0.5, vi;q=0.9', 'vi'],
    [undefined, 'es;q=0, *', 'en'],
    ['not_a_tag', 'de', 'de'],
    [['es'], undefined, 'en'],
  ])('ui_locales %j, Accept-Language %j → %s', (uiLocales, acceptLanguage, expected) => {
    expect(pageLanguage(uiLocales, acceptLanguage)).toBe(expected);
  });
});
