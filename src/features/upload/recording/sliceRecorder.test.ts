// Node's Blob, not jsdom's: it is what fake-indexeddb's structured clone can copy, as a browser's would.
import { Blob as NodeBlob } from 'node:buffer';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdbRecordingStore, type RecordingStore, type StoredRecording } from './recordingStore.ts';
import { SliceRecorder, recordingLockName, type MediaRecorderLike } from './sliceRecorder.ts';
import { interruptedRecordings } from './interruptedRecordings.ts';
import { recordingFilename, recordingFormat } from './recordingFormats.ts';
import { recordingLimits } from './recordingLimits.ts';

const blob = (text: string) => new NodeBlob([text]) as unknown as Blob;
const person = { subject: 'tech-1', organization: 'org-1', name: 'Taylor Technician' };
const other = { subject: 'tech-2', organization: 'org-1', name: 'Sam Second' };
const target = {
  entityId: 7,
  label: 'Run 1 · SN 0041 · Step 2',
  record: { kind: 'runStep', id: 2 },
} as const;

/** A MediaRecorder the test drives: it hands over the slices the test gives it, and stops when told. */
class FakeRecorder implements MediaRecorderLike {
  state: MediaRecorderLike['state'] = 'inactive';
  ondataavailable: MediaRecorderLike['ondataavailable'] = null;
  onstop: MediaRecorderLike['onstop'] = null;
  onerror: MediaRecorderLike['onerror'] = null;
  timeslice = 0;
  start(timeslice: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    // As the browser: the last slice, then the stop.
    this.ondataavailable?.({ data: blob('last') });
    this.onstop?.();
  }
  hand(text: string) {
    this.ondataavailable?.({ data: blob(text) });
  }
}

const text = (value: Blob) => (value as unknown as NodeBlob).text();

function recordingOf(id: string, patch: Partial<StoredRecording> = {}) {
  return {
    id,
    kind: 'clip' as const,
    person,
    target,
    filename: `clip-${id}.webm`,
    type: 'video/webm',
    startedAt: 1000,
    ...patch,
  };
}

function start(
  store: RecordingStore,
  options: {
    maxSeconds?: number;
    maxBytes?: number;
    now?: () => number;
    later?: (work: () => void) => void;
  } = {},
) {
  const recorder = new FakeRecorder();
  const onLimit = vi.fn();
  const held: string[] = [];
  const slices = new SliceRecorder({
    stream: {} as MediaStream,
    format: { mimeType: 'video/webm;codecs=vp9,opus', extension: 'webm', audioBitsPerSecond: 96_000 },
    recording: recordingOf('r1'),
    store,
    limits: { maxSeconds: options.maxSeconds ?? 60, maxBytes: options.maxBytes ?? 1_000_000 },
    now: options.now,
    later: options.later,
    createRecorder: () => recorder,
    onLimit,
    holdWhileRecording: (name) => held.push(name),
  });
  return { recorder, slices, onLimit, held };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  // The recording is joined from the stored slices with the page's Blob: Node's here, as they are.
  vi.stubGlobal('Blob', NodeBlob);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SliceRecorder', () => {
  it('asks for one-second slices and writes each to the store as it arrives, not to the page', async () => {
    const store = createIdbRecordingStore();
    let now = 1000;
    let begin = () => {};
    const { recorder, slices, held } = start(store, { now: () => now, later: (work) => (begin = work) });
    expect(recorder.timeslice).toBe(1000);
    // The lock and the entry come after the start's task; a slice handed before them waits for them.
    expect(held).toEqual([]);
    now = 2000;
    recorder.hand('one');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.list()).toEqual([]);
    begin();
    expect(held).toEqual([recordingLockName('r1')]);
    now = 3000;
    recorder.hand('two');
    await vi.waitFor(async () => expect(await store.slices('r1')).toHaveLength(2));
    const [stored] = await store.list();
    expect(stored).toMatchObject({ id: 'r1', seconds: 2, person });
    const finished = await slices.finish();
    expect(finished.reason).toBe('pressed');
    expect(finished.seconds).toBe(2);
    expect(await text(finished.blob)).toBe('onetwolast');
    expect(finished.blob.type).toBe('video/webm');
  });

  it('stops by itself at the time limit and says so', async () => {
    vi.useFakeTimers();
    const store = createIdbRecordingStore();
    const { recorder, slices, onLimit } = start(store, { maxSeconds: 3 });
    vi.advanceTimersByTime(2999);
    expect(recorder.state).toBe('recording');
    vi.advanceTimersByTime(1);
    expect(recorder.state).toBe('inactive');
    expect(onLimit).toHaveBeenCalledWith('time');
    vi.useRealTimers();
    expect((await slices.finish()).reason).toBe('time');
  });

  it('stops by itself when its bytes reach the size cap', async () => {
    const store = createIdbRecordingStore();
    const { recorder, slices, onLimit } = start(store, { maxBytes: 6 });
    recorder.hand('abc');
    expect(recorder.state).toBe('recording');
    recorder.hand('def');
    expect(recorder.state).toBe('inactive');
    expect(onLimit).toHaveBeenCalledWith('size');
    const finished = await slices.finish();
    expect(finished.reason).toBe('size');
    expect(await text(finished.blob)).toBe('abcdeflast');
  });

  it('stores when it stopped, so a page gone after the press is not said to have closed while recording', async () => {
    const store = createIdbRecordingStore();
    let now = 1000;
    const { recorder, slices } = start(store, { now: () => now });
    now = 2000;
    recorder.hand('one');
    await vi.waitFor(async () => expect(await store.slices('r1')).toHaveLength(1));
    expect((await store.list())[0]?.stoppedAt).toBeUndefined();
    now = 2500;
    slices.stop();
    // The last slice lands after the mark and keeps it.
    await vi.waitFor(async () => expect(await store.slices('r1')).toHaveLength(2));
    expect((await store.list())[0]).toMatchObject({ stoppedAt: 2500, seconds: 1.5 });
    const [offered] = await interruptedRecordings(person, {
      store,
      queueHas: () => Promise.resolve(false),
      heldLocks: () => Promise.resolve([]),
    });
    expect(offered).toMatchObject({ id: 'r1', stoppedAt: 2500 });
  });

  it('keeps a slice the store refused in the page, in its place: nothing recorded is lost', async () => {
    const store = createIdbRecordingStore();
    const append = store.append.bind(store);
    const failing: RecordingStore = {
      ...store,
      append: (id, index, slice, seconds) =>
        index === 1 ? Promise.reject(new Error('QuotaExceededError')) : append(id, index, slice, seconds),
    };
    const { recorder, slices } = start(failing);
    recorder.hand('one');
    recorder.hand('two');
    recorder.hand('three');
    expect(await text((await slices.finish()).blob)).toBe('onetwothreelast');
  });
});

describe('interruptedRecordings', () => {
  async function stored(
    store: RecordingStore,
    id: string,
    patch: Partial<StoredRecording> = {},
    sliceCount = 2,
  ) {
    await store.begin({ ...recordingOf(id), seconds: sliceCount, ...patch });
    for (let index = 0; index < sliceCount; index += 1)
      await store.append(id, index, blob(`${id}-${index}`), index + 1);
  }
  const ports = (store: RecordingStore, queued: string[] = [], held: string[] = []) => ({
    store,
    queueHas: (id: string) => Promise.resolve(queued.includes(id)),
    heldLocks: () => Promise.resolve(held),
  });

  it("offers a cut-short recording to its owner only, oldest first, and another person's stays stored", async () => {
    const store = createIdbRecordingStore();
    await stored(store, 'late', { startedAt: 2000 });
    await stored(store, 'early', { startedAt: 1000 });
    await stored(store, 'theirs', { person: other });
    expect((await interruptedRecordings(person, ports(store))).map(({ id }) => id)).toEqual([
      'early',
      'late',
    ]);
    expect((await interruptedRecordings(other, ports(store))).map(({ id }) => id)).toEqual(['theirs']);
    expect(await store.list()).toHaveLength(3);
  });

  it('leaves alone a recording another page is still making', async () => {
    const store = createIdbRecordingStore();
    await stored(store, 'live');
    expect(await interruptedRecordings(person, ports(store, [], [recordingLockName('live')]))).toEqual([]);
    expect(await store.list()).toHaveLength(1);
  });

  it('lets go of one the queue already has (handed over before the crash), never offering it twice', async () => {
    const store = createIdbRecordingStore();
    await stored(store, 'handed', { queuedAs: 'entry-1' });
    await stored(store, 'lost', { queuedAs: 'entry-2' });
    const offered = await interruptedRecordings(person, ports(store, ['entry-1']));
    // entry-2 never reached the queue's storage: its recording is offered, not dropped.
    expect(offered.map(({ id }) => id)).toEqual(['lost']);
    expect((await store.list()).map(({ id }) => id)).toEqual(['lost']);
  });

  it('lets go of one with nothing recorded', async () => {
    const store = createIdbRecordingStore();
    await stored(store, 'empty', {}, 0);
    expect(await interruptedRecordings(person, ports(store))).toEqual([]);
    expect(await store.list()).toEqual([]);
  });
});

describe('formats, names and limits', () => {
  it('prefers MP4 (H.264 + AAC) for clips, else WebM; a voice note is never named .webm', () => {
    expect(recordingFormat('clip', () => true)?.extension).toBe('mp4');
    expect(recordingFormat('clip', (type) => type.startsWith('video/webm'))).toMatchObject({
      mimeType: 'video/webm;codecs=vp9,opus',
      extension: 'webm',
      videoBitsPerSecond: 2_500_000,
    });
    expect(recordingFormat('voice', (type) => type.startsWith('audio/webm'))).toMatchObject({
      extension: 'weba',
      audioBitsPerSecond: 32_000,
    });
    expect(recordingFormat('voice', (type) => type === 'audio/mp4;codecs=mp4a.40.2')?.extension).toBe('m4a');
    expect(recordingFormat('voice', (type) => type.startsWith('audio/ogg'))?.extension).toBe('ogg');
    expect(recordingFormat('voice', () => false)).toBeNull();
  });

  it('names a recording from its record, kind and local time, each one apart', () => {
    const at = new Date(2026, 10, 29, 10, 42, 5);
    expect(recordingFilename('clip', target, at, 'webm')).toBe('runstep-2-clip-2026-11-29-104205-1.webm');
    expect(recordingFilename('clip', target, at, 'webm')).toBe('runstep-2-clip-2026-11-29-104205-2.webm');
    expect(recordingFilename('voice', target, at, 'weba')).toBe('runstep-2-voice-2026-11-29-104205-1.weba');
  });

  it('limits from config.json, defaults 60 s and 120 s; the size cap never above what the service takes', () => {
    const config = { maxUploadBytes: 2 ** 31 };
    expect(recordingLimits('clip', config)).toEqual({ maxSeconds: 60, maxBytes: 2 * (2_600_000 / 8) * 60 });
    expect(recordingLimits('voice', config).maxSeconds).toBe(120);
    expect(recordingLimits('clip', { ...config, maxClipSeconds: 3 }).maxSeconds).toBe(3);
    expect(recordingLimits('clip', { maxUploadBytes: 5_000_000 }).maxBytes).toBe(5_000_000);
  });
});
