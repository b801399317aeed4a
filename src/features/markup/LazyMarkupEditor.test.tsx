import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../../test/renderApp.tsx';

// The editor itself is not under test here.
vi.mock('./MarkupEditor.tsx', () => ({
  default: ({ filename }: { filename: string }) => <p>editing {filename}</p>,
}));

// Test files share a module graph (vitest.config.ts: isolate false): another file may have loaded the
// real editor into editorCode.ts's cache already. This file takes fresh copies of the loader and what
// renders it, so the stand-in above is what they load, and leaves none of them to the next file.
beforeAll(() => vi.resetModules());
afterAll(() => vi.resetModules());

async function freshModules() {
  const [{ UiProviders }, { ConfigProvider }, { loadEditor }, { LazyMarkupEditor }] = await Promise.all([
    import('../../app/AppProviders.tsx'),
    import('../../config/ConfigContext.tsx'),
    import('./editorCode.ts'),
    import('./LazyMarkupEditor.tsx'),
  ]);
  /** The app's UI and the test configuration around what is rendered. */
  function Providers({ children }: { children: ReactNode }) {
    return (
      <UiProviders>
        <ConfigProvider config={TEST_CONFIG}>{children}</ConfigProvider>
      </UiProviders>
    );
  }
  return { Providers, loadEditor, LazyMarkupEditor };
}

describe('the mark-up editor', () => {
  it('is rendered in the first frame, without a loading step, once its code is there', async () => {
    const { Providers, loadEditor, LazyMarkupEditor } = await freshModules();
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
