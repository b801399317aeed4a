import { expect, signInThroughForm, submitLogin, test, TECHNICIAN } from './fixtures';

test.describe('signing in and out', () => {
  test('a deep link opened while signed out lands on that page after login', async ({ page }) => {
    await page.goto('/runs/1?from=traveler');
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
    await page.waitForURL('/runs/1?from=traveler');
    // The callback's code and state are gone from the address bar and from history.
    expect(page.url()).not.toContain('code=');
    await expect(page.getByTestId('current-user')).toContainText(TECHNICIAN.name);
  });

  test('shows who is signed in, and a reload keeps the session', async ({ page }) => {
    await signInThroughForm(page, '/runs/1');
    const user = page.getByTestId('current-user');
    await expect(user).toContainText(TECHNICIAN.name);
    await expect(user).toContainText(TECHNICIAN.organization);
    await page.getByRole('button', { name: `Account: ${TECHNICIAN.name}` }).click();
    await expect(page.getByRole('menu')).toContainText(TECHNICIAN.email);
    await page.keyboard.press('Escape');

    const authorizeRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/oidc/auth')) authorizeRequests.push(request.url());
    });
    await page.reload();
    await expect(page.getByTestId('current-user')).toContainText(TECHNICIAN.name);
    expect(new URL(page.url()).pathname).toBe('/runs/1');
    expect(authorizeRequests).toEqual([]);
  });

  test('keeps tokens out of localStorage', async ({ page }) => {
    await signInThroughForm(page, '/runs/1');
    const local = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(local).not.toMatch(/access_token|refresh_token|id_token/);
    const session = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));
    expect(session).toContain('refresh_token');
  });

  test('a wrong password shows the provider’s error and stays on its login page', async ({ page }) => {
    await page.goto('/runs/1');
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitLogin(page, TECHNICIAN.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
    await page.waitForURL('/runs/1');
  });

  test('pressing Back onto a used callback continues into the app', async ({ page }) => {
    let callbackUrl = '';
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/auth/callback')) callbackUrl = frame.url();
    });
    await signInThroughForm(page, '/runs/1');
    expect(callbackUrl).toContain('state=');
    await page.goto(callbackUrl);
    await expect(page.getByTestId('current-user')).toContainText(TECHNICIAN.name);
    expect(page.url()).not.toContain('/auth/callback');
    await expect(page.getByText(/No matching state/)).toHaveCount(0);
  });

  test('sign out ends the session at the provider without asking; a private URL then asks for the password', async ({
    page,
  }) => {
    await signInThroughForm(page, '/runs/1');
    await page.getByRole('button', { name: `Account: ${TECHNICIAN.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // Given the ID token as the hint, the provider asks nothing and returns to the app's start page,
    // which is private: the app has no user and asks the provider, which asks for the password.
    await page.waitForURL(/\/oidc\/interaction\//);
    await expect(page.getByLabel('Password')).toBeVisible();

    await page.goto('/runs/1');
    await page.waitForURL(/\/oidc\/interaction\//);
    await expect(page.getByLabel('Password')).toBeVisible();
  });
});

test.describe('a shift-long session (5-second access tokens)', () => {
  test('renews the token silently while the user keeps working', async ({ page, shortTokenDeployment }) => {
    const { appOrigin, sandbox } = shortTokenDeployment;
    const refreshGrants: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/oidc/token') && request.postData()?.includes('grant_type=refresh_token')) {
        refreshGrants.push(request.url());
      }
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/graphql') && response.status() === 401) refused.push(response.url());
    });

    // The browser's and the sandbox's clocks are moved together past each token's lifetime, instead of
    // waiting it out.
    await page.clock.install();
    await signInThroughForm(page, '/runs/1', TECHNICIAN, appOrigin);
    // Work across three token lifetimes, moving between records as a technician would.
    for (let i = 0; i < 3; i += 1) {
      const renewed = refreshGrants.length;
      sandbox.clock.advance(5_500);
      await page.clock.fastForward(5_500);
      await page
        .getByRole('link', { name: /^Part 1\b/ })
        .first()
        .click();
      await page.waitForURL(`${appOrigin}/parts/1`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goBack();
      await page.waitForURL(`${appOrigin}/runs/1`);
      await expect(page.getByTestId('current-user')).toContainText(TECHNICIAN.name);
      await expect.poll(() => refreshGrants.length).toBeGreaterThan(renewed);
    }
    expect(page.url()).toContain('/runs/1');
    await expect(page.getByText('Your session ended')).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('when renewal fails, asks to sign in again and returns to the same page', async ({
    page,
    shortTokenDeployment,
  }) => {
    const { appOrigin, sandbox } = shortTokenDeployment;
    await signInThroughForm(page, '/runs/1', TECHNICIAN, appOrigin);
    // The identity provider becomes unreachable for token renewal.
    await page.route(`${sandbox.url}/oidc/token`, (route) => route.abort('connectionrefused'));
    await expect(page.getByText('Your session ended')).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/runs/1');

    await page.unroute(`${sandbox.url}/oidc/token`);
    await page.getByRole('button', { name: 'Sign in again' }).click();
    // The provider still has a session: it may skip the form; otherwise sign in.
    await page.waitForURL(
      (url) => url.pathname.startsWith('/oidc/interaction/') || url.href === `${appOrigin}/runs/1`,
    );
    if (page.url().includes('/oidc/interaction/'))
      await submitLogin(page, TECHNICIAN.email, TECHNICIAN.password);
    await page.waitForURL(`${appOrigin}/runs/1`);
    await expect(page.getByText('Your session ended')).toHaveCount(0);
    await expect(page.getByTestId('current-user')).toContainText(TECHNICIAN.name);
  });
});
