import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages, SourceCatalogue } from '../../i18n/catalogues.ts';
import { LANGUAGES } from '../../i18n/locales.ts';
import { RECORD_KINDS, type RecordKind } from '../../records/recordKinds.ts';
import { RECORD_QUERIES } from './recordQueries.ts';

/**
 * What a new kind of record still lacks, by name (issue 39). A kind is one entry in the registry
 * (records/recordKinds.ts) plus its route file; the tables keyed by kind (its query here in
 * recordQueries.ts, its page in recordPages.tsx, its entity lookup in upload/apolloEntityLookup.ts,
 * its label) are declared `satisfies Record<RecordKind, …>`, so the compiler names a kind left out of
 * them. What the compiler cannot see is named here: the route file, and every message that chooses
 * its words by kind (`{kind, select, …}`), where a kind without its branch shows an empty sentence.
 */

const root = path.resolve(import.meta.dirname, '../..');
const catalogue = (language: string): unknown =>
  JSON.parse(readFileSync(path.join(root, 'i18n/catalogues', `${language}.json`), 'utf8'));
const source = catalogue('en') as SourceCatalogue;
const kinds = RECORD_KINDS.map(({ kind }) => kind);

/** The branches of each `select` in a message that chooses among record kinds (names a kind's branch). */
function kindSelects(message: string): Array<Record<string, MessageFormatElement[]>> {
  const found: Array<Record<string, MessageFormatElement[]>> = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.select) {
        const keys = Object.keys(element.options);
        if (keys.some((key) => (kinds as string[]).includes(key))) {
          found.push(Object.fromEntries(keys.map((key) => [key, element.options[key]!.value])));
        }
      }
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        Object.values(element.options).forEach((option) => walk(option.value));
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return found;
}

/** `kind: what it lacks`, for every kind and every message that chooses its words by kind. */
function lacksInMessages(language: string, messages: Record<string, string>): string[] {
  const lacks: string[] = [];
  for (const [id, message] of Object.entries(messages)) {
    for (const branches of kindSelects(message)) {
      // An empty `other` means the kinds are named one by one: one left out shows nothing. A message
      // whose `other` has words (only the runs of a part, other: of a procedure) chose that fallback.
      const listsEveryKind = (branches.other ?? []).length === 0;
      for (const kind of kinds) {
        const words = branches[kind];
        if (!words && listsEveryKind) {
          lacks.push(`${kind}: no words in message ${id} (${language}), which shows nothing for it`);
        } else if (words?.length === 0) lacks.push(`${kind}: empty words in message ${id} (${language})`);
      }
    }
  }
  return lacks;
}

/** The route file of each kind: `/<segment>/$id`, whose options are `recordRoute(kind)`. */
function routeLacks(kind: RecordKind, segment: string): string[] {
  const file = path.join(root, 'pages/_authenticated', `${segment}.$id.tsx`);
  if (!existsSync(file)) return [`${kind}: no route file src/pages/_authenticated/${segment}.$id.tsx`];
  const text = readFileSync(file, 'utf8');
  return text.includes(`recordRoute('${kind}')`)
    ? []
    : [`${kind}: its route file does not take its options from recordRoute('${kind}')`];
}

describe('a kind of record', () => {
  it('has a route file that opens its page', () => {
    expect(RECORD_KINDS.flatMap(({ kind, segment }) => routeLacks(kind, segment))).toEqual([]);
  });

  it('has its page query', () => {
    expect(kinds.filter((kind) => !RECORD_QUERIES[kind]).map((kind) => `${kind}: no page query`)).toEqual([]);
  });

  it('has its words in every English message that chooses words by kind', () => {
    const english = Object.fromEntries(
      Object.entries(source).map(([id, { defaultMessage }]) => [id, defaultMessage]),
    );
    // The record page's sentences are among them: the test would find nothing to check without them.
    expect(
      Object.values(english).filter((message) => kindSelects(message).length > 0).length,
    ).toBeGreaterThan(2);
    expect(lacksInMessages('en', english)).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'has its words in those messages in %s',
    (language) => {
      expect(lacksInMessages(language, catalogue(language) as Messages)).toEqual([]);
    },
  );
});

it('the check itself finds a kind left out of a message', () => {
  const lacks = lacksInMessages('en', {
    probe: '{kind, select, part {Part {id}} run {} other {}}',
    fallback: '{kind, select, part {Only the runs of part {id}.} other {Only the runs of procedure {id}.}}',
  });
  expect(lacks).toContain('procedure: no words in message probe (en), which shows nothing for it');
  expect(lacks).toContain('run: empty words in message probe (en)');
  expect(lacks.some((lack) => lack.startsWith('part:') || lack.includes('fallback'))).toBe(false);
});
