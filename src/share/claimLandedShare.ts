import { RECEIVED_PARAM } from './shareTarget.ts';
import type { Person } from '../lib/person.ts';
import type { ShareInbox } from './shareInbox.ts';

/**
 * A share's redirect names it (`/share?received=…`): the page it lands in, at start, binds it to the
 * person signed in there, who is the one holding the tablet that just shared. Landing signed out,
 * it stays nobody's and whoever signs in is asked. Returns the address without the name, or null
 * when nothing landed.
 */
export async function claimLandedShare(
  href: string,
  person: Person | null,
  inbox: ShareInbox,
): Promise<string | null> {
  const url = new URL(href);
  const id = url.searchParams.get(RECEIVED_PARAM);
  if (id === null) return null;
  url.searchParams.delete(RECEIVED_PARAM);
  // Not bound when the inbox fails: then whoever is signed in is asked, which is only safer.
  if (person) await inbox.claim(id, person).catch(() => undefined);
  return `${url.pathname}${url.search}${url.hash}`;
}
