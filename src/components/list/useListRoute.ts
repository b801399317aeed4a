import type { ListBrowserProps } from './useListBrowser.ts';

/** What a list page needs of its route: the URL's search, and a way to go to another. */
export interface ListRouteApi<S> {
  useSearch(): S;
  useNavigate(): (options: { search: NoInfer<S>; replace: boolean }) => Promise<void>;
}

/**
 * A list route's URL state as its browser takes it (spread into it): the search the route checked,
 * and moves to another, replacing the history entry while typing so Back skips keystrokes.
 */
export function useListRoute<S>(route: ListRouteApi<S>): ListBrowserProps<S> {
  const navigate = route.useNavigate();
  return {
    search: route.useSearch(),
    onNavigate: (search, replace) => void navigate({ search, replace }),
  };
}
