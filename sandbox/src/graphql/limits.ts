import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isListType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
  type ValidationRule,
  isObjectType,
  isInterfaceType,
} from 'graphql';

import { MAX_PAGE_SIZE } from '../db/connections.ts';
import { introspectionCost, type IntrospectionBudget } from './introspection-cost.ts';
import type { ListBounds } from './list-bounds.ts';

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_COST = 25_000;
/** Aliases per operation, as graphql-armor's max-aliases: thousands of copies of one field are an attack. */
export const MAX_ALIASES = 100;
/**
 * Fields whose value costs far more than a column read: each download URL is an HMAC signature chain.
 * Priced so that a record's attachment list with URLs passes and thousands of URLs in one query do not.
 */
const FIELD_WEIGHTS: Record<string, number> = { 'FileAttachment.downloadUrl': 10, 'FileAttachment.url': 10 };

interface Walk {
  depth: number;
  cost: number;
}

interface Pricing {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  bounds: ListBounds;
  /** Page sizes outside 0..MAX_PAGE_SIZE, reported once the walk is done. */
  badPageSizes: string[];
  /** Shared by the document's introspection fields. */
  introspection: IntrospectionBudget;
  /** A fragment's walk by `name@type`: spread a thousand times, it is still walked once. */
  fragmentWalks: Map<string, Walk>;
}

/** The page size asked for; one outside 0..MAX_PAGE_SIZE counts as the maximum and is reported. */
function pageArgument(node: FieldNode, pricing: Pricing): number {
  let size = MAX_PAGE_SIZE;
  for (const arg of node.arguments ?? []) {
    if (arg.name.value !== 'first' && arg.name.value !== 'last') continue;
    let value: unknown;
    if (arg.value.kind === Kind.INT) value = Number(arg.value.value);
    else if (arg.value.kind === Kind.VARIABLE) value = pricing.variables[arg.value.name.value];
    if (typeof value !== 'number') continue;
    if (!Number.isInteger(value) || value < 0 || value > MAX_PAGE_SIZE) {
      pricing.badPageSizes.push(
        `${arg.name.value} must be between 0 and ${MAX_PAGE_SIZE} (got ${value}); page with after/before`,
      );
      continue;
    }
    size = value;
  }
  return size;
}

/** How many items a field may return: page size for connections, the largest real list otherwise. */
function multiplier(node: FieldNode, parent: string, type: GraphQLType, pricing: Pricing): number {
  const named = getNamedType(type);
  if (named.name.endsWith('Connection')) return pageArgument(node, pricing);
  if (named.name.endsWith('Edge')) return 1; // the connection's page size already counts the edges
  if (!isListType(getNullableType(type))) return 1;
  return Math.max(1, pricing.bounds(`${parent}.${node.name.value}`));
}

function walk(
  selectionSet: SelectionSetNode,
  parent: GraphQLObjectType | undefined,
  pricing: Pricing,
  visiting: ReadonlySet<string>,
): Walk {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      // Introspection is counted exactly from the schema; its depth is the schema's, not the caller's.
      if (name === '__schema' || name === '__type') {
        const { schema, variables, fragments, introspection } = pricing;
        cost += introspectionCost(schema, selection, variables, fragments, introspection);
        depth = Math.max(depth, 1);
        continue;
      }
      const field: GraphQLField<unknown, unknown> | undefined = parent?.getFields()[name];
      if (!selection.selectionSet) {
        cost += FIELD_WEIGHTS[`${parent?.name}.${name}`] ?? 1;
        depth = Math.max(depth, 1);
        continue;
      }
      const named = field ? getNamedType(field.type) : undefined;
      const child =
        named && (isObjectType(named) || isInterfaceType(named)) ? (named as GraphQLObjectType) : undefined;
      const inner = walk(selection.selectionSet, child, pricing, visiting);
      const times = field && parent ? multiplier(selection, parent.name, field.type, pricing) : 1;
      cost += 1 + times * inner.cost;
      depth = Math.max(depth, 1 + inner.depth);
    } else {
      const inner =
        selection.kind === Kind.INLINE_FRAGMENT
          ? walk(
              selection.selectionSet,
              typed(selection.typeCondition?.name.value, parent, pricing),
              pricing,
              visiting,
            )
          : spreadWalk(selection.name.value, parent, pricing, visiting);
      cost += inner.cost;
      depth = Math.max(depth, inner.depth);
    }
  }
  return { depth, cost };
}

/** The type a fragment applies to, or the parent's when it names none (or none of the schema's objects). */
function typed(
  typeName: string | undefined,
  parent: GraphQLObjectType | undefined,
  pricing: Pricing,
): GraphQLObjectType | undefined {
  const type = typeName ? pricing.schema.getType(typeName) : parent;
  return isObjectType(type) ? type : parent;
}

function spreadWalk(
  name: string,
  parent: GraphQLObjectType | undefined,
  pricing: Pricing,
  visiting: ReadonlySet<string>,
): Walk {
  const fragment = pricing.fragments[name];
  if (!fragment || visiting.has(name)) return { depth: 0, cost: 0 };
  const type = typed(fragment.typeCondition.name.value, parent, pricing);
  const key = `${name}@${type?.name ?? ''}`;
  let result = pricing.fragmentWalks.get(key);
  if (!result) {
    result = walk(fragment.selectionSet, type, pricing, new Set(visiting).add(name));
    pricing.fragmentWalks.set(key, result);
  }
  return result;
}

/** Aliases in a selection, fragments counted wherever they are spread (each fragment counted once). */
function aliasCount(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  counted: Map<string, number>,
): number {
  let aliases = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) aliases += 1;
      if (selection.selectionSet) aliases += aliasCount(selection.selectionSet, fragments, counted);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      aliases += aliasCount(selection.selectionSet, fragments, counted);
    } else {
      const name = selection.name.value;
      if (!counted.has(name)) {
        counted.set(name, 0); // a cycle counts nothing (and is reported by graphql's own rules)
        const fragment = fragments[name];
        counted.set(name, fragment ? aliasCount(fragment.selectionSet, fragments, counted) : 0);
      }
      aliases += counted.get(name)!;
    }
  }
  return aliases;
}

/**
 * Refuses operations nested deeper than MAX_QUERY_DEPTH, with a page size outside 0..MAX_PAGE_SIZE, with
 * more than MAX_ALIASES aliases, or whose result size (every selected field and alias, times page sizes and
 * the largest real lists; introspection exactly) exceeds MAX_QUERY_COST, before anything runs.
 */
export function queryLimits(
  variables: () => Record<string, unknown>,
  bounds: () => ListBounds,
): ValidationRule {
  return (context) => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
    }
    // One budget for the document: a thousand operations that each introspect are counted together.
    const introspection = { spent: 0, limit: MAX_QUERY_COST };
    return {
      OperationDefinition(node) {
        const schema = context.getSchema();
        const root =
          node.operation === 'mutation'
            ? schema.getMutationType()
            : node.operation === 'query'
              ? schema.getQueryType()
              : null;
        const pricing: Pricing = {
          schema,
          fragments,
          variables: variables(),
          bounds: bounds(),
          badPageSizes: [],
          introspection,
          fragmentWalks: new Map(),
        };
        const { depth, cost } = walk(node.selectionSet, root ?? undefined, pricing, new Set());
        const aliases = aliasCount(node.selectionSet, fragments, new Map());
        for (const message of new Set(pricing.badPageSizes)) {
          context.reportError(
            new GraphQLError(message, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }),
          );
        }
        if (depth > MAX_QUERY_DEPTH) {
          context.reportError(
            new GraphQLError(`Query is too deep: depth ${depth} exceeds the limit of ${MAX_QUERY_DEPTH}`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          );
        }
        if (cost > MAX_QUERY_COST) {
          context.reportError(
            new GraphQLError(
              `Query is too complex: estimated cost ${cost} exceeds the limit of ${MAX_QUERY_COST}; ask for fewer items or fields`,
              { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX' } },
            ),
          );
        }
        if (aliases > MAX_ALIASES) {
          context.reportError(
            new GraphQLError(
              `Too many aliases: the operation has ${aliases}, the limit is ${MAX_ALIASES}; ask for each field once, or send several requests`,
              { nodes: [node], extensions: { code: 'TOO_MANY_ALIASES' } },
            ),
          );
        }
      },
    };
  };
}
