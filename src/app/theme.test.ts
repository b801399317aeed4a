import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrastRatio, cssVariablesResolver, theme } from './theme.ts';

const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));

describe('theme colours', () => {
  for (const scheme of ['light', 'dark'] as const) {
    const variables = resolved[scheme] as Record<string, string>;
    for (const color of Object.keys(DEFAULT_THEME.colors)) {
      it(`${scheme}: ${color} badges and buttons read at 4.5:1`, () => {
        const filled = variables[`--mantine-color-${color}-filled`]!;
        const light = variables[`--mantine-color-${color}-light`]!;
        const lightText = variables[`--mantine-color-${color}-light-color`]!;
        expect(contrastRatio(filled, DEFAULT_THEME.white)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(lightText, light)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it('writes a field’s error in a red that reads at 4.5:1 on the page, in both schemes', () => {
    const light = resolved.light as Record<string, string>;
    const dark = resolved.dark as Record<string, string>;
    expect(contrastRatio(light['--mantine-color-error']!, DEFAULT_THEME.white)).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(dark['--mantine-color-error']!, DEFAULT_THEME.colors.dark[7]),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
