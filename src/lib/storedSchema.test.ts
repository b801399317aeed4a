import { describe, expect, it } from 'vitest';
import { defineStoredSchema, readStored, versioned } from './storedSchema.ts';

interface Note {
  text: string;
  tags: string[];
  pinned: boolean;
}

/** Version 0 had `body`; 1 renamed it to `text`; 2 added `tags`, and `pinned` from 1's `star`. */
const NOTE = defineStoredSchema<Note>({
  steps: [
    ({ body, ...note }) => ({ ...note, text: body }),
    ({ star, ...note }) => ({ ...note, tags: [], pinned: star === true }),
  ],
  is: (value): value is Note =>
    typeof (value as Note).text === 'string' && Array.isArray((value as Note).tags),
});

describe('stored schemas', () => {
  it('writes each value with the current version, and reads it back as it was', () => {
    const note: Note = { text: 'torque 40', tags: ['run'], pinned: true };
    const stored = versioned(NOTE, note);

    expect(stored.schemaVersion).toBe(2);
    expect(readStored(NOTE, structuredClone(stored))).toEqual({ state: 'read', value: note, from: 2 });
  });

  it('reads a value written before versions through every step, one after the other', () => {
    expect(readStored(NOTE, { body: 'torque 40', star: true })).toEqual({
      state: 'read',
      value: { text: 'torque 40', tags: [], pinned: true },
      from: 0,
    });
    expect(readStored(NOTE, { schemaVersion: 1, text: 'torque 40' })).toEqual({
      state: 'read',
      value: { text: 'torque 40', tags: [], pinned: false },
      from: 1,
    });
  });

  it('never reads a value a later version wrote, even one that looks like this version’s', () => {
    expect(readStored(NOTE, { schemaVersion: 3, text: 'torque 40', tags: [], pinned: true })).toEqual({
      state: 'newer',
      version: 3,
    });
  });

  it('does not read what is not a value of the store, nor what a step cannot take', () => {
    const failing = defineStoredSchema<Note>({
      steps: [
        () => {
          throw new Error('no way from 0');
        },
      ],
      is: NOTE.is,
    });

    expect(readStored(NOTE, 'torque 40')).toEqual({ state: 'unreadable' });
    expect(readStored(NOTE, null)).toEqual({ state: 'unreadable' });
    expect(readStored(NOTE, { schemaVersion: 'two', text: 'x', tags: [] })).toEqual({ state: 'unreadable' });
    expect(readStored(NOTE, { schemaVersion: 2, text: 40 })).toEqual({ state: 'unreadable' });
    expect(readStored(failing, { text: 'x', tags: [] })).toEqual({ state: 'unreadable' });
  });
});
