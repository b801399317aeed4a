import { readFileSync } from 'node:fs';
import { GraphQLError } from 'graphql';
import { createSchema, createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import type { Principal, StorageService } from '../contracts.ts';
import type { Db } from '../db/db.ts';
import type { GraphQLContext } from './context.ts';
import { queryLimits } from './limits.ts';
import { readListBounds } from './list-bounds.ts';
import { recordResolvers } from './record-resolvers.ts';
import { DateTime, ScalarValue } from './scalars.ts';
import { uploadResolvers } from './upload-resolvers.ts';

const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

export interface GraphQLDeps {
  db: Db;
  storage: StorageService;
  config: SandboxConfig;
  clock: Clock;
}

/** Adds the depth and cost limits to validation, with the request's variables for page sizes. */
function limitsPlugin(db: Db): Plugin {
  return {
    onValidate({ addValidationRule, context }) {
      const params = (context as { params?: { variables?: Record<string, unknown> } }).params;
      addValidationRule(
        queryLimits(
          () => params?.variables ?? {},
          () => readListBounds(db),
        ),
      );
    },
  };
}

export function createGraphQLHandler(deps: GraphQLDeps) {
  const schema = createSchema<GraphQLContext>({
    typeDefs,
    resolvers: [{ DateTime, ScalarValue }, recordResolvers, uploadResolvers],
  });
  return createYoga<{ principal: Principal }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: 'error',
    plugins: [limitsPlugin(deps.db)],
    context: ({ principal }) => ({ principal, ...deps }),
    maskedErrors: {
      isDev: false,
      // Unexpected failures are logged here and reach the client as "Unexpected error." only.
      maskError: (error, message) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original && !(original instanceof GraphQLError))
          console.error('[sandbox] graphql error:', original);
        return maskError(error, message, false);
      },
    },
  });
}
