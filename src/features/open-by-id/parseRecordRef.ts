import { appIntl } from '../../i18n/index.ts';
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

/** The kinds as they are typed (English in every language: what the box reads). */
const words = RECORD_KINDS.map((info) => info.word);
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
  const intl = appIntl();
  const text = cleanRef(raw);
  if (text === '') {
    return fail(
      intl.formatMessage({
        defaultMessage: 'Type or scan a record id: a number like 42, or a kind and a number like run 42.',
        id: 'jPhfvg',
        description: '"run 42" is typed as it is, in English, whatever the language',
      }),
    );
  }

  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('/')) return parseUrl(text, appOrigin);

  const bare = BARE_NUMBER.exec(text);
  if (bare) return withId(chosenKind, bare[1] ?? '');

  const prefixed = /^([a-z][a-z ._-]*?)[\s:#_/.-]*(\d+)$/i.exec(text);
  if (prefixed) {
    const word = prefixed[1] ?? '';
    const kind = kindOfAlias(word);
    if (!kind) {
      const message = intl.formatMessage(
        {
          defaultMessage: '“{word}” is not a kind of record. Use {kinds} or {last}.',
          id: 'H1FCJg',
          description:
            '{word} is what was typed before a number; {kinds} and {last} the kinds as they are typed, in English whatever the language ("part, run" and "run step field")',
        },
        { word: shorten(word.trim()), kinds: words.slice(0, -1).join(', '), last: words.at(-1) },
      );
      return fail(message, text);
    }
    return withId(kind, prefixed[2] ?? '');
  }

  if (/^[-+]?\d+(?:[.,]\d*)?$/.test(text) || /^[a-z][a-z ._-]*?[\s:#_/.-]*[-+]?\d+[.,]\d*$/i.test(text)) {
    return fail(notWholeNumber());
  }
  return fail(
    intl.formatMessage(
      {
        defaultMessage:
          '“{text}” is not a record id. Type a number like 42, or a kind and a number like run 42.',
        id: '5uZmaQ',
        description: '"run 42" is typed as it is, in English, whatever the language',
      },
      { text: shorten(text) },
    ),
    text,
  );
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
  const intl = appIntl();
  let url: URL;
  try {
    url = new URL(text, appOrigin);
  } catch {
    return fail(intl.formatMessage({ defaultMessage: 'That link is not a valid address.', id: 'I20xhw' }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return fail(
      intl.formatMessage({ defaultMessage: 'Only links to this app can be opened.', id: 'AAVLlK' }),
    );
  if (url.origin !== new URL(appOrigin).origin) {
    return fail(
      intl.formatMessage(
        {
          defaultMessage: 'That link is for {host}, not this app. Open a link of this app or type the id.',
          id: 'tBtVri',
          description: '{host} is the web address the link points to, e.g. example.com',
        },
        { host: shorten(url.host) },
      ),
    );
  }
  const match = /^\/([a-z-]+)\/([^/]+)\/?$/.exec(url.pathname);
  const kind = match && kindOfSegment(match[1] ?? '');
  if (!match || !kind)
    return fail(
      intl.formatMessage({ defaultMessage: 'That link does not point to a record.', id: 'iynAZ3' }),
    );
  const id = match[2] ?? '';
  if (!/^\d+$/.test(id)) return fail(notWholeNumber());
  return withId(kind, id);
}

function notWholeNumber(): string {
  return appIntl().formatMessage({
    defaultMessage: 'A record id is a positive whole number, like 42.',
    id: 't4v4zN',
  });
}

function withId(kind: RecordKind, digits: string): ParsedRecordRef {
  const problem = recordIdProblem(digits);
  if (problem === 'too-large') {
    return fail(
      appIntl().formatMessage({
        defaultMessage: 'That number is too large to be a record id.',
        id: 'gArVWX',
      }),
    );
  }
  if (problem === 'zero')
    return fail(appIntl().formatMessage({ defaultMessage: 'Record ids start at 1.', id: 'Ww3Lpa' }));
  if (problem) return fail(notWholeNumber());
  return { ok: true, kind, id: Number(digits) };
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function fail(message: string, partNumber?: string): ParsedRecordRef {
  return partNumber === undefined ? { ok: false, message } : { ok: false, message, partNumber };
}
