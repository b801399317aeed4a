import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from './-routerContext.ts';
import { NotFoundPage } from './-components/NotFoundPage.tsx';
import { RouteErrorPage } from './-components/RouteErrorPage.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
