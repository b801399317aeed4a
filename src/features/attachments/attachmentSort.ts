import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { attachmentType } from './attachmentType.ts';
import { appIntl } from '../../i18n/index.ts';

/**
 * The one home of the order a record's files are shown in, by every list and slot: newest first by
 * default, so a fresh upload is on top (`newestAttachments`); a list may also be sorted by name or type.
 * The cached list itself keeps the server's order (graphql/attachmentsList.ts) and is never shown as is.
 */

/** How a record's files are ordered; newest first by default, so a fresh upload is on top. */
export type AttachmentSort = 'newest' | 'name' | 'type';

const SORT_LABELS = defineMessages({
  newest: { defaultMessage: 'Newest', id: 'YiypfG', description: "Sort a record's files: newest first" },
  name: { defaultMessage: 'Name', id: 'z7ndxc', description: "Sort a record's files by name" },
  type: { defaultMessage: 'Type', id: 'UYr4LM', description: "Sort a record's files by file type" },
}) satisfies Record<AttachmentSort, MessageDescriptor>;

export const ATTACHMENT_SORTS: readonly { value: AttachmentSort; label: MessageDescriptor }[] = [
  { value: 'newest', label: SORT_LABELS.newest },
  { value: 'name', label: SORT_LABELS.name },
  { value: 'type', label: SORT_LABELS.type },
];

export interface SortableAttachment {
  id: number;
  filename?: string | null;
  contentType?: string | null;
  _created?: string | null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function createdAt(item: SortableAttachment): number {
  const time = item._created ? Date.parse(item._created) : Number.NaN;
  return Number.isNaN(time) ? 0 : time;
}

/** Newer (by time, then by id, which grows with each attachment) comes first. */
function newestFirst(a: SortableAttachment, b: SortableAttachment): number {
  return createdAt(b) - createdAt(a) || b.id - a.id;
}

const byName = (a: SortableAttachment, b: SortableAttachment) =>
  collator.compare(a.filename ?? '', b.filename ?? '') || newestFirst(a, b);

const byType = (a: SortableAttachment, b: SortableAttachment) =>
  collator.compare(
    attachmentType(a.contentType ?? null, a.filename ?? null),
    attachmentType(b.contentType ?? null, b.filename ?? null),
  ) ||
  collator.compare(a.contentType ?? '', b.contentType ?? '') ||
  byName(a, b);

const COMPARE: Record<AttachmentSort, (a: SortableAttachment, b: SortableAttachment) => number> = {
  newest: newestFirst,
  name: byName,
  type: byType,
};

/** A sorted copy; the list as the server sent it is left alone. */
export function sortAttachments<T extends SortableAttachment>(
  items: readonly T[],
  sort: AttachmentSort,
): T[] {
  return [...items].sort(COMPARE[sort]);
}

/**
 * A record's newest files, newest first, at most `count` of them: what a slot shows of its files and
 * the order of every list.
 */
export function newestAttachments<T extends SortableAttachment>(items: readonly T[], count = Infinity): T[] {
  return sortAttachments(items, 'newest').slice(0, count);
}

/** "23 Nov 2026, 10:41": in the language in force, to the minute. */
export function formatAddedAt(value: string | null | undefined, intl: IntlShape = appIntl()): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}
