import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadError } from '../../upload/uploadErrors.ts';
import { createQueueWorld } from '../../test/uploadQueue.ts';
import { createTestAuthSession, renderApp, type RenderAppResult } from '../../test/renderApp.tsx';
import { recordingUnderWay } from '../upload/recording/recordingsUnderWay.ts';
import { afterThisTest } from '../../test/afterTest.ts';

const part = { entityId: 5, label: 'Part 1', record: { kind: 'part' as const, id: 1 } };

async function chooseSignOut({ user }: RenderAppResult): Promise<void> {
  await user.click(await screen.findByRole('button', { name: 'Account: Taylor Technician' }));
  // jsdom has no layout, so the popover positioner keeps the open menu display:none; e2e clicks it for real.
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
}

describe('the sign-out dialog', () => {
  it('counts files that could not be attached, and discarding them leaves none of their bytes', async () => {
    const world = createQueueWorld();
    world.server.failures.ticket.push(new UploadError('permanent', 'Refused.'));
    const queue = world.makeQueue();
    act(() => void queue.add([new File(['bytes'], 'refused.jpg')], part));
    await waitFor(() => expect(queue.getSnapshot()[0]?.state).toBe('failed'));
    expect(world.store.rows.size).toBe(1);

    const app = await renderApp({ queue });
    await chooseSignOut(app);
    const ask = await screen.findByRole('dialog', { name: '1 file not attached yet' });
    expect(ask).toHaveTextContent('1 file could not be attached.');
    // Nothing is moving, so there is nothing to wait for.
    expect(within(ask).queryByRole('button', { name: 'Wait for them, then sign out' })).toBeNull();
    expect(app.session.signOut).not.toHaveBeenCalled();

    await app.user.click(within(ask).getByRole('button', { name: 'Discard them…' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard 1 file?' });
    await app.user.click(within(discard).getByRole('button', { name: 'Discard and sign out' }));
    await waitFor(() => expect(app.session.signOut).toHaveBeenCalledTimes(1));
    expect(world.store.rows.size).toBe(0);
  });

  it('counts a voice note still recording among the files waiting, says it stops at the answer, and "Wait for them" stops it first', async () => {
    const world = createQueueWorld();
    const queue = world.makeQueue();
    let handedIn = 0;
    const note = recordingUnderWay(async () => {
      handedIn += 1;
      note.stopped();
      note.handedIn();
    });
    // Whatever happens here, the next test finds nothing recording.
    afterThisTest(() => note.handedIn());

    const app = await renderApp({ queue });
    await chooseSignOut(app);
    const ask = await screen.findByRole('dialog', { name: '1 file not attached yet' });
    expect(ask).toHaveTextContent(
      'A file is still waiting or being sent. Kept files stay on this device for you alone and are there when you sign in here again; nobody else can send them. One of them is still recording: it stops when you choose below, and goes with the other files.',
    );
    expect(handedIn).toBe(0);
    await app.user.click(within(ask).getByRole('button', { name: 'Wait for them, then sign out' }));
    // Stopped and handed in, nothing is left to wait for: signed out by itself.
    await waitFor(() => expect(app.session.signOut).toHaveBeenCalledTimes(1));
    expect(handedIn).toBe(1);
  });

  it('counts a file dropped in the moment Sign out is chosen, whose row the queue has not announced yet', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    act(() => void queue.add([new File(['first'], 'first.jpg')], part));
    await waitFor(() => expect(queue.getSnapshot()).toHaveLength(1));

    const app = await renderApp({ queue });
    await app.user.click(await screen.findByRole('button', { name: 'Account: Taylor Technician' }));
    // The second file is queued in the tap's own task, before the question is set up: announced after.
    const announced: number[] = [];
    const addInTheTap = () => {
      queue.add([new File(['second'], 'second.jpg')], part);
      announced.push(queue.getSnapshot().length);
    };
    document.addEventListener('click', addInTheTap, { capture: true, once: true });
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    expect(announced).toEqual([1]);
    const ask = await screen.findByRole('dialog', { name: '2 files not attached yet' });
    expect(ask).toHaveTextContent('2 files are still waiting or being sent.');
    expect(app.session.signOut).not.toHaveBeenCalled();
    await app.user.click(within(ask).getByRole('button', { name: 'Stay signed in' }));
    world.server.gates.put.release();
  });

  it('"Stay signed in" closes the question and changes nothing', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    act(() => void queue.add([new File(['bytes'], 'moving.jpg')], part));

    const app = await renderApp({ queue });
    await chooseSignOut(app);
    const ask = await screen.findByRole('dialog', { name: '1 file not attached yet' });
    expect(ask).toHaveTextContent('A file is still waiting or being sent.');
    await app.user.click(within(ask).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.session.signOut).not.toHaveBeenCalled();
    expect(queue.getSnapshot().map((entry) => entry.state)).not.toContain('cancelled');
    world.server.gates.put.release();
  });

  it('"wait, then sign out" signs out every other tab at once, covers the screen without a way back, and finishes by itself', async () => {
    const world = createQueueWorld();
    world.server.gates.put.close();
    const queue = world.makeQueue();
    act(() => void queue.add([new File(['bytes'], 'a.jpg')], part));
    act(() => void queue.add([new File(['bytes'], 'b.jpg')], part));
    world.server.failures.register.push(new UploadError('permanent', 'Refused.'));

    const app = await renderApp({ queue });
    await chooseSignOut(app);
    const ask = await screen.findByRole('dialog', { name: '2 files not attached yet' });
    await app.user.click(within(ask).getByRole('button', { name: 'Wait for them, then sign out' }));

    expect(app.session.beginSignOut).toHaveBeenCalledTimes(1);
    const waiting = await screen.findByRole('dialog', { name: 'Signing out' });
    expect(within(waiting).getByRole('status')).toHaveTextContent(
      'Signing out: sending 2 files first. This tablet signs out by itself once they are sent.',
    );
    expect(within(waiting).queryByRole('button', { name: 'Stay signed in' })).toBeNull();
    expect(within(waiting).queryByRole('button', { name: 'Close' })).toBeNull();
    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Signing out' })).toBeInTheDocument();
    expect(app.session.signOut).not.toHaveBeenCalled();

    // One is attached, one could not be (it stays kept for its owner): signed out by itself.
    world.server.gates.put.release();
    await waitFor(() => expect(app.session.signOut).toHaveBeenCalledTimes(1));
    expect(
      queue
        .getSnapshot()
        .map((entry) => entry.state)
        .sort(),
    ).toEqual(['attached', 'failed']);
  });

  it('with nothing pending signs out at once, and says so on this tablet when the provider cannot be reached', async () => {
    const session = createTestAuthSession();
    session.signOut.mockImplementation(async () => {
      session.setStatus('signed-out');
      return 'provider-not-reached';
    });
    const app = await renderApp({ session });
    await chooseSignOut(app);
    expect(await screen.findByText('You are signed out of this tablet.')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/sign-in');
    // The next person starts their own sign-in.
    expect(session.signIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows a sign-out that did not finish, in plain words, and tries again with the same choice', async () => {
    const session = createTestAuthSession();
    session.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const app = await renderApp({ session });
    await chooseSignOut(app);
    const failed = await screen.findByRole('dialog', { name: 'Not signed out' });
    expect(failed).toHaveTextContent('Signing out did not finish on this tablet. Try again.');
    expect(failed).not.toHaveTextContent('Failed to fetch');
    await app.user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(session.signOut).toHaveBeenCalledTimes(2));
  });
});
