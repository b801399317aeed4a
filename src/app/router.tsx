import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { RouterContext } from '../pages/-routerContext.ts';
import { RECORD_ROUTES, type RecordKind } from '../records/recordKinds.ts';
import { routeTree, type FileRoutesByTo } from '../routeTree.gen.ts';

// Every record kind has its page: the compiler rejects a kind whose route file is missing.
RECORD_ROUTES satisfies Record<RecordKind, keyof FileRoutesByTo>;

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
