import { useMemo, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { wasAttachedHere } from '../../graphql/attachmentsList.ts';

/**
 * The rows marked "New": those in `ids` that were not there when the list was first shown
 * (`openedWith`) and that this tablet did not attach itself (`attachedHere`). A colleague's file
 * brought by a refresh of the open record is new; the technician's own upload is not.
 */
export function newSinceOpened(
  ids: readonly number[],
  openedWith: ReadonlySet<number>,
  attachedHere: (id: number) => boolean,
): ReadonlySet<number> {
  const fresh = ids.filter((id) => !openedWith.has(id) && !attachedHere(id));
  return fresh.length === 0 ? NONE : new Set(fresh);
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The attachments of `entityId` that arrived since this list was first shown, by someone else or from
 * another device. They stay marked until the technician leaves the record (a new visit starts from what
 * it then holds): a marker that vanished as soon as the row scrolled into view would be gone before a
 * busy technician read it.
 */
export function useNewSinceOpened(entityId: number, ids: readonly number[]): ReadonlySet<number> {
  const { cache } = useApolloClient();
  const [opened, setOpened] = useState(() => ({ entityId, ids: new Set(ids) }));
  // Another record in the same panel (the page moved on without unmounting): its own start.
  const moved = opened.entityId !== entityId;
  if (moved) setOpened({ entityId, ids: new Set(ids) });
  return useMemo(
    () => (moved ? NONE : newSinceOpened(ids, opened.ids, (id) => wasAttachedHere(cache, id))),
    [moved, ids, opened, cache],
  );
}
