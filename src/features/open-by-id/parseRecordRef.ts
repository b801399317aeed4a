import {
  RECORD_KINDS,
  kindOfAlias,
  kindOfSegment,
  recordIdProblem,
  type RecordKind,
} from '../../records/recordKinds.ts';

/**
 * A refusal carries `partNumber` when the text may instead be a part number (`BRKT-0001`), for the
 * caller to look up.
 */
export type ParsedRecordRef =
  { ok: true; kind: RecordKind; id: number } | { ok: false; message: string; partNumber?: string };

const words = RECORD_KINDS.map((info) => info.word);
const KIND_LIST = `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
const EXAMPLE = 'a number like 42, or a kind and a number like run 42';
const BARE_NUMBER = /^#?(\d+)$/;

/** A number with no kind (`101`, `#101`): its kind comes from where it was typed or scanned. */
export function isBareNumber(raw: string): boolean {
  return BARE_NUMBER.test(cleanRef(raw));
}

/**
 * Reads what a technician typed or a barcode scanner sent into a record kind and id.
 * `chosenKind` applies to a bare number; a prefix (`RUN-42`, `run step 7`) or an app URL names its own kind.
 */
export function parseRecordRef(raw: string, chosenKind: RecordKind, appOrigin: string): ParsedRecordRef {
  const text = cleanRef(raw);
  if (text === '') return fail(`Type or scan a record id: ${EXAMPLE}.`);

  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('/')) return parseUrl(text, appOrigin);

  const bare = BARE_NUMBER.exec(text);
  if (bare) return withId(chosenKind, bare[1] ?? '');

  const prefixed = /^([a-z][a-z ._-]*?)[\s:#_/.-]*(\d+)$/i.exec(text);
  if (prefixed) {
    const word = prefixed[1] ?? '';
    const kind = kindOfAlias(word);
    if (!kind) return fail(`“${shorten(word.trim())}” is not a kind of record. Use ${KIND_LIST}.`, text);
    return withId(kind, prefixed[2] ?? '');
  }

  if (/^[-+]?\d+(?:[.,]\d*)?$/.test(text) || /^[a-z][a-z ._-]*?[\s:#_/.-]*[-+]?\d+[.,]\d*$/i.test(text)) {
    return fail('A record id is a positive whole number, like 42.');
  }
  return fail(`“${shorten(text)}” is not a record id. Type ${EXAMPLE}.`, text);
}

/**
 * Scanners add control characters (CR, LF, Tab, GS) and keyboards may send full-width digits; invisible
 * format characters (zero-width, bidi overrides) never belong in an id.
 */
export function cleanRef(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function parseUrl(text: string, appOrigin: string): ParsedRecordRef {
  let url: URL;
  try {
    url = new URL(text, appOrigin);
  } catch {
    return fail('That link is not a valid address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return fail('Only links to this app can be opened.');
  if (url.origin !== new URL(appOrigin).origin) {
    return fail(
      `That link is for ${shorten(url.host)}, not this app. Open a link of this app or type the id.`,
    );
  }
  const match = /^\/([a-z-]+)\/([^/]+)\/?$/.exec(url.pathname);
  const kind = match && kindOfSegment(match[1] ?? '');
  if (!match || !kind) return fail('That link does not point to a record.');
  const id = match[2] ?? '';
  if (!/^\d+$/.test(id)) return fail('A record id is a positive whole number, like 42.');
  return withId(kind, id);
}

function withId(kind: RecordKind, digits: string): ParsedRecordRef {
  const problem = recordIdProblem(digits);
  if (problem === 'too-large') return fail('That number is too large to be a record id.');
  if (problem === 'zero') return fail('Record ids start at 1.');
  if (problem) return fail('A record id is a positive whole number, like 42.');
  return { ok: true, kind, id: Number(digits) };
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function fail(message: string, partNumber?: string): ParsedRecordRef {
  return partNumber === undefined ? { ok: false, message } : { ok: false, message, partNumber };
}
