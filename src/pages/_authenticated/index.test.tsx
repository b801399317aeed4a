import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECORD_KINDS } from '../../records/recordKinds.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('the home page', () => {
  it('names every kind of record it can open, from the registry of kinds, in its order', async () => {
    await renderApp({ path: '/' });
    const intro = await screen.findByText(/^Scan a label, type an id, or paste a link to /);
    const named = RECORD_KINDS.map(({ word }) => intro.textContent!.indexOf(` ${word}`));
    expect(named.every((at) => at > 0)).toBe(true);
    expect(named).toEqual([...named].sort((a, b) => a - b));
    expect(intro).toHaveTextContent(
      'Scan a label, type an id, or paste a link to a part, run, procedure, step, run step or run step field.',
    );
  });
});
