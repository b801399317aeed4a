import { createShareInbox, type ShareInbox } from './shareInbox.ts';
import { SHARE_FILES_FIELD, SHARE_TARGET_PATH } from './shareTarget.ts';

/**
 * The share target's POST: keeps the shared files for the page and answers with a redirect to the
 * "choose the record" screen (303, so a reload there does not post the files again).
 */
export async function receiveShare(
  request: Request,
  inbox: ShareInbox = createShareInbox(),
): Promise<Response> {
  const target = new URL(SHARE_TARGET_PATH, request.url);
  try {
    const form = await request.formData();
    const files = form.getAll(SHARE_FILES_FIELD).filter((value): value is File => value instanceof File);
    if (files.length === 0) {
      target.searchParams.set('problem', 'empty');
    } else {
      await inbox.put(files);
    }
  } catch {
    target.searchParams.set('problem', 'unreadable');
  }
  return Response.redirect(target.href, 303);
}
