import { UiProviders } from '../../app/AppProviders';

import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from '../../config/ConfigContext.tsx';
import { TEST_CONFIG } from '../../test/renderApp.tsx';
import { loadEditor } from './editorCode.ts';
import { LazyMarkupEditor } from './LazyMarkupEditor.tsx';

// The editor itself is not under test here.
vi.mock('./MarkupEditor.tsx', () => ({
  default: ({ filename }: { filename: string }) => <p>editing {filename}</p>,
}));

/** The app's UI and the test configuration around what is rendered. */
function Providers({ children }: { children: ReactNode }) {
  return (
    <UiProviders>
      <ConfigProvider config={TEST_CONFIG}>{children}</ConfigProvider>
    </UiProviders>
  );
}

describe('the mark-up editor', () => {
  it('is rendered in the first frame, without a loading step, once its code is there', async () => {
    await loadEditor();
    render(
      <LazyMarkupEditor image={new Blob(['x'])} filename="weld.jpg" onSave={vi.fn()} onCancel={vi.fn()} />,
      { wrapper: Providers },
    );
    // No wait: the loaded editor does not suspend.
    expect(screen.getByText('editing weld.jpg')).toBeInTheDocument();
    expect(screen.queryByText('Opening the editor…')).not.toBeInTheDocument();
  });
});
