import { sanitizeRedirect } from '../auth/redirect.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

/** The home-screen icon opens the start URL with this marker (see webAppManifest.ts). */
export const LAUNCH_PARAM = 'launch';

const KEY = STORAGE_KEYS.lastPage.name;

/**
 * The page the technician had open, so the installed app reopens there. Only a local path is kept
 * (no ids of people, no tokens); the sign-in guard still applies when it is opened.
 */
export function rememberLastPage(path: string, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(KEY, path);
  } catch {
    // Private mode or a full storage: the app then opens on its start page, as before.
  }
}

/** Where a launch from the home screen should go: the last page, or null to stay where the URL says. */
export function launchDestination(url: URL, storage: Storage = window.localStorage): string | null {
  if (!url.searchParams.has(LAUNCH_PARAM)) return null;
  let saved: string | null;
  try {
    saved = storage.getItem(KEY);
  } catch {
    saved = null;
  }
  return sanitizeRedirect(saved);
}
