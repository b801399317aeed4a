import { ApolloClient } from '@apollo/client';
import { createCache } from './cache';
import { createLink, type LinkDependencies } from './links';

export function createApolloClient(deps: LinkDependencies): ApolloClient {
  return new ApolloClient({ link: createLink(deps), cache: createCache() });
}
