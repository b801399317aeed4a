import { render, screen } from '@testing-library/react';
import { Drawer, Modal } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { UiProviders } from './AppProviders.tsx';

describe('the UI providers', () => {
  it("name the × of every dialog and panel in the app's language", async () => {
    render(
      <UiProviders>
        <Modal opened onClose={() => undefined} title="A dialog">
          …
        </Modal>
        <Drawer opened onClose={() => undefined} title="A panel">
          …
        </Drawer>
      </UiProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close panel' })).toBeInTheDocument();
  });
});
