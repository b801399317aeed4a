import { createShareInbox, type ShareInbox } from './shareInbox.ts';
import { RECEIVED_PARAM, SHARE_FILES_FIELD, SHARE_TARGET_PATH } from './shareTarget.ts';

/**
 * Whether a share-target POST clearly came from a page of another origin. The tablet's share sheet
 * navigates with no referrer and no initiating page; a form on another website submits with that
 * website as its referrer. The Sec-Fetch-Site and Origin headers would say more, but Chromium adds
 * them only when the request leaves for the network, after the service worker (w3c/webappsec-fetch-
 * metadata#38, whatwg/fetch#1322); `request.referrer` is what the worker sees. A site that hides its
 * referrer still gets through, which is why shares are bounded, expire, never replace another, and
 * are attached only when someone who shared them says so.
 */
export function isCrossSiteShare(request: Request, ownOrigin: string): boolean {
  if (request.mode !== 'navigate') return true;
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
  inbox: ShareInbox = createShareInbox(),
  ownOrigin: string = new URL(request.url).origin,
): Promise<Response> {
  const target = new URL(SHARE_TARGET_PATH, request.url);
  const problem = (reason: string) => {
    target.searchParams.set('problem', reason);
    return Response.redirect(target.href, 303);
  };
  if (isCrossSiteShare(request, ownOrigin)) return problem('cross-site');
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
