import { act, render, screen } from '@testing-library/react';
import { startTransition, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { recordingClock } from './recordingClock.ts';
import { recorderStateStore, useRecorderState, type Recorder } from './useRecorder.ts';

function fakeRecorder() {
  const state = recorderStateStore();
  const recorder: Recorder = {
    state,
    clock: recordingClock(),
    limitSeconds: 60,
    start: () => undefined,
    stop: () => undefined,
    settled: () => Promise.resolve(),
  };
  return { recorder, state };
}

function Status({ recorder, onRender }: { recorder: Recorder; onRender?: () => void }) {
  const { status, problem } = useRecorderState(recorder);
  onRender?.();
  return (
    <p>
      {status}
      {problem ? ` (${problem})` : ''}
    </p>
  );
}

describe("a recorder's state", () => {
  it('renders the controls that read it, not the component that owns the recorder', () => {
    const { recorder, state } = fakeRecorder();
    let ownerRenders = 0;
    let statusRenders = 0;
    function Owner({ onRender, onStatusRender }: { onRender(): void; onStatusRender(): void }) {
      onRender();
      return <Status recorder={recorder} onRender={onStatusRender} />;
    }
    render(<Owner onRender={() => (ownerRenders += 1)} onStatusRender={() => (statusRenders += 1)} />);
    expect(screen.getByText('idle')).toBeInTheDocument();
    const before = { owner: ownerRenders, status: statusRenders };

    act(() => state.set({ status: 'recording' }));
    expect(screen.getByText('recording')).toBeInTheDocument();
    act(() => state.set({ status: 'finishing', problem: 'Storage is full' }));
    expect(screen.getByText('finishing (Storage is full)')).toBeInTheDocument();

    expect(ownerRenders).toBe(before.owner);
    expect(statusRenders).toBe(before.status + 2);
  });

  it('says nothing when a change changes nothing', () => {
    const { state } = fakeRecorder();
    let heard = 0;
    state.subscribe(() => (heard += 1));
    state.set({ status: 'idle', problem: null });
    expect(heard).toBe(0);
    state.set({ stoppedBy: 'time' });
    expect(heard).toBe(1);
    expect(state.get()).toEqual({ status: 'idle', stoppedBy: 'time', problem: null });
  });

  it('hears a change made between its render and its subscription', () => {
    const { recorder, state } = fakeRecorder();
    // An effect of an earlier sibling runs before the status's own subscription.
    function ChangesOnMount() {
      useEffect(() => state.set({ status: 'recording' }), []);
      return null;
    }
    render(
      <>
        <ChangesOnMount />
        <Status recorder={recorder} />
      </>,
    );
    expect(screen.getByText('recording')).toBeInTheDocument();
  });

  it('renders a change made in a transition (the switch to recording)', async () => {
    const { recorder, state } = fakeRecorder();
    render(<Status recorder={recorder} />);
    await act(async () => {
      startTransition(() => state.set({ status: 'recording' }));
      await Promise.resolve();
    });
    expect(screen.getByText('recording')).toBeInTheDocument();
  });
});
