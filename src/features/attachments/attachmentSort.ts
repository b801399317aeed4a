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

/** An item with what its comparisons read, worked out once per sort rather than once per comparison. */
interface Keyed<T> {
  item: T;
  time: number;
  type: string;
}

/** Newer (by time, then by id, which grows with each attachment) comes first. */
function newestFirst(a: Keyed<SortableAttachment>, b: Keyed<SortableAttachment>): number {
  return b.time - a.time || b.item.id - a.item.id;
}

const byName = (a: Keyed<SortableAttachment>, b: Keyed<SortableAttachment>) =>
  collator.compare(a.item.filename ?? '', b.item.filename ?? '') || newestFirst(a, b);

const byType = (a: Keyed<SortableAttachment>, b: Keyed<SortableAttachment>) =>
  collator.compare(a.type, b.type) ||
  collator.compare(a.item.contentType ?? '', b.item.contentType ?? '') ||
  byName(a, b);

const COMPARE: Record<
  AttachmentSort,
  (a: Keyed<SortableAttachment>, b: Keyed<SortableAttachment>) => number
> = {
  newest: newestFirst,
  name: byName,
  type: byType,
};

/**
 * A sorted copy; the list as the server sent it is left alone. Each item's time (and type) is read
 * once: parsing the dates in every comparison made sorting a record of 100 files a noticeable part of
 * the render that lists a new one on a tablet's CPU (bench/LOG.md, issue 40).
 */
export function sortAttachments<T extends SortableAttachment>(
  items: readonly T[],
  sort: AttachmentSort,
): T[] {
  const keyed = items.map((item) => ({
    item,
    time: createdAt(item),
    type: sort === 'type' ? attachmentType(item.contentType ?? null, item.filename ?? null) : '',
  }));
  return keyed.sort(COMPARE[sort]).map(({ item }) => item);
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
