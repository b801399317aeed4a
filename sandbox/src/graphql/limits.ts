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
  type GraphQLType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  isObjectType,
  isInterfaceType,
} from 'graphql';

import { MAX_PAGE_SIZE } from '../db/connections.ts';
import type { ListBounds } from './list-bounds.ts';

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_COST = 25_000;
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
  variables: Record<string, unknown>;
  bounds: ListBounds;
  /** Page sizes outside 0..MAX_PAGE_SIZE, reported once the walk is done. */
  badPageSizes: string[];
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
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  parent: GraphQLObjectType | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  pricing: Pricing,
  visiting: Set<string>,
): Walk {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      // Introspection is bounded by the schema itself; __typename is a field like any other (aliases too).
      if (name === '__schema' || name === '__type') continue;
      const field: GraphQLField<unknown, unknown> | undefined = parent?.getFields()[name];
      if (!selection.selectionSet) {
        cost += FIELD_WEIGHTS[`${parent?.name}.${name}`] ?? 1;
        depth = Math.max(depth, 1);
        continue;
      }
      const named = field ? getNamedType(field.type) : undefined;
      const child =
        named && (isObjectType(named) || isInterfaceType(named)) ? (named as GraphQLObjectType) : undefined;
      const inner = walk(context, selection.selectionSet, child, fragments, pricing, visiting);
      const times = field && parent ? multiplier(selection, parent.name, field.type, pricing) : 1;
      cost += 1 + times * inner.cost;
      depth = Math.max(depth, 1 + inner.depth);
    } else {
      const set =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection.selectionSet
          : visiting.has(selection.name.value)
            ? undefined
            : fragments[selection.name.value]?.selectionSet;
      if (!set) continue;
      const typeName =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection.typeCondition?.name.value
          : fragments[selection.name.value]?.typeCondition.name.value;
      const type = typeName ? context.getSchema().getType(typeName) : parent;
      const next = new Set(visiting);
      if (selection.kind === Kind.FRAGMENT_SPREAD) next.add(selection.name.value);
      const inner = walk(context, set, isObjectType(type) ? type : parent, fragments, pricing, next);
      cost += inner.cost;
      depth = Math.max(depth, inner.depth);
    }
  }
  return { depth, cost };
}

/**
 * Refuses operations nested deeper than MAX_QUERY_DEPTH, with a page size outside 0..MAX_PAGE_SIZE, or
 * whose result size (every selected field and alias, times page sizes and the largest real lists)
 * exceeds MAX_QUERY_COST, before anything runs.
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
    return {
      OperationDefinition(node) {
        const schema = context.getSchema();
        const root =
          node.operation === 'mutation'
            ? schema.getMutationType()
            : node.operation === 'query'
              ? schema.getQueryType()
              : null;
        const pricing: Pricing = { variables: variables(), bounds: bounds(), badPageSizes: [] };
        const { depth, cost } = walk(
          context,
          node.selectionSet,
          root ?? undefined,
          fragments,
          pricing,
          new Set(),
        );
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
      },
    };
  };
}
