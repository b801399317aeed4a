import { createShareInbox, type ShareInbox } from './shareInbox.ts';
import { RECEIVED_PARAM, SHARE_FILES_FIELD, SHARE_TARGET_PATH } from './shareTarget.ts';

/** Which page started the share's navigation: none (the tablet's share sheet), one of ours, or another site's. */
export type ShareInitiator = 'none' | 'ours' | 'foreign';

/**
 * Whether a share-target POST clearly came from a page of another origin. The tablet's share sheet
 * navigates with no page behind it; a form on another website submits from its page. Sec-Fetch-Site
 * would say so, but Chromium adds it only when the request leaves for the network, after the service
 * worker (w3c/webappsec-fetch-metadata#38). What the worker does see, in Chromium 156: the initiating
 * page as the event's clientId (a page of another origin is not among this worker's clients), the
 * Origin header (`null` when the page hides its referrer) and the referrer. Any of them naming another
 * origin refuses the share. Browsers that leave clientId empty on navigations (the spec is moving
 * there, w3c/ServiceWorker#1267) let a site that hides its referrer through: shares are therefore
 * also bounded, expire, never replace another, and are attached only when someone says they shared them.
 */
export function isCrossSiteShare(request: Request, ownOrigin: string, initiator: ShareInitiator): boolean {
  if (request.mode !== 'navigate' || initiator === 'foreign') return true;
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== 'null' && origin !== ownOrigin) return true;
  if (request.referrer === '' || request.referrer === 'about:client') return false;
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
