import { UiProviders } from '../app/AppProviders.tsx';
import { Button, Modal } from '@mantine/core';

import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDialogFocus } from './dialogFocus.ts';

function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children?: React.ReactNode;
}) {
  const focus = useDialogFocus();
  return (
    <Modal opened onClose={onClose} fullScreen title={title}>
      <div ref={focus}>
        <Button onClick={onClose}>Close {title}</Button>
        {children}
      </div>
    </Modal>
  );
}

function Page() {
  const [camera, setCamera] = useState(false);
  const [editor, setEditor] = useState(false);
  return (
    <>
      <Button onClick={() => setCamera(true)}>Take photo</Button>
      <Button>Delete attachment</Button>
      {camera && (
        <Dialog title="Camera" onClose={() => setCamera(false)}>
          <Button onClick={() => setEditor(true)}>Mark up</Button>
          {editor && <Dialog title="Editor" onClose={() => setEditor(false)} />}
        </Dialog>
      )}
    </>
  );
}

const dialogRoot = (name: string) => screen.getByRole('dialog', { name }).closest('[data-portal] > *')!;

describe('full-screen dialog focus', () => {
  it('keeps the page (and dialogs underneath) out of reach while open, and gives focus back where it was', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <UiProviders>
        <Page />
      </UiProviders>,
    );
    const takePhoto = screen.getByRole('button', { name: 'Take photo' });
    await user.click(takePhoto);
    await screen.findByRole('dialog', { name: 'Camera' });
    expect(container).toHaveAttribute('inert');

    // Focus dropped to the page's body (a control that vanished): Tab goes into the dialog in front.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(dialogRoot('Camera')).toContainElement(document.activeElement as HTMLElement);

    const markUp = screen.getByRole('button', { name: 'Mark up' });
    await user.click(markUp);
    await screen.findByRole('dialog', { name: 'Editor' });
    expect(dialogRoot('Camera')).toHaveAttribute('inert');
    expect(dialogRoot('Editor')).not.toHaveAttribute('inert');

    await user.click(screen.getByRole('button', { name: 'Close Editor' }));
    expect(dialogRoot('Camera')).not.toHaveAttribute('inert');
    expect(markUp).toHaveFocus();
    expect(container).toHaveAttribute('inert');

    await user.click(screen.getByRole('button', { name: 'Close Camera' }));
    expect(container).not.toHaveAttribute('inert');
    expect(takePhoto).toHaveFocus();
  });
});
