import { createIdbRecordingStore, type RecordingStore } from './recordingStore.ts';

let store: RecordingStore | null = null;

/** The browser's one store of recordings in progress, opened when first used. */
export function appRecordingStore(): RecordingStore {
  store ??= createIdbRecordingStore();
  return store;
}
