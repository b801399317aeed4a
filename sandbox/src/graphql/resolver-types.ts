/** Resolver maps by type and field, as graphql-yoga's createSchema takes them. */
export type Resolvers = Record<string, Record<string, unknown>>;
