import { APP_ORIGIN, expect, SANDBOX_URL, signIn, TECHNICIAN, test, VIEWER } from './fixtures.ts';
import { startHostileSite, type PlantWay } from './hostile-site.ts';
import { shareInboxNames, shareIntoApp, waitForOfflineReady } from './pwa-support.ts';
import { PNG_BYTES } from './test-files.ts';

test.use({ serviceWorkers: 'allow' });

const unique = (stem: string) => `${stem}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The default budget of shares nobody claimed (config.json sets none in the journeys). */
const UNCLAIMED_MAX_FILES = 20;

test.describe('the share target', () => {
  test('a form another website posts keeps nothing and shows nothing to the next person, however it hides where it came from', async ({
    context,
  }) => {
    test.setTimeout(120_000);
    const hostile = await startHostileSite();
    try {
      // The app has been used on this tablet (its worker is installed); then nobody is signed in.
      const first = await context.newPage();
      await signIn(first, '/parts/1', TECHNICIAN);
      await waitForOfflineReady(first);
      await first.close();
      await context.clearCookies();

      const ways: PlantWay[] = [
        'origin',
        'no-referrer',
        'no-referrer-new-window',
        'noreferrer-link',
        'sandboxed-top',
        'sandboxed-new-window',
      ];
      const planted = ways.map((way) => ({ way, name: `${unique(way)}.jpg` }));
      for (const { way, name } of planted) {
        const tab = await context.newPage();
        const newWindow = way.endsWith('new-window') || way === 'noreferrer-link';
        const opened = newWindow ? context.waitForEvent('page') : null;
        await tab.goto(hostile.plant(name, way));
        const landed = opened ? await opened : tab;
        if (way === 'sandboxed-new-window') {
          // A window opened from a sandbox has an opaque origin: no worker sees its post, and the
          // app's server refuses a POST.
          await expect(landed.getByText('Method Not Allowed')).toBeVisible();
        } else {
          // The worker refused it and sent the window to the share page, which asks for a sign-in.
          await landed.waitForURL(/\/oidc\/interaction\//);
        }
        await landed.close();
        if (landed !== tab) await tab.close();
      }
      expect(await shareInboxNames(context)).toEqual([]);

      // The next person finds nothing shared waiting, and none of the planted names.
      const next = await context.newPage();
      await signIn(next, '/share', VIEWER);
      await expect(next.getByText('Nothing shared is waiting.', { exact: false })).toBeVisible();
      for (const { name } of planted) await expect(next.getByText(name)).toHaveCount(0);
    } finally {
      await new Promise((resolve) => hostile.server.close(resolve));
    }
  });

  test("fifty shares nobody claimed stay within their own budget and do not stop the technician's own share", async ({
    context,
  }) => {
    test.setTimeout(180_000);
    const taylor = await context.newPage();
    await signIn(taylor, '/parts/1', TECHNICIAN);
    await waitForOfflineReady(taylor);

    // Tabs where nobody is signed in (sessions are per tab) share fifty files, ten at a time. Each
    // tab's share page sends it to the provider to sign in, which would sign Taylor in silently and
    // claim the share: the tab is held at the provider instead, and closed once that page has loaded
    // (a tab closed while a navigation commits can hang Chromium's close).
    const stem = unique('flood');
    const photos = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: `${stem}-${from + i}.png`,
        type: 'image/png',
        bytes: PNG_BYTES,
      }));
    for (let i = 0; i < 5; i++) {
      const flood = await context.newPage();
      await flood.route(`${SANDBOX_URL}/**`, (route) =>
        route.request().isNavigationRequest()
          ? route.fulfill({ contentType: 'text/html', body: '<p>Held at the provider</p>' })
          : route.continue(),
      );
      await flood.goto(`${APP_ORIGIN}/manifest.webmanifest`);
      await shareIntoApp(flood, photos(i * 10, 10));
      await expect(flood.getByText('Held at the provider')).toBeVisible();
      await flood.close();
    }
    // Kept as nobody's, the oldest giving way to newer ones: never more than their budget.
    const waiting = await shareInboxNames(context);
    expect(waiting).toHaveLength(UNCLAIMED_MAX_FILES);
    expect(waiting.every((name) => name.startsWith(stem))).toBe(true);
    // Fifty files in one share are more than a share nobody claimed yet may hold: refused in words.
    await shareIntoApp(taylor, photos(50, 50));
    await taylor.waitForURL((url) => url.pathname === '/share');
    await expect(taylor.getByRole('alert')).toContainText(
      `That share was not kept: at most ${UNCLAIMED_MAX_FILES} files and 100 MB can be shared at once.`,
    );
    await taylor.goto('/parts/1');

    // The technician shares a photo from the app: kept, offered to them, and only it as theirs.
    const own = `${unique('own')}.png`;
    await shareIntoApp(taylor, [{ name: own, type: 'image/png', bytes: PNG_BYTES }]);
    await taylor.waitForURL((url) => url.pathname === '/share' && url.search === '');
    const shared = taylor.getByRole('region', { name: 'Shared files' });
    await expect(shared).toContainText(own);
    await expect(shared).not.toContainText(stem);
    expect(await shareInboxNames(context)).toContain(own);
  });
});
