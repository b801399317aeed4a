import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { formatAddedAt, newestAttachments, sortAttachments } from './attachmentSort.ts';

const item = (id: number, filename: string, contentType: string, created: string) => ({
  id,
  filename,
  contentType,
  _created: created,
});

const OLD_PHOTO = item(1, 'photo 10.jpg', 'image/jpeg', '2026-11-20T09:00:00Z');
const REPORT = item(2, 'Report.pdf', 'application/pdf', '2026-11-21T09:00:00Z');
const NEW_PHOTO = item(3, 'photo 9.jpg', 'image/jpeg', '2026-11-22T09:00:00Z');
// Same second as NEW_PHOTO, added after it: the id breaks the tie.
const SAME_TIME = item(4, 'a.txt', 'text/plain', '2026-11-22T09:00:00Z');

describe('the order every list and slot shows', () => {
  it('is newest first, whatever order the list came in', () => {
    // The cached list is in the server's order (oldest first), with new files appended at its end.
    expect(newestAttachments([OLD_PHOTO, REPORT, NEW_PHOTO, SAME_TIME]).map((a) => a.id)).toEqual([
      4, 3, 2, 1,
    ]);
    expect(newestAttachments([NEW_PHOTO, OLD_PHOTO, SAME_TIME, REPORT]).map((a) => a.id)).toEqual([
      4, 3, 2, 1,
    ]);
    expect(newestAttachments([OLD_PHOTO, REPORT, NEW_PHOTO, SAME_TIME])).toEqual(
      sortAttachments([OLD_PHOTO, REPORT, NEW_PHOTO, SAME_TIME], 'newest'),
    );
  });

  it('gives a slot its newest few, newest first', () => {
    expect(newestAttachments([OLD_PHOTO, REPORT, NEW_PHOTO, SAME_TIME], 3).map((a) => a.id)).toEqual([
      4, 3, 2,
    ]);
    expect(newestAttachments([OLD_PHOTO], 3).map((a) => a.id)).toEqual([1]);
    expect(newestAttachments([], 3)).toEqual([]);
  });

  it('leaves the given list alone', () => {
    const list = [OLD_PHOTO, NEW_PHOTO];
    newestAttachments(list, 1);
    expect(list).toEqual([OLD_PHOTO, NEW_PHOTO]);
  });
});

describe('sorting a record’s files', () => {
  it('puts the newest first, by time then by id', () => {
    expect(sortAttachments([OLD_PHOTO, REPORT, NEW_PHOTO, SAME_TIME], 'newest').map((a) => a.id)).toEqual([
      4, 3, 2, 1,
    ]);
  });

  it('sorts by name as people read numbers and letter case', () => {
    expect(sortAttachments([OLD_PHOTO, REPORT, NEW_PHOTO, SAME_TIME], 'name').map((a) => a.filename)).toEqual(
      ['a.txt', 'photo 9.jpg', 'photo 10.jpg', 'Report.pdf'],
    );
  });

  it('groups by type, then by name', () => {
    expect(sortAttachments([REPORT, OLD_PHOTO, SAME_TIME, NEW_PHOTO], 'type').map((a) => a.id)).toEqual([
      3, 1, 2, 4,
    ]);
  });

  it('leaves the given list alone', () => {
    const list = [OLD_PHOTO, NEW_PHOTO];
    sortAttachments(list, 'newest');
    expect(list).toEqual([OLD_PHOTO, NEW_PHOTO]);
  });

  it('shows the time to the minute in the given locale, never seconds', () => {
    const text = formatAddedAt('2026-11-23T10:41:37Z', createIntl({ locale: 'en-GB' }));
    expect(text).toMatch(/23 Nov 2026/);
    expect(text).toMatch(/\d{2}:41/);
    expect(text).not.toMatch(/:37/);
    expect(formatAddedAt(null)).toBeNull();
    expect(formatAddedAt('not a date')).toBeNull();
  });
});
