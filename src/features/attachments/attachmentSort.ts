import { attachmentType } from './attachmentType.ts';

/** How a record's files are ordered; newest first by default, so a fresh upload is on top. */
export type AttachmentSort = 'newest' | 'name' | 'type';

export const ATTACHMENT_SORTS: readonly { value: AttachmentSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
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

/** "23 Nov 2026, 10:41": the technician's own locale, to the minute. */
export function formatAddedAt(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
