import { kindOfSegment, type RecordKind } from '../../records/recordKinds.ts';

/**
 * The kind a scanned bare number (`101`, no prefix) is read as, by the page it is scanned on:
 * - on a record's page, a record of that page's kind: at a run, the next run's traveler; at a run
 *   step, the next step's label (a technician works through records of one kind);
 * - on the parts list, a part;
 * - anywhere else, the Kind last chosen beside the home page's box (the home page reads its own
 *   box's Kind), Part until one is chosen.
 * The page it opens says so and offers the other kinds (OpenedAsNotice), so a wrong guess costs a tap.
 */
export function bareNumberKind(pathname: string, chosenKind: RecordKind): RecordKind {
  return pageKind(pathname) ?? chosenKind;
}

/** The kind of record the page at `pathname` shows or lists, or null (home, share…). */
export function pageKind(pathname: string): RecordKind | null {
  const segment = /^\/([a-z-]+)(?:\/|$)/.exec(pathname)?.[1];
  return (segment && kindOfSegment(segment)) || null;
}
