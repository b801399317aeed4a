import type { IntlShape } from 'react-intl';
import { appIntl } from '../i18n/appIntl.ts';

/**
 * Serial and lot numbers as the floor reads them. The schema keeps them on inventory the API does not
 * expose here, so a run's title is what names its unit or lot ("BRKT-0001 Rev C, SN 0041",
 * "Receiving: FTG-0210 lot 24-117"), and a label names them with a prefix (`SN 0041`, `S/N 0041`,
 * `LOT 24-117`).
 */
export type SerialKind = 'serial' | 'lot';

export interface SerialRef {
  kind: SerialKind;
  /** The number itself, as written (`0041`, `24-117`). */
  value: string;
}

/** A number holds a digit somewhere: `LOTS` is a word, not lot `S`. */
const VALUE = '((?=[\\w./-]*\\d)[A-Za-z0-9][\\w./-]*)';
const SERIAL_PREFIX = '(?:S/?N|SER(?:IAL)?(?:\\s*(?:NO|NUMBER|#))?)';
const LOT_PREFIX = '(?:LOT|L/?N)(?:\\s*(?:NO|NUMBER|#))?';
/** Written apart (`SN 0041`, `S/N: 0041`), or together when the number starts with a digit (`SN0041`). */
const SEPARATOR = '(?:[\\s:#.]+|(?=\\d))';

const SERIAL_IN_TITLE = new RegExp(`\\b(?:SN|S/N)[\\s:#]+${VALUE}`, 'i');
const LOT_IN_TITLE = new RegExp(`\\blot[\\s:#]+${VALUE}`, 'i');
const SERIAL_LABEL = new RegExp(`^${SERIAL_PREFIX}${SEPARATOR}${VALUE}$`, 'i');
const LOT_LABEL = new RegExp(`^${LOT_PREFIX}${SEPARATOR}${VALUE}$`, 'i');

/** How the floor writes it: `SN 0041`, `lot 24-117` (in the language of `intl`, by default the one in force). */
export function serialText(ref: SerialRef, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(
    {
      defaultMessage: '{kind, select, serial {SN {value}} other {lot {value}}}',
      id: 'dwY44A',
      description:
        'A serial number (SN, as labels print it) or a lot number, written before the number: "SN 0041", "lot 24-117"',
    },
    { kind: ref.kind, value: ref.value },
  );
}

/** The serial or lot a run's title names, or null. */
export function serialInTitle(title: string): SerialRef | null {
  const serial = SERIAL_IN_TITLE.exec(title)?.[1];
  if (serial) return { kind: 'serial', value: trimEnd(serial) };
  const lot = LOT_IN_TITLE.exec(title)?.[1];
  return lot ? { kind: 'lot', value: trimEnd(lot) } : null;
}

/** "BRKT-0001 Rev C, SN 0041" → "SN 0041"; null when the title names no serial. */
export function serialOf(title: string, intl?: IntlShape): string | null {
  const ref = serialInTitle(title);
  return ref?.kind === 'serial' ? serialText(ref, intl) : null;
}

/** A label that names a serial or lot number by its prefix (`SN 0041`, `S/N0041`, `Lot# 24-117`), or null. */
export function parseSerialLabel(text: string): SerialRef | null {
  const clean = text.trim().replace(/\s+/g, ' ');
  const serial = SERIAL_LABEL.exec(clean)?.[1];
  if (serial) return { kind: 'serial', value: trimEnd(serial) };
  const lot = LOT_LABEL.exec(clean)?.[1];
  return lot ? { kind: 'lot', value: trimEnd(lot) } : null;
}

/**
 * Whether a run's title names this number: the same serial (or lot), whole, in any letter case. A bare
 * value (`kind` null) matches a serial or a lot.
 */
export function titleNamesSerial(title: string, value: string, kind: SerialKind | null): boolean {
  const named = serialInTitle(title);
  if (!named || (kind && named.kind !== kind)) return false;
  return named.value.toLowerCase() === value.toLowerCase();
}

/** A sentence's full stop or comma after the number is not part of it. */
function trimEnd(value: string): string {
  return value.replace(/[./-]+$/, '');
}
