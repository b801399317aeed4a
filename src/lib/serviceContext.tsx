import { createContext, useContext, type Provider } from 'react';

export interface ServiceContext<T> {
  Provider: Provider<T | null>;
  /** The service; throws outside its provider, so a missing provider is loud. */
  useRequired: () => T;
  /** The service, or null where it was not given (a component test rendering without it). */
  useOptional: () => T | null;
}

/**
 * The one way a service built at start (the session, the upload queue, the configuration, the kept
 * records …) reaches the views: a React context holding it, and the hooks that read it.
 */
export function serviceContext<T>(name: string): ServiceContext<T> {
  const Context = createContext<T | null>(null);
  Context.displayName = name;
  return {
    Provider: Context.Provider,
    useRequired() {
      const service = useContext(Context);
      if (service === null) throw new Error(`${name} is read outside its provider.`);
      return service;
    },
    useOptional: () => useContext(Context),
  };
}
