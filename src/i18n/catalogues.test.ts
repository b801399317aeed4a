import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages, SourceCatalogue } from './catalogues.ts';
import { LANGUAGES } from './locales.ts';
import { pseudoLocalize } from './pseudoLocale.ts';

const dir = path.join(import.meta.dirname, 'catalogues');
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
const source = read('en.json') as SourceCatalogue;

/** Each argument a message uses, with its kind (`count:plural`, `name:argument`, `b:tag`), sorted. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      const kind = TYPE[element.type];
      found.add(`${'value' in element && typeof element.value === 'string' ? element.value : ''}:${kind}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        Object.values(element.options).forEach((option) => walk(option.value));
      }
      if (element.type === TYPE.tag) {
        found.add(`${element.value}:tag`);
        walk(element.children);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('the catalogues', () => {
  it('has one for every language the app offers, and nothing else', () => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
  });

  describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const messages = read(`${language}.json`) as Messages;

    it('has every message of the English one, and no other', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
    });

    it.each(Object.keys(source))('%s: the same arguments as English, and a translation', (id) => {
      const english = source[id]!.defaultMessage;
      const translated = messages[id] ?? '';
      expect(translated.trim(), `"${english}"`).not.toBe('');
      expect(argumentsOf(translated), `"${english}" → "${translated}"`).toEqual(argumentsOf(english));
    });
  });
});

describe('the pseudo-locale', () => {
  it('accents every letter, brackets the message and makes it at least 40 % longer', () => {
    const english = 'Attach photo';
    const pseudo = pseudoLocalize(english);
    expect(pseudo).toMatch(/^\[Ȧŧŧȧƈħ ƥħǿŧǿ ~+\]$/);
    expect(pseudo.length).toBeGreaterThanOrEqual(english.length * 1.4);
  });

  it('keeps arguments, plurals and tags working', () => {
    const english = '{count, plural, one {# file waiting} other {# files waiting}} for <b>{name}</b>';
    expect(argumentsOf(pseudoLocalize(english))).toEqual(argumentsOf(english));
  });

  it.each(Object.entries(source))('%s still parses', (_id, { defaultMessage }) => {
    expect(() => parse(pseudoLocalize(defaultMessage))).not.toThrow();
  });
});
