import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from './-routerContext';
import { NotFoundPage } from '../components/app-shell/NotFoundPage';
import { RouteErrorPage } from '../components/app-shell/RouteErrorPage';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
