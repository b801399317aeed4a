import { describe, expect, it } from 'vitest';
import { rememberSignOutPage, takeSignOutPage } from './signOutReturn.ts';
import { memoryStorage } from '../test/memoryStorage.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

const taylor = { subject: 'u-1', organization: 'org-1', name: 'Taylor Technician' };
const vic = { subject: 'u-2', organization: 'org-1', name: 'Vic Viewer' };

describe('the page kept across the provider\'s "Do you want to sign out?"', () => {
  it('takes the same person back to the page they signed out from, once', () => {
    const storage = memoryStorage();
    rememberSignOutPage('/run-steps/3', taylor, storage);
    expect(takeSignOutPage('/', taylor, storage)).toBe('/run-steps/3');
    expect(takeSignOutPage('/', taylor, storage)).toBe('/');
  });

  it('starts the next person on this tablet where their own sign-in was headed', () => {
    const storage = memoryStorage();
    rememberSignOutPage('/run-steps/3', taylor, storage);
    expect(takeSignOutPage('/', vic, storage)).toBe('/');
    expect(takeSignOutPage('/', taylor, storage)).toBe('/');
  });

  it('treats the same subject of another organisation as another person', () => {
    const storage = memoryStorage();
    rememberSignOutPage('/parts/1', taylor, storage);
    expect(takeSignOutPage('/', { ...taylor, organization: 'org-2' }, storage)).toBe('/');
  });

  it('leaves a sign-in that asked for a page of its own alone', () => {
    const storage = memoryStorage();
    rememberSignOutPage('/parts/1', taylor, storage);
    expect(takeSignOutPage('/runs/2', taylor, storage)).toBe('/runs/2');
  });

  it('never sends anyone off the app, whatever was stored', () => {
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEYS.signedOutFrom.name,
      JSON.stringify({ path: '//evil.example/x', subject: 'u-1', organization: 'org-1' }),
    );
    expect(takeSignOutPage('/', taylor, storage)).toBe('/');
    storage.setItem(STORAGE_KEYS.signedOutFrom.name, '{not json');
    expect(takeSignOutPage('/', taylor, storage)).toBe('/');
  });

  it('keeps nothing when nobody was signed in', () => {
    const storage = memoryStorage();
    rememberSignOutPage('/parts/1', null, storage);
    expect(storage.length).toBe(0);
  });
});
