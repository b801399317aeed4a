import {
  coerceInputValue,
  getOperationAST,
  GraphQLError,
  isInputType,
  isNonNullType,
  print,
  typeFromAST,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';

/**
 * Variable errors in the words of ION's server, which is Python (graphene on graphql-core 3): the
 * sentences of graphql-js, with names in single quotes and the offending value printed as Python
 * prints it, e.g.
 *   Variable '$input' got invalid value {'entityId': 102, 'filename': 'a.pdf'}; Field 's3Key' of
 *   required type 'String!' was not provided.
 * graphql-core's own steps (graphql/execution/values.py), so that a client that matches on them works.
 */

// How deep, how long a list and how long a string graphql-core's inspect() prints before eliding.
const MAX_DEPTH = 2;
const MAX_LIST = 10;
const MAX_STRING = 240;
const ELLIPSIS = Symbol('ellipsis');

function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

function truncated(text: string): string {
  if (text.length <= MAX_STRING) return text;
  const head = Math.floor((MAX_STRING - 3) / 2);
  return `${text.slice(0, head)}...${text.slice(text.length - (MAX_STRING - 3 - head))}`;
}

/** graphql-core's inspect() of a value decoded from JSON. */
export function pythonInspect(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return truncated(String(value));
  if (typeof value === 'string') return truncated(pythonString(value));
  const isList = Array.isArray(value);
  const entries = isList ? (value as unknown[]) : Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return isList ? '[]' : '{}';
  if (depth >= MAX_DEPTH) return isList ? '[...]' : '{...}';
  const shown: unknown[] =
    entries.length > MAX_LIST
      ? [...entries.slice(0, MAX_LIST / 2), ELLIPSIS, ...entries.slice(entries.length - (MAX_LIST / 2 - 1))]
      : entries;
  const parts = shown.map((entry) => {
    if (entry === ELLIPSIS) return '...';
    if (isList) return pythonInspect(entry, depth + 1);
    const [key, item] = entry as [string, unknown];
    return `${pythonInspect(key, depth + 1)}: ${pythonInspect(item, depth + 1)}`;
  });
  return isList ? `[${parts.join(', ')}]` : `{${parts.join(', ')}}`;
}

const singleQuoted = (text: string) => text.replace(/"([^"]*)"/g, "'$1'");
const printPath = (path: readonly (string | number)[]) =>
  path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');

/**
 * The errors ION would answer for the operation's variables (empty when they are fine), so that they
 * are reported before graphql-js's executor reports its own wording.
 */
export function ionVariableErrors(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  inputs: Record<string, unknown>,
): GraphQLError[] {
  const operation = getOperationAST(document, operationName);
  const errors: GraphQLError[] = [];
  for (const definition of operation?.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type);
    const fail = (message: string) => errors.push(new GraphQLError(message, { nodes: definition }));
    if (!type || !isInputType(type)) {
      fail(
        `Variable '$${name}' expected value of type '${print(definition.type)}' which cannot be used as an input type.`,
      );
      continue;
    }
    if (!Object.hasOwn(inputs, name)) {
      if (!definition.defaultValue && isNonNullType(type)) {
        fail(`Variable '$${name}' of required type '${String(type)}' was not provided.`);
      }
      continue;
    }
    const value = inputs[name];
    if (value === null && isNonNullType(type)) {
      fail(`Variable '$${name}' of non-null type '${String(type)}' must not be null.`);
      continue;
    }
    coerceInputValue(value, type, (path, invalid, error) => {
      const at = path.length > 0 ? ` at '${name}${printPath(path)}'` : '';
      fail(
        `Variable '$${name}' got invalid value ${pythonInspect(invalid)}${at}; ${singleQuoted(error.message)}`,
      );
    });
  }
  return errors;
}
