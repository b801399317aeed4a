import { readFileSync } from 'node:fs';
import { GraphQLError, validate } from 'graphql';
import { createSchema, createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import type { Principal, StorageService } from '../contracts.ts';
import type { Db } from '../db/db.ts';
import type { GraphQLContext } from './context.ts';
import { queryLimits } from './limits.ts';
import { readListBounds } from './list-bounds.ts';
import { recordResolvers } from './record-resolvers.ts';
import { createResponseMeter, meterResolvers } from './response-meter.ts';
import { DateTime, ScalarValue } from './scalars.ts';
import { uploadResolvers } from './upload-resolvers.ts';

const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

export interface GraphQLDeps {
  db: Db;
  storage: StorageService;
  config: SandboxConfig;
  clock: Clock;
}

/**
 * Checks the depth, alias and cost limits, with the request's variables for page sizes, before graphql's own
 * validation: a document they refuse (thousands of aliases, copies of the whole schema) is refused without
 * the heavier work of the other rules.
 */
function limitsPlugin(db: Db): Plugin {
  return {
    onValidate({ context, params: { schema, documentAST }, setResult }) {
      const params = (context as { params?: { variables?: Record<string, unknown> } }).params;
      const rule = queryLimits(
        () => params?.variables ?? {},
        () => readListBounds(db),
      );
      const refused = validate(schema, documentAST, [rule]);
      if (refused.length > 0) setResult(refused);
    },
  };
}

/** Runs each execution under its request's response meter, which aborts it past the size cap. */
function responseMeterPlugin(): Plugin {
  return {
    onExecute({ args }) {
      const { meter } = args.contextValue as unknown as GraphQLContext;
      // graphql-yoga's executor stops between fields once this signal is aborted.
      (args as { signal?: AbortSignal }).signal = meter.signal;
    },
  };
}

export function createGraphQLHandler(deps: GraphQLDeps) {
  const schema = createSchema<GraphQLContext>({
    typeDefs,
    resolvers: [{ DateTime, ScalarValue }, recordResolvers, uploadResolvers],
  });
  meterResolvers(schema, (context) => (context as GraphQLContext).meter);
  return createYoga<{ principal: Principal }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: 'error',
    plugins: [limitsPlugin(deps.db), responseMeterPlugin()],
    context: ({ principal }) => ({
      principal,
      ...deps,
      meter: createResponseMeter(deps.config.maxResponseBytes),
    }),
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
