import { defaultFieldResolver, GraphQLError, isObjectType, type GraphQLSchema } from 'graphql';
import { MAX_PAGE_SIZE } from '../db/connections.ts';

/** The error a response over the size cap is replaced with, however far it was built. */
export function responseTooLarge(limit: number): GraphQLError {
  return new GraphQLError(
    `The response would be larger than ${limit} bytes; page with first/after (at most ${MAX_PAGE_SIZE} items a page) or ask for fewer fields`,
    { extensions: { code: 'RESPONSE_TOO_LARGE' } },
  );
}

/**
 * Adds up, as resolvers return, at least how many bytes the JSON response will take, and aborts the
 * execution (its signal) once that passes the cap: a response that cannot be sent stops being built.
 * Counts no more than the JSON will hold (names, quotes and values, not punctuation), so it never stops one
 * that would fit.
 */
export function createResponseMeter(limit: number) {
  const controller = new AbortController();
  let bytes = 0;
  const size = (value: unknown): number => {
    if (typeof value === 'string') return value.length + 2;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
    if (Array.isArray(value)) return 2 + value.reduce((sum: number, item) => sum + size(item), 0);
    return value === null || value === undefined ? 4 : 2; // an object's fields are counted as they resolve
  };
  return {
    signal: controller.signal,
    add(name: string, value: unknown): void {
      bytes += name.length + 3 + size(value);
      if (bytes > limit && !controller.signal.aborted) controller.abort(responseTooLarge(limit));
    },
  };
}

export type ResponseMeter = ReturnType<typeof createResponseMeter>;

/** Every field of the schema's own types reports its value to the request's meter (introspection is priced exactly instead). */
export function meterResolvers(schema: GraphQLSchema, meterOf: (context: unknown) => ResponseMeter): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const meter = meterOf(context);
        const value: unknown = resolve(source, args, context, info);
        if (value instanceof Promise) {
          return value.then((resolved: unknown) => {
            meter.add(info.fieldName, resolved);
            return resolved;
          });
        }
        meter.add(info.fieldName, value);
        return value;
      };
    }
  }
}
