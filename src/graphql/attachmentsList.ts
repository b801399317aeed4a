import type { ApolloCache, DocumentNode, FieldPolicy, Reference } from '@apollo/client';
import { throttle, type ThrottleTimers } from '../lib/throttle.ts';

/**
 * The one owner of a record's attachments list in the cache (`Entity:<id>.fileAttachments`): how a
 * fresh list from the server lands, where a new upload goes, and how a deleted one leaves. The upload
 * pipeline and the delete dialog both change the list only through here.
 */

/**
 * Where newly attached files go in the cached list: at its end, where the server lists them (oldest
 * first) when the list is fetched again. The cache keeps the server's order; what is shown is ordered by
 * the attachments feature (`newestAttachments` in features/attachments/attachmentSort.ts: newest first).
 */
function inServerOrder(list: readonly Reference[], added: readonly Reference[]): readonly Reference[] {
  return [...list, ...added];
}

/**
 * How long what this page did to a record's list (a file attached, a file deleted) stands against a
 * fresh list from the server that does not show it yet: longer than any answer takes, shorter than the
 * page's next refreshes.
 */
export const NEWER_HERE_MS = 60_000;

/**
 * The cache policy of the list: a fresh list from the server replaces the cached one (no stale merge),
 * except for what this page did moments ago that the list does not show yet. A list asked for while
 * this page's uploads land (the page asks again as the server answers after a dead zone) can answer
 * after some of them were listed here, or after a file was deleted here, and is then older than what it
 * replaces: those files would leave the list (or the deleted one come back), under an upload list
 * saying otherwise, until the next refresh. A list asked for with arguments (a lookup under one storage
 * key) is the server's answer to that question alone.
 */
export const fileAttachmentsPolicy: FieldPolicy<readonly Reference[]> = {
  merge(existing, incoming, { args, cache, readField }) {
    if (args && Object.keys(args).length > 0) return incoming;
    const now = Date.now();
    const newerHere = (moments: Map<number, number> | undefined, item: Reference) => {
      const at = moments?.get(readField<number>('id', item) ?? -1);
      return at !== undefined && now - at < NEWER_HERE_MS;
    };
    const deleted = deletedHere.get(cache);
    const fresh = deleted ? incoming.filter((item) => !newerHere(deleted, item)) : incoming;
    const attached = attachedHere.get(cache);
    if (!existing?.length || !attached) return fresh;
    const inFresh = new Set(fresh.map((item) => item.__ref));
    const kept = existing.filter((item) => !inFresh.has(item.__ref) && newerHere(attached, item));
    return kept.length > 0 ? inServerOrder(fresh, kept) : fresh;
  },
};

/** An attachment as its registration answered it, with the fields `fragment` (of appender) selects. */
export type AnsweredAttachment = { __typename?: string; id: number } & Record<string, unknown>;

export interface AttachmentAppender {
  /** Notes a registered attachment for its record's list: written at the next publish. */
  append(entityId: number, attachment: AnsweredAttachment): void;
  /**
   * Writes every attachment noted since the last call into the cache and into its record's list, in
   * one batch (one broadcast, one render of each list), now; false when none was noted.
   */
  publish(): boolean;
}

/**
 * Puts registered attachments into the cache (`fragment`: the fields the registration selected) and
 * into the cached lists of their records. Each change of a list makes every page showing it read and
 * render the whole list again, at a cost that grows with its length. So the answers of a moment are
 * gathered and written together: in the task after the first (by then its file's queue has taken the
 * answer too), then at most once per window that grows with the list (half a millisecond per listed
 * file, up to `maxWindowMs`), or sooner when `publish` is called (the upload queue calls it as it
 * announces its own change). `onPublished` is called after each write, in the same task: the queue
 * announces then, so a file leaves the upload list in the very render that lists it on its record.
 */
export function attachmentAppender(
  cache: ApolloCache,
  maxWindowMs: number,
  {
    timers,
    fragment,
    onPublished,
  }: { timers?: ThrottleTimers; fragment?: DocumentNode; onPublished?: () => void } = {},
): AttachmentAppender {
  let pending = new Map<number, AnsweredAttachment[]>();
  /** Each record's list length at its last change. */
  const listed = new Map<number, number>();
  const windowMs = () =>
    Math.min(maxWindowMs, 0.5 * Math.max(0, ...[...pending.keys()].map((id) => listed.get(id) ?? 0)));
  const publish = (): boolean => {
    if (pending.size === 0) return false;
    const batch = pending;
    pending = new Map();
    cache.batch({
      update(batchCache) {
        for (const [entityId, attachments] of batch) {
          const ids = attachments.flatMap((attachment) => {
            if (fragment) batchCache.writeFragment({ fragment, data: attachment });
            return batchCache.identify({ __typename: 'FileAttachment', ...attachment }) ?? [];
          });
          batchCache.modify({
            id: batchCache.identify({ __typename: 'Entity', id: entityId }),
            fields: {
              fileAttachments(existing: readonly Reference[] | null = [], { storeFieldName, toReference }) {
                // The record's list, not a lookup's answer under one storage key (the same field with
                // arguments, kept beside it): that answer is the server's alone.
                if (storeFieldName !== 'fileAttachments') return existing;
                const list = existing ?? [];
                const present = new Set(list.map((item) => item.__ref));
                const added = ids.filter((id) => !present.has(id)).flatMap((id) => toReference(id) ?? []);
                const next = added.length > 0 ? inServerOrder(list, added) : list;
                listed.set(entityId, next.length);
                return next;
              },
            },
          });
        }
      },
    });
    onPublished?.();
    return true;
  };
  const flush = throttle(() => void publish(), windowMs, timers);
  // Called from a task of its own, never in the answer's: the answer's file is done by then.
  let deferred = false;
  const later = timers ?? { setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) };
  return {
    append(entityId, attachment) {
      noteAttachedHere(cache, attachment.id);
      pending.set(entityId, [...(pending.get(entityId) ?? []), attachment]);
      if (deferred) return;
      deferred = true;
      later.setTimeout(() => {
        deferred = false;
        if (pending.size > 0) flush();
      }, 0);
    },
    publish,
  };
}

/** Attachments this page attached (through attachmentAppender), per cache, and when (`Date.now()`). */
const attachedHere = new WeakMap<ApolloCache, Map<number, number>>();
/** Attachments this page deleted (removeAttachment), per cache, and when. */
const deletedHere = new WeakMap<ApolloCache, Map<number, number>>();

function noteMoment(moments: WeakMap<ApolloCache, Map<number, number>>, cache: ApolloCache, id: number) {
  const ids = moments.get(cache) ?? new Map<number, number>();
  ids.set(id, Date.now());
  moments.set(cache, ids);
}

function noteAttachedHere(cache: ApolloCache, attachmentId: number): void {
  noteMoment(attachedHere, cache, attachmentId);
}

/**
 * Whether this page attached the attachment `attachmentId` (its own upload, noted before it joins any
 * list): a file the technician attached from this tablet is not news to them.
 */
export function wasAttachedHere(cache: ApolloCache, attachmentId: number): boolean {
  return attachedHere.get(cache)?.has(attachmentId) ?? false;
}

/** Takes a deleted attachment out of its record's list and out of the cache. */
export function removeAttachment(cache: ApolloCache, entityId: number, attachmentId: number): void {
  noteMoment(deletedHere, cache, attachmentId);
  cache.modify({
    id: cache.identify({ __typename: 'Entity', id: entityId }),
    fields: {
      fileAttachments: (existing, { readField }) =>
        Array.isArray(existing)
          ? existing.filter((ref: Reference | null) => ref === null || readField('id', ref) !== attachmentId)
          : existing,
    },
  });
  // A step's evidence slot that held it holds nothing now: the slot, its step's "2 of 2" and the run's
  // missing files say so at once, not at the next visit.
  for (const [id, value] of Object.entries(
    cache.extract() as Record<string, { fileAttachmentId?: unknown }>,
  )) {
    if (value?.fileAttachmentId !== attachmentId) continue;
    cache.modify({ id, fields: { fileAttachmentId: () => null } });
  }
  cache.evict({ id: cache.identify({ __typename: 'FileAttachment', id: attachmentId }) });
  cache.gc();
}
