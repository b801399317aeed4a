import { describe, expect, it } from 'vitest';
import { personKey, samePerson, type Person } from './person.ts';

const TAYLOR: Person = { subject: 'taylor', organization: 'example', name: 'Taylor Technician' };
const RENAMED: Person = { ...TAYLOR, name: 'T. Technician' };

describe('samePerson', () => {
  it('is the same subject of the same organisation, whatever the name', () => {
    expect(samePerson(TAYLOR, { subject: 'taylor', organization: 'example' })).toBe(true);
    expect(samePerson(TAYLOR, RENAMED)).toBe(true);
  });

  it('tells apart another subject, and the same subject of another organisation', () => {
    expect(samePerson(TAYLOR, { ...TAYLOR, subject: 'vic' })).toBe(false);
    expect(samePerson(TAYLOR, { ...TAYLOR, organization: 'elsewhere' })).toBe(false);
  });

  it('never takes nobody for somebody, nor nobody for nobody', () => {
    expect(samePerson(TAYLOR, null)).toBe(false);
    expect(samePerson(undefined, TAYLOR)).toBe(false);
    expect(samePerson(null, null)).toBe(false);
  });
});

describe('personKey', () => {
  it('is the form kept on tablets before it had one home, byte for byte', () => {
    // The key builders it replaced (languages, attach refusals, files attached here, files left by
    // others) each wrote JSON.stringify([organization, subject]).
    expect(personKey(TAYLOR)).toBe(JSON.stringify([TAYLOR.organization, TAYLOR.subject]));
    expect(personKey(TAYLOR)).toBe('["example","taylor"]');
    expect(personKey({ organization: 'https://id.example/realms/a"b', subject: 'ü 1' })).toBe(
      '["https://id.example/realms/a\\"b","ü 1"]',
    );
  });

  it('keeps the name out of the key', () => {
    expect(personKey(TAYLOR)).toBe(personKey(RENAMED));
  });
});
