import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

function parseDateTime(value: unknown): string {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(time))
    throw new GraphQLError(`DateTime must be an ISO 8601 string, got ${JSON.stringify(value)}`);
  return new Date(time).toISOString();
}

export const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: (value) => (typeof value === 'string' ? value : parseDateTime(value)),
  parseValue: parseDateTime,
  parseLiteral: (ast: ValueNode) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

function literal(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.LIST:
      return ast.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      return null;
  }
}

/** A run step field's recorded value: text, number, boolean or list, as stored (JSON). */
export const ScalarValue = new GraphQLScalarType({
  name: 'ScalarValue',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

/** A step's rich content (Slate editor nodes), passed through as JSON. */
export const SlateContent = new GraphQLScalarType({
  name: 'SlateContent',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});
