import { createShareInbox, type ShareInbox } from '../share/shareInbox.ts';
import { RECEIVED_PARAM, SHARE_FILES_FIELD, SHARE_TARGET_PATH } from '../share/shareTarget.ts';

/** Which page started the share's navigation: none (the tablet's share sheet), one of ours, or another site's. */
export type ShareInitiator = 'none' | 'ours' | 'foreign';

/**
 * Referrer policies under which a page sends the app no referrer on purpose. The tablet's share sheet
 * has no page, hence no policy of its own: it navigates under the default one.
 */
const HIDING_POLICIES = new Set<ReferrerPolicy>(['no-referrer', 'same-origin']);

/**
 * Whether a share-target POST came from a page of another origin, by all that the worker sees of it.
 * Sec-Fetch-Site would say so, but Chromium adds it only when the request leaves for the network,
 * after the service worker (w3c/webappsec-fetch-metadata#38). What the worker does see, in Chromium
 * 156: the initiating page as the event's clientId (a page of another origin is not among this
 * worker's clients) unless it opened a new window, the Origin header, the referrer, and the referrer
 * policy it was sent under. Refused:
 * - any of them naming another origin;
 * - no referrer under a policy that hides it (`no-referrer`, `rel=noreferrer`, `same-origin`): only a
 *   page hides its referrer; that page sends `Origin: null` and, opening a new window, no clientId.
 *
 * What passes with `Origin: null`, no referrer and no initiating page is the tablet's share sheet: a
 * navigation the browser starts itself carries exactly that (Chromium sets the Origin of a POST with
 * no initiator to `null`). A page of an opaque origin (a `data:` frame let out of its sandbox) that
 * opens a new window looks the same and cannot be told apart, so such shares are kept as nobody's:
 * within their own small budget, gone after a while, and attached only when someone says they shared
 * them (shareBudget.ts).
 */
export function isCrossSiteShare(request: Request, ownOrigin: string, initiator: ShareInitiator): boolean {
  if (request.mode !== 'navigate' || initiator === 'foreign') return true;
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== 'null' && origin !== ownOrigin) return true;
  if (request.referrer === '' || request.referrer === 'about:client') {
    return initiator !== 'ours' && HIDING_POLICIES.has(request.referrerPolicy);
  }
  try {
    return new URL(request.referrer).origin !== ownOrigin;
  } catch {
    return true;
  }
}

/**
 * The share target's POST: keeps the shared files for the page and answers with a redirect to the
 * "choose the record" screen (303, so a reload there does not post the files again). The redirect
 * names the share, so the page it lands in can bind it to whoever is signed in there.
 */
export async function receiveShare(
  request: Request,
  initiator: ShareInitiator,
  inbox: ShareInbox = createShareInbox(),
): Promise<Response> {
  const ownOrigin = new URL(request.url).origin;
  const target = new URL(SHARE_TARGET_PATH, request.url);
  const problem = (reason: string) => {
    target.searchParams.set('problem', reason);
    return Response.redirect(target.href, 303);
  };
  if (isCrossSiteShare(request, ownOrigin, initiator)) return problem('cross-site');
  let files: File[];
  try {
    const form = await request.formData();
    files = form.getAll(SHARE_FILES_FIELD).filter((value): value is File => typeof value !== 'string');
  } catch {
    return problem('unreadable');
  }
  try {
    const kept = await inbox.add(files);
    if ('refused' in kept) return problem(kept.refused);
    target.searchParams.set(RECEIVED_PARAM, kept.id);
  } catch {
    return problem('not-kept');
  }
  return Response.redirect(target.href, 303);
}
