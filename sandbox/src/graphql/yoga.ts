import { readFileSync } from 'node:fs';
import { GraphQLError, validate } from 'graphql';
import { createSchema, createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import type { Principal, StorageService } from '../contracts.ts';
import type { Db } from '../db/db.ts';
import type { GraphQLContext } from './context.ts';
import { ionVariableErrors } from './ion-wording.ts';
import { queryLimits } from './limits.ts';
import { readListBounds } from './list-bounds.ts';
import { ionFieldResolvers } from './ion-fields.ts';
import { recordResolvers } from './record-resolvers.ts';
import { MAX_BATCH } from './request-shape.ts';
import { createResponseMeter, meterResolvers } from './response-meter.ts';
import { DateTime, ScalarValue, SlateContent } from './scalars.ts';
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

type Result = { errors?: readonly GraphQLError[] };

/** graphql-yoga's own 400 for a document whose operation it cannot pick; a GraphQL-level error in ION. */
const withoutHttpStatus = (result: Result): Result =>
  result.errors?.some((e) => e.extensions.code === 'OPERATION_RESOLUTION_FAILURE')
    ? {
        ...result,
        errors: result.errors.map((e) =>
          e.extensions.code === 'OPERATION_RESOLUTION_FAILURE'
            ? new GraphQLError(e.message, { extensions: { code: e.extensions.code } })
            : e,
        ),
      }
    : result;

/**
 * GraphQL-level errors as ION answers them: with HTTP 200 (graphql-yoga would answer 400 for those about
 * variables or the operation to run), and variable errors in graphql-core's words.
 */
const ionErrorsPlugin: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const errors = ionVariableErrors(
      args.schema,
      args.document,
      args.operationName,
      (args.variableValues as Record<string, unknown> | undefined) ?? {},
    );
    if (errors.length > 0) setResultAndStopExecution({ errors });
  },
  onResultProcess({ result, setResult }) {
    if (Array.isArray(result)) setResult(result.map(withoutHttpStatus) as typeof result);
    else if (!(Symbol.asyncIterator in result)) setResult(withoutHttpStatus(result) as typeof result);
  },
};

export function createGraphQLHandler(deps: GraphQLDeps) {
  const schema = createSchema<GraphQLContext>({
    typeDefs,
    resolvers: [{ DateTime, ScalarValue, SlateContent }, recordResolvers, ionFieldResolvers, uploadResolvers],
  });
  meterResolvers(schema, (context) => (context as GraphQLContext).meter);
  return createYoga<{ principal: Principal; origin?: string }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: 'error',
    // Batched arrays are shaped and counted in request-shape.ts; the same limit here.
    batching: { limit: MAX_BATCH },
    plugins: [limitsPlugin(deps.db), ionErrorsPlugin, responseMeterPlugin()],
    context: ({ principal, origin }) => ({
      principal,
      origin: origin ?? deps.config.publicUrl,
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
