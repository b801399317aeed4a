import type { ReactNode } from 'react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';

interface Page {
  component: () => ReactNode;
  /** Held until it settles, as a record page's loader on a slow network. */
  loader?: () => Promise<void>;
}

/**
 * A real TanStack router over memory history, starting at /: `shell` is the root (it renders an
 * <Outlet />), `pages` the routes under it by path. For hooks that act on navigation.
 */
export function renderMemoryRouter(
  shell: () => ReactNode,
  pages: Record<string, Page>,
  options: { defaultPendingMs?: number } = {},
) {
  const root = createRootRoute({ component: shell });
  const router = createRouter({
    routeTree: root.addChildren(
      Object.entries(pages).map(([path, page]) => createRoute({ getParentRoute: () => root, path, ...page })),
    ),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    ...options,
  });
  render(<RouterProvider router={router} />);
  return router;
}
