/**
 * Everything Floor Attach keeps in the browser, in one list: each key of sessionStorage,
 * localStorage, IndexedDB and Cache Storage, and what sign-out does with it. The modules that read
 * and write a key take its name from here; app/signOut.ts clears what is marked 'cleared'.
 *
 * What a store keeps whose shape may change (kept records, pins, queued files, shares) is written with
 * its version and read through its migrations (lib/storedSchema.ts).
 *
 * A tablet is shared by a shift: anything that says who worked on what (pages, record titles, shared
 * photos) belongs to one person and goes when they sign out; device settings (the station's kind of
 * label, colours) and the app's own code stay.
 */

export type StorageArea = 'sessionStorage' | 'localStorage' | 'indexedDB' | 'cacheStorage';

export type OnSignOut =
  /** Removed by the app's sign-out (app/signOut.ts). */
  | 'cleared'
  /** Removed by the session itself when it ends (oidc-client-ts removes its user). */
  | 'session'
  /** The person signing out chooses: kept on this device for them, or discarded (the upload queue). */
  | 'owner-chooses'
  /** Stays: device settings, the app's code, and what sign-out itself leaves for the next sign-in. */
  | 'kept';

export interface StoredItem {
  area: StorageArea;
  /** The key, database or cache name. */
  name: string;
  /** 'prefix': every key starting with `name` (one per person, per sign-in request, …). */
  match: 'exact' | 'prefix';
  onSignOut: OnSignOut;
  /** What it holds, and why it is kept or cleared. */
  holds: string;
}

export const STORAGE_KEYS = {
  oidcSession: {
    area: 'sessionStorage',
    name: 'oidc.',
    match: 'prefix',
    onSignOut: 'session',
    holds:
      'oidc-client-ts: the signed-in user with its tokens, and sign-in requests in progress (this tab only)',
  },
  signedInUnder: {
    area: 'sessionStorage',
    name: 'floor-attach:signed-in-under',
    match: 'exact',
    onSignOut: 'kept',
    holds:
      "the device's sign-out generation this tab's user signed in under: a user stored before a later sign-out on the device is not used (auth/signOutSignal.ts); no secret",
  },
  revokePending: {
    area: 'sessionStorage',
    name: 'floor-attach:revoke-pending',
    match: 'exact',
    onSignOut: 'kept',
    holds:
      "written by a sign-out that could not reach the identity provider (this tab only, never localStorage): the refresh token to revoke and the ID token to end the provider's session with, sent as soon as it answers, then removed (auth/pendingRevocation.ts)",
  },
  signedOutFrom: {
    area: 'sessionStorage',
    name: 'floor-attach:signed-out-from',
    match: 'exact',
    onSignOut: 'kept',
    holds:
      'written by sign-out: the page to return to when the identity provider\'s answer is "Stay signed in"; only the same person is sent there (auth/signOutReturn.ts)',
  },
  lastPage: {
    area: 'localStorage',
    name: 'floor-attach:last-page',
    match: 'exact',
    onSignOut: 'cleared',
    holds:
      'the page last open, where the installed app reopens (pwa/lastPage.ts): says what this person worked on',
  },
  recentRecords: {
    area: 'localStorage',
    name: 'floor-attach:recent:',
    match: 'prefix',
    onSignOut: 'cleared',
    holds: 'per person: the records they opened, with titles (features/recent)',
  },
  providerSessionOpen: {
    area: 'localStorage',
    name: 'floor-attach:provider-session-open',
    match: 'exact',
    onSignOut: 'kept',
    holds:
      'written by every sign-out, removed by the next sign-in that asked for a password: the next sign-in on this device asks for one (prompt=login), whatever the provider kept (auth/oidcSession.ts); a time, no secret',
  },
  signOutGeneration: {
    area: 'localStorage',
    name: 'floor-attach:sign-out-generation',
    match: 'exact',
    onSignOut: 'kept',
    holds:
      'written by every sign-out: a time and a random part, new each time, which tells every tab of the app that a sign-out happened on this device (auth/signOutSignal.ts); no secret',
  },
  openByIdKind: {
    area: 'localStorage',
    name: 'floor-attach:open-by-id-kind',
    match: 'exact',
    onSignOut: 'kept',
    holds: 'device setting: the kind of record this station scans (features/open-by-id)',
  },
  cameraAfterScan: {
    area: 'localStorage',
    name: 'floor-attach:camera-after-scan',
    match: 'exact',
    onSignOut: 'kept',
    holds: 'device setting: open the camera after a scan (features/open-by-id)',
  },
  colorScheme: {
    area: 'localStorage',
    name: 'mantine-color-scheme-value',
    match: 'exact',
    onSignOut: 'kept',
    holds: "device setting: light or dark colours (Mantine's name)",
  },
  olderRecentRecords: {
    area: 'localStorage',
    name: 'floor-recent-records',
    match: 'exact',
    onSignOut: 'cleared',
    holds: 'left by versions before this list: records opened on the device by anyone; no longer written',
  },
  olderLastPage: {
    area: 'localStorage',
    name: 'floor-last-page',
    match: 'exact',
    onSignOut: 'cleared',
    holds: 'left by versions before this list: the last page under its old name; no longer written',
  },
  olderDeviceSettings: {
    area: 'localStorage',
    name: 'floor-attach.',
    match: 'prefix',
    onSignOut: 'cleared',
    holds: 'left by versions before this list: device settings under their old names; no longer read',
  },
  attachedHere: {
    area: 'localStorage',
    name: 'floor-attach:attached-here',
    match: 'exact',
    onSignOut: 'cleared',
    holds:
      'per person: the last files attached from this tablet (record, name, size, MD5), so the same file is asked about before it is attached again after a reload (upload/attachedHere.ts): says what this person worked on',
  },
  attachRefusals: {
    area: 'localStorage',
    name: 'floor-attach:attach-refused',
    match: 'exact',
    onSignOut: 'kept',
    holds:
      'the people (organisation and subject only) the server refused an attach, so their attach controls stay hidden on their next sign-in (upload/attachRefusals.ts)',
  },
  languages: {
    area: 'localStorage',
    name: 'floor-attach:language',
    match: 'exact',
    onSignOut: 'kept',
    holds:
      'per person (organisation and subject only): the language they chose, so a shared tablet speaks it again when they sign in (i18n/languageChoice.ts)',
  },
  uploads: {
    area: 'indexedDB',
    name: 'floor-uploads-v2',
    match: 'exact',
    onSignOut: 'owner-chooses',
    holds:
      'the upload queue: files not attached yet (bytes included), each bound to the person who dropped it (upload/idbUploadStore.ts)',
  },
  recordings: {
    area: 'indexedDB',
    name: 'floor-recordings',
    match: 'exact',
    onSignOut: 'owner-chooses',
    holds:
      'video clips and voice notes being recorded, slice by slice, each bound to the person recording it, so a reload or a crash mid-recording keeps what was recorded and offers it back to them only (features/upload/recording)',
  },
  keptRecords: {
    area: 'indexedDB',
    name: 'floor-kept-records',
    match: 'exact',
    onSignOut: 'cleared',
    holds:
      'records this person opened (the GraphQL cache: record, context, steps, evidence, attachments list) and when each came, for a shift offline; bound to the person (subject and organisation), cleared at sign-out or when someone else signs in (graphql/keptRecords.ts)',
  },
  pinnedRecords: {
    area: 'indexedDB',
    name: 'floor-pinned',
    match: 'exact',
    onSignOut: 'cleared',
    holds:
      "the records this person pinned for the shift and the copies kept for them offline (image attachments made small, each PDF's first page as an image), keyed by attachment id; bound to the person (subject and organisation), cleared at sign-out or when someone else signs in (pins/pinnedRecords.ts)",
  },
  shareInbox: {
    area: 'indexedDB',
    name: 'floor-share',
    match: 'exact',
    onSignOut: 'cleared',
    holds:
      "files shared into the app, each share bound to the person who shared it; sign-out clears that person's, shares nobody claimed expire (share/shareInbox.ts)",
  },
  config: {
    area: 'cacheStorage',
    name: 'floor-config',
    match: 'exact',
    onSignOut: 'kept',
    holds: "the deployment's config.json, so the installed app starts offline (serviceWorker/sw.ts)",
  },
  appCode: {
    area: 'cacheStorage',
    name: 'workbox-precache',
    match: 'prefix',
    onSignOut: 'kept',
    holds: "the app's code and assets, so every page opens offline (Workbox's name)",
  },
} as const satisfies Record<string, StoredItem>;

export type StorageKeyId = keyof typeof STORAGE_KEYS;

/** Keys of `storage` that `item` names (the key itself, or every key with its prefix). */
export function keysOf(item: StoredItem, storage: Storage): string[] {
  if (item.match === 'exact') return storage.getItem(item.name) === null ? [] : [item.name];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(item.name)) keys.push(key);
  }
  return keys;
}
