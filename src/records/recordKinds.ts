import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
// Not the i18n index: the browser journeys (Node) import this registry, and the index loads catalogues
// the Vite way.
import { appIntl } from '../i18n/appIntl.ts';

/**
 * The one registry of record kinds: everything that differs between kinds (label, URL segment, GraphQL
 * typename, the words a label or a technician uses for it) is here, and every table keyed by kind is
 * declared `satisfies Record<RecordKind, …>`, so the compiler rejects a kind left out anywhere.
 *
 * A new kind is an entry here (KIND_FACTS, RECORD_KIND_LABELS) and its route file
 * (`pages/_authenticated/<segment>.$id.tsx`, one line: `recordRoute(kind)`). What hangs off this
 * registry then asks for the rest, each by name: the compiler for its page query
 * (features/record-view/recordQueries.ts), its page (recordPages.tsx) and its entity lookup
 * (upload/apolloEntityLookup.ts); features/record-view/recordKindCoverage.test.ts for the route file and
 * for its words in every message that chooses words by kind, in every language (a kind missing from a
 * `select` would show an empty sentence).
 */

/** The kinds of record a technician can open, named as their GraphQL queries are. */
export type RecordKind = 'part' | 'run' | 'procedure' | 'step' | 'runStep' | 'runStepField';

/** A record the app can open and attach files to. */
export interface RecordRef {
  kind: RecordKind;
  id: number;
}

interface KindFacts {
  /** The app's URL segment for records of this kind, e.g. `/runs/42`. */
  segment: string;
  /** The record's GraphQL type. */
  typename: string;
  /**
   * The shortest way to type the kind, as hints name it: what the open-by-id box reads, so English in
   * every language (like the aliases).
   */
  word: string;
  /** Words people and labels use for the kind (lower case letters only), e.g. `rs` on `RS-7`. */
  aliases: readonly string[];
}

const KIND_FACTS = {
  part: { word: 'part', segment: 'parts', typename: 'Part', aliases: ['part', 'parts', 'pt'] },
  run: { word: 'run', segment: 'runs', typename: 'Run', aliases: ['run', 'runs'] },
  procedure: {
    word: 'procedure',
    segment: 'procedures',
    typename: 'Procedure',
    aliases: ['procedure', 'procedures', 'proc'],
  },
  step: {
    word: 'step',
    segment: 'steps',
    typename: 'Step',
    aliases: ['step', 'steps', 'procedurestep', 'proceduresteps', 'procstep'],
  },
  runStep: {
    word: 'run step',
    segment: 'run-steps',
    typename: 'RunStep',
    aliases: ['runstep', 'runsteps', 'rs'],
  },
  runStepField: {
    word: 'run step field',
    segment: 'run-step-fields',
    typename: 'RunStepField',
    aliases: ['runstepfield', 'runstepfields', 'rsf', 'field', 'fields'],
  },
} as const satisfies Record<RecordKind, KindFacts>;

/** What the technician calls each kind, capitalised for the start of a sentence or a menu. */
export const RECORD_KIND_LABELS = defineMessages({
  part: {
    defaultMessage: 'Part',
    id: 'uc8nBf',
    description: 'A kind of record: a part (an item made or used)',
  },
  run: {
    defaultMessage: 'Run',
    id: 'mlgj5L',
    description: 'A kind of record: a production run (the noun, not the verb)',
  },
  procedure: { defaultMessage: 'Procedure', id: 'EI+w3T', description: 'A kind of record: a work procedure' },
  step: {
    defaultMessage: 'Procedure step',
    id: '6WueIK',
    description: 'A kind of record: a step of a procedure',
  },
  runStep: {
    defaultMessage: 'Run step',
    id: 'BpO+tn',
    description: 'A kind of record: a step of a production run',
  },
  runStepField: {
    defaultMessage: 'Run step field',
    id: 'gZoB23',
    description: 'A kind of record: one field (a value to fill in) of a run step',
  },
}) satisfies Record<RecordKind, MessageDescriptor>;

/** The kind's name in the language of `intl` (by default the one in force): `Run step`. */
export function recordKindLabel(kind: RecordKind, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(RECORD_KIND_LABELS[kind]);
}

/** One record as the app names it: `Run step 7` (the id as written, never grouped). */
export function recordName(kind: RecordKind, id: number, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(
    {
      defaultMessage: '{kind} {id}',
      id: '4NB5t9',
      description: 'A record named by its kind and number, e.g. "Run step 7"',
    },
    { kind: recordKindLabel(kind, intl), id: String(id) },
  );
}

/** A name and a title together: `Run step 7: Machine the bore` (the name may be a context line's). */
export function titledName(name: string, title: string, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(
    {
      defaultMessage: '{record}: {title}',
      id: 'pMOoGP',
      description: 'A record named by its kind and number, then its title: "Run 1: BRKT-0001 Rev C, SN 0041"',
    },
    { record: name, title },
  );
}

/** One record with its title, as lists and links name it: `Run 1: BRKT-0001 Rev C, SN 0041`. */
export function recordWithTitle(
  kind: RecordKind,
  id: number,
  title: string,
  intl: IntlShape = appIntl(),
): string {
  return titledName(recordName(kind, id, intl), title, intl);
}

/** A part by its number and revision: `BRKT-0001 rev C`. */
export function partRevision(partNumber: string, revision: string, intl: IntlShape = appIntl()): string {
  return intl.formatMessage(
    {
      defaultMessage: '{partNumber} rev {revision}',
      id: 'zlvufI',
      description: 'A part by its number and revision, e.g. "BRKT-0001 rev C"',
    },
    { partNumber, revision },
  );
}

/** "Assemble bracket v3": a procedure by its title and version. */
export function procedureVersion(
  procedure: { title: string; version: number },
  intl: IntlShape = appIntl(),
): string {
  return intl.formatMessage(
    {
      defaultMessage: '{title} v{version}',
      id: 'FsFs6j',
      description: 'A procedure by its title and version number',
    },
    { title: procedure.title, version: procedure.version },
  );
}

export interface RecordKindInfo extends KindFacts {
  kind: RecordKind;
  /**
   * The kind's name in the language in force (`recordKindLabel`), read each time: a component that
   * has `useIntl()` may pass it to `recordKindLabel` instead.
   */
  readonly label: string;
}

function infoOf(kind: RecordKind): RecordKindInfo {
  return {
    kind,
    ...KIND_FACTS[kind],
    get label() {
      return recordKindLabel(kind);
    },
  };
}

/** Every kind, in the order the app offers them. */
export const RECORD_KINDS: readonly RecordKindInfo[] = (Object.keys(KIND_FACTS) as RecordKind[]).map(infoOf);

export function recordKindInfo(kind: RecordKind): RecordKindInfo {
  return infoOf(kind);
}

export function isRecordKind(value: unknown): value is RecordKind {
  return typeof value === 'string' && Object.hasOwn(KIND_FACTS, value);
}

/** The kind whose URL segment this is (`run-steps` → runStep), or null. */
export function kindOfSegment(segment: string): RecordKind | null {
  return RECORD_KINDS.find((info) => info.segment === segment)?.kind ?? null;
}

/** The kind a word names (`RS`, `run step`, `Procs`…), compared after lower-casing and dropping non-letters. */
export function kindOfAlias(word: string): RecordKind | null {
  const key = word.toLowerCase().replace(/[^a-z]/g, '');
  return RECORD_KINDS.find((info) => info.aliases.includes(key))?.kind ?? null;
}

/** The app path of one record, e.g. `/run-steps/7`. */
export function recordPath(kind: RecordKind, id: number): string {
  return `/${KIND_FACTS[kind].segment}/${id}`;
}

type RecordRoute<K extends RecordKind> = `/${(typeof KIND_FACTS)[K]['segment']}/$id`;

/** The route of each kind's page, for typed links and navigation. */
export const RECORD_ROUTES = Object.fromEntries(
  RECORD_KINDS.map(({ kind, segment }) => [kind, `/${segment}/$id`]),
) as { [K in RecordKind]: RecordRoute<K> };

/** GraphQL `Int` is 32-bit: a larger id can never exist, so it is refused before asking the server. */
export const MAX_ID = 2_147_483_647;

/** Why digits are not a record id, or null when they are one (1 … MAX_ID, leading zeros allowed). */
export function recordIdProblem(digits: string): 'too-large' | 'zero' | 'not-a-number' | null {
  if (!/^\d+$/.test(digits)) return 'not-a-number';
  const significant = digits.replace(/^0+(?=\d)/, '');
  if (significant.length > String(MAX_ID).length || Number(significant) > MAX_ID) return 'too-large';
  return Number(significant) === 0 ? 'zero' : null;
}

/** The id in a record URL, or null when it is not a positive whole number the API could hold. */
export function parseRouteId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw) || recordIdProblem(raw) !== null) return null;
  return Number(raw);
}
