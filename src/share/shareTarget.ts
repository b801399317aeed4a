/** Where the manifest's share_target posts, and the page that lets the technician choose the record. */
export const SHARE_TARGET_PATH = '/share';

/** The form field the manifest names for the shared files. */
export const SHARE_FILES_FIELD = 'files';

/** The share a redirect to the share page carries: bound to whoever is signed in where it lands. */
export const RECEIVED_PARAM = 'received';
