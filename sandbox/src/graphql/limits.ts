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

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_COST = 25_000;
/** Assumed size of a list field that takes no page size (relations such as a run's steps). */
const LIST_ESTIMATE = 10;

interface Walk {
  depth: number;
  cost: number;
}

function pageArgument(node: FieldNode, variables: Record<string, unknown>): number | undefined {
  for (const arg of node.arguments ?? []) {
    if (arg.name.value !== 'first' && arg.name.value !== 'last') continue;
    if (arg.value.kind === Kind.INT) return Number(arg.value.value);
    if (arg.value.kind === Kind.VARIABLE) {
      const v = variables[arg.value.name.value];
      if (typeof v === 'number') return v;
    }
  }
  return undefined;
}

/** How many items a field may return: page size for connections, an estimate for plain lists. */
function multiplier(node: FieldNode, type: GraphQLType, variables: Record<string, unknown>): number {
  const named = getNamedType(type);
  if (named.name.endsWith('Connection')) return pageArgument(node, variables) ?? 100;
  if (named.name.endsWith('Edge')) return 1; // the connection's page size already counts the edges
  return isListType(getNullableType(type)) ? LIST_ESTIMATE : 1;
}

function walk(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  parent: GraphQLObjectType | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  visiting: Set<string>,
): Walk {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue; // introspection is bounded by the schema itself
      const field: GraphQLField<unknown, unknown> | undefined = parent?.getFields()[selection.name.value];
      if (!selection.selectionSet) {
        cost += 1;
        depth = Math.max(depth, 1);
        continue;
      }
      const named = field ? getNamedType(field.type) : undefined;
      const child =
        named && (isObjectType(named) || isInterfaceType(named)) ? (named as GraphQLObjectType) : undefined;
      const inner = walk(context, selection.selectionSet, child, fragments, variables, visiting);
      const times = field ? multiplier(selection, field.type, variables) : 1;
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
      const inner = walk(context, set, isObjectType(type) ? type : parent, fragments, variables, next);
      cost += inner.cost;
      depth = Math.max(depth, inner.depth);
    }
  }
  return { depth, cost };
}

/**
 * Refuses operations nested deeper than MAX_QUERY_DEPTH or whose estimated result size (fields times
 * page sizes) exceeds MAX_QUERY_COST, before anything runs.
 */
export function queryLimits(variables: () => Record<string, unknown>): ValidationRule {
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
        const { depth, cost } = walk(
          context,
          node.selectionSet,
          root ?? undefined,
          fragments,
          variables(),
          new Set(),
        );
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
