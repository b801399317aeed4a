import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from './-routerContext';
import { NotFoundPage } from './-components/NotFoundPage';
import { RouteErrorPage } from './-components/RouteErrorPage';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
