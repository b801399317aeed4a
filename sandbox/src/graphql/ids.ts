import { GraphQLError } from 'graphql';

/** An `ID!` argument as the integer the tables use; anything else is the caller's error, never a 5xx. */
export function parseId(value: unknown, argument = 'id'): number {
  const text = String(value ?? '').trim();
  if (!/^\d{1,15}$/.test(text)) {
    throw new GraphQLError(`${argument} must be a positive integer id, got "${text.slice(0, 40)}"`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return Number(text);
}
