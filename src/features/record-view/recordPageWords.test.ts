import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { RECORD_KINDS, type RecordKind } from '../../records/recordKinds.ts';
import { loadingText, notAnIdTitle, notThereText } from './recordPageWords.ts';

const intl = createIntl({ locale: 'en', messages: {} });

/** The English word each kind's sentences use: the test fails when a kind is added without its words. */
const WORD = {
  part: 'part',
  run: 'run',
  procedure: 'procedure',
  step: 'procedure step',
  runStep: 'run step',
  runStepField: 'run step field',
} satisfies Record<RecordKind, string>;

describe.each(RECORD_KINDS.map(({ kind }) => kind))('the record page of a %s', (kind) => {
  const word = WORD[kind];

  it('names a URL id that is not a record id', () => {
    expect(notAnIdTitle(kind, 'abc', intl)).toBe(`“abc” is not a ${word} id`);
  });

  it('says which record it is loading', () => {
    expect(loadingText(kind, 42, intl)).toBe(`Loading ${word} 42…`);
  });

  it('says the record is not there, and what to do', () => {
    expect(notThereText(kind, 42, intl)).toBe(
      `There is no ${word} with id 42, or you may not see it. Check the number and try again.`,
    );
  });
});

it('covers every kind of record', () => {
  expect(RECORD_KINDS.map(({ kind }) => kind).sort()).toEqual(Object.keys(WORD).sort());
});
