import { describe, expect, it } from 'vitest';
import { launchDestination, rememberLastPage } from './lastPage.ts';
import { memoryStorage } from '../test/memoryStorage.ts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

describe('the installed app reopening on the last page', () => {
  it('sends a home-screen launch to the page last open', () => {
    const storage = memoryStorage();
    rememberLastPage('/runs/7?tab=files', storage);
    expect(launchDestination(new URL('http://app.test/?launch=home-screen'), storage)).toBe(
      '/runs/7?tab=files',
    );
  });

  it('leaves any other start alone', () => {
    const storage = memoryStorage();
    rememberLastPage('/runs/7', storage);
    expect(launchDestination(new URL('http://app.test/parts'), storage)).toBeNull();
  });

  it('opens the start page when nothing, or something not a local path, was kept', () => {
    const storage = memoryStorage();
    expect(launchDestination(new URL('http://app.test/?launch=home-screen'), storage)).toBe('/');
    storage.setItem(STORAGE_KEYS.lastPage.name, '//evil.example/x');
    expect(launchDestination(new URL('http://app.test/?launch=home-screen'), storage)).toBe('/');
  });
});
