import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test/memoryStorage.ts';
import { LanguageChoice } from './languageChoice.ts';
import { matchLanguage } from './locales.ts';

describe('matchLanguage', () => {
  it.each([
    [['es-MX', 'en'], 'es'],
    [['de-AT'], 'de'],
    [['vi'], 'vi'],
    [['zh-CN'], 'zh-Hans'],
    [['zh'], 'zh-Hans'],
    [['zh-Hans-SG'], 'zh-Hans'],
    [['zh-TW', 'de'], 'de'],
    [['zh-Hant'], 'en'],
    [['fr-FR', 'pt'], 'en'],
    [['not a tag', 'vi-VN'], 'vi'],
    [[], 'en'],
  ])('%j → %s', (requested, expected) => {
    expect(matchLanguage(requested)).toBe(expected);
  });
});

describe('LanguageChoice', () => {
  const ana = { subject: 'ana', organization: 'acme' };
  const bao = { subject: 'bao', organization: 'acme' };

  it("follows the browser until someone chooses, and keeps each person's choice for them", () => {
    const storage = memoryStorage();
    const choice = new LanguageChoice(storage, () => ['es-ES']);
    const seen: string[] = [];
    choice.subscribe(() => seen.push(choice.locale()));
    expect(choice.locale()).toBe('es');

    choice.setPerson(ana);
    choice.choose('vi');
    choice.setPerson(bao);
    expect(choice.locale()).toBe('es');
    choice.choose('de');
    choice.setPerson(null);
    expect(choice.locale()).toBe('es');
    choice.setPerson(ana);
    expect(choice.locale()).toBe('vi');
    expect(seen).toEqual(['vi', 'es', 'de', 'es', 'vi']);

    // Another page on the same tablet reads the same choices.
    const later = new LanguageChoice(storage, () => ['en']);
    later.setPerson(bao);
    expect(later.locale()).toBe('de');
  });

  it('keeps a choice made with nobody signed in for this page only', () => {
    const storage = memoryStorage();
    const choice = new LanguageChoice(storage, () => ['en']);
    choice.choose('zh-Hans');
    expect(choice.locale()).toBe('zh-Hans');
    expect(new LanguageChoice(storage, () => ['en']).locale()).toBe('en');
  });

  it('ignores what it cannot read in storage', () => {
    const storage = memoryStorage();
    storage.setItem('floor-attach:language', '{not json');
    const choice = new LanguageChoice(storage, () => ['de']);
    choice.setPerson(ana);
    expect(choice.locale()).toBe('de');
  });
});
