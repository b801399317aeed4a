import { Outlet } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useDiscardQuestion } from './useDiscardQuestion.ts';
import { renderMemoryRouter } from '../../test/memoryRouter.tsx';

function Editor({ hasMarks, onDiscard }: { hasMarks: boolean; onDiscard(): void }) {
  const question = useDiscardQuestion({ hasMarks, marksKept: false, onDiscard });
  return question.asking ? (
    <>
      <p>Discard your marks?</p>
      <button onClick={question.keep}>Keep marking up</button>
      <button onClick={question.discard}>Discard marks</button>
    </>
  ) : (
    <button onClick={question.cancel}>Cancel</button>
  );
}

/** A page at / with the editor open over it, and another page to leave for. */
async function renderEditor(hasMarks: boolean) {
  const onDiscard = vi.fn();
  const router = renderMemoryRouter(
    () => (
      <>
        <Outlet />
        <Editor hasMarks={hasMarks} onDiscard={onDiscard} />
      </>
    ),
    {
      '/': { component: () => <p>Part 1</p> },
      '/run-steps/1': { component: () => <p>Run step 1</p> },
    },
  );
  await screen.findByText('Part 1');
  // A scan, a link or the shortcut: each navigates through the router's history.
  const leave = () => act(() => router.history.push('/run-steps/1'));
  return { router, onDiscard, leave };
}

describe('leaving the mark-up editor', () => {
  it('with marks, holds any navigation until the technician answers', async () => {
    const user = userEvent.setup();
    const { router, onDiscard, leave } = await renderEditor(true);

    void leave();
    expect(await screen.findByText('Discard your marks?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Keep marking up' }));
    expect(screen.queryByText('Discard your marks?')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(onDiscard).not.toHaveBeenCalled();

    void leave();
    await user.click(await screen.findByRole('button', { name: 'Discard marks' }));
    expect(await screen.findByText('Run step 1')).toBeInTheDocument();
    expect(onDiscard).toHaveBeenCalledOnce();
  });

  it('with no marks, lets the navigation go and closes the editor', async () => {
    const { onDiscard, leave } = await renderEditor(false);
    void leave();
    expect(await screen.findByText('Run step 1')).toBeInTheDocument();
    expect(onDiscard).toHaveBeenCalledOnce();
    expect(screen.queryByText('Discard your marks?')).not.toBeInTheDocument();
  });

  it('asks on Cancel only when there are marks', async () => {
    const user = userEvent.setup();
    await renderEditor(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Discard your marks?')).toBeInTheDocument();
  });
});
