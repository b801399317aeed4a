import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { loadMessages } from '../../i18n/catalogues.ts';
import { LIST_NAMES, listWords, type ListName } from './listWords.ts';

const english = createIntl({ locale: 'en', messages: {} });

/** The English word each list's sentences use: the test fails when a list is added without its words. */
const WORD = { parts: ['part', 'parts', 'Parts'], runs: ['run', 'runs', 'Runs'] } satisfies Record<
  ListName,
  [one: string, many: string, capitalised: string]
>;

describe.each(LIST_NAMES)('the %s list', (list) => {
  const [one, many, capitalised] = WORD[list];
  const words = listWords(list, english);

  it('says it could not load, is loading, or has nothing, naming what it lists', () => {
    expect(words.failed).toBe(`${capitalised} could not be loaded`);
    expect(words.loading).toBe(`Loading ${many}…`);
    expect(words.noneMatch).toBe(`No ${many} match`);
    expect(words.noneYet).toBe(`No ${many} yet`);
    expect(words.noneToShow).toBe(`There are no ${many} to show.`);
  });

  it('counts its rows, one and many', () => {
    expect(words.count(1)).toBe(`1 ${one}`);
    expect(words.count(1234)).toBe(`1,234 ${many}`);
  });
});

it('covers every list', () => {
  expect([...LIST_NAMES].sort()).toEqual(Object.keys(WORD).sort());
});

it('says each list in its own words in another language', async () => {
  const german = createIntl({ locale: 'de', messages: await loadMessages('de') });
  expect(listWords('parts', german).failed).toBe('Teile konnten nicht geladen werden');
  expect(listWords('runs', german).count(2)).toBe('2 Läufen');
});
