import { describe, expect, it } from 'vitest';
import de from '../i18n/catalogues/de.json';
import { createAppIntl } from '../i18n/appIntl.ts';
import { formatEnum } from './formatValue.ts';

describe('formatEnum', () => {
  it('names every kind of value in the language in force', () => {
    expect(formatEnum('IN_PROGRESS', createAppIntl('en', {}))).toBe('In progress');
    expect(formatEnum('DUAL_SOURCE', createAppIntl('en', {}))).toBe('Dual source');
    expect(formatEnum('IN_PROGRESS', createAppIntl('de', de))).toBe('In Arbeit');
    expect(formatEnum('TOOL', createAppIntl('de', de))).toBe('Werkzeug');
  });

  it('shows a value the schema adds later as its words, and nothing for no value', () => {
    expect(formatEnum('NEW_STATE', createAppIntl('de', de))).toBe('New state');
    expect(formatEnum('other', createAppIntl('en', {}))).toBe('Other');
    expect(formatEnum(null)).toBeNull();
    expect(formatEnum('')).toBeNull();
  });
});
