import type { Root } from 'react-dom/client';
import { fetchAppConfig } from '../config/appConfig.ts';
import { shareBudgetFrom } from '../share/shareBudget.ts';
import { noAppUpdates, type AppUpdates } from '../pwa/appUpdates.ts';
import { launchDestination } from '../pwa/lastPage.ts';
import { countMoving } from '../upload/uploadCounts.ts';
import { WedgeScanner } from '../scanner/wedgeScanner.ts';
import { takeKeysBeforeStart } from '../scanner/keysBeforeStart.ts';
import { browserLanguageChoice } from '../i18n/languageChoice.ts';
import { loadMessages } from '../i18n/catalogues.ts';

/**
 * The composition root: loads the runtime configuration, restores the session, builds the GraphQL
 * client and the upload queue, and renders the app with them (or a clear error page).
 */
export async function startApp(
  root: Root,
  fetchImpl: typeof fetch = fetch,
  updates: AppUpdates = noAppUpdates,
): Promise<void> {
  // Opened from the home-screen icon: to the page the technician had open.
  const url = new URL(window.location.href);
  const destination = launchDestination(url);
  if (destination) window.history.replaceState(null, '', destination);

  // The OIDC library and the upload pipeline load while the configuration is fetched, rather than
  // in the entry chunk that has to arrive before anything runs.
  // So does the share inbox's IndexedDB library.
  // So do the screens themselves (theme, words, routes): the entry only listens for a scanner and
  // asks for the configuration.
  const view = import('./appView.tsx');
  view.catch(() => {});
  const wiring = Promise.all([
    import('../auth/oidcSession.ts'),
    import('./appServices.ts'),
    import('../share/shareInbox.ts'),
    import('../share/claimLandedShare.ts'),
  ]);
  // Left unawaited when the configuration fails to load: that error is the one shown.
  wiring.catch(() => {});
  // Listening before anything loads, with the keys pressed while this code was loading: a label
  // scanned while the page starts still opens its record.
  const scanner = new WedgeScanner();
  const stopScanning = scanner.attach(window, takeKeysBeforeStart());
  // The browser's language until someone signs in; its words load beside the configuration.
  const languages = browserLanguageChoice();
  void loadMessages(languages.locale()).catch(() => {});
  let config;
  try {
    config = await fetchAppConfig('/config.json', fetchImpl);
  } catch (error) {
    // The error page opens no record: nothing on it is for a scanner (and its keys go to its button).
    stopScanning();
    await loadMessages(languages.locale()).catch(() => {});
    (await view).renderConfigError(root, error, languages);
    return;
  }
  const [
    { createOidcAuthSession, createUserManager },
    { createAppServices },
    { createShareInbox },
    { claimLandedShare },
  ] = await wiring;
  const session = await createOidcAuthSession(createUserManager(config), {
    uiLocales: () => languages.locale(),
  });
  // Each person's own language on a shared tablet, from the moment they are signed in.
  const followPerson = () => languages.setPerson(session.getPerson());
  followPerson();
  session.subscribe(followPerson);
  const shareInbox = createShareInbox({ budget: shareBudgetFrom(config) });
  const services = { ...createAppServices(config, session, shareInbox), languages };
  // Signed out, here or in another tab: this page stops sending and writing anything of that person.
  let signedIn = session.getState().status !== 'signed-out';
  session.subscribe(() => {
    const now = session.getState().status !== 'signed-out';
    if (signedIn && !now) void services.endOfSession();
    signedIn = now;
  });
  // The records kept for this person go into the cache before any page asks for them (a reload with
  // no network shows them), read while the shared files are claimed.
  const keptRestored = services.keptRecords?.restore();
  // Files just shared into the app belong to whoever is signed in where they landed.
  const landed = await claimLandedShare(window.location.href, session.getPerson(), shareInbox);
  await keptRestored;
  // This person's pins, known before the first render; what waits is fetched ahead after it.
  await services.pinned?.start(session);
  const { keptRecords } = services;
  if (keptRecords) {
    // Read by the start-up benchmark: how long the restore held the first render back.
    performance.mark('floor-attach:kept-records-restored', { detail: { ms: keptRecords.restoreMs } });
    // Someone else signing in here never sees what was kept for the last person.
    session.subscribe(() => void keptRecords.personChanged());
    // Written now rather than lost when the tablet closes the app within a second of a response.
    window.addEventListener('pagehide', () => void keptRecords.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void keptRecords.flush();
    });
  }
  if (landed) window.history.replaceState(null, '', landed);
  // Resumes what an earlier page left unfinished, once someone is signed in: stored files are sorted
  // by who dropped them, so this waits for the sign-in callback to say who that is.
  const restoreWhenSignedIn = () => {
    if (session.getPerson()) void services.uploads.restore();
  };
  restoreWhenSignedIn();
  session.subscribe(restoreWhenSignedIn);
  // No new version is started, in any tab, while this page has files on the wire.
  const { uploads } = services;
  updates.holdReloadWhile({
    isMoving: () => countMoving(uploads.entriesNow()) > 0,
    subscribe: uploads.subscribe,
  });
  // The first screen in the person's language, not English for a moment.
  await loadMessages(languages.locale()).catch(() => {});
  (await view).renderApp(root, { services, scanner, updates });
}
