import {
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLDirective,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
} from 'graphql';

/** A value of an introspection type, as graphql's own resolvers would produce it from the schema. */
type Value =
  | { kind: '__Schema' }
  | { kind: '__Type'; type: GraphQLType }
  | { kind: '__Field'; field: GraphQLField<unknown, unknown> }
  | { kind: '__InputValue'; value: GraphQLArgument | GraphQLInputField }
  | { kind: '__Directive'; directive: GraphQLDirective }
  | { kind: '__EnumValue' };

/** Fields counted so far for the document's introspection, and where counting stops. */
export interface IntrospectionBudget {
  spent: number;
  limit: number;
}

const typeValue = (type: GraphQLType): Value => ({ kind: '__Type', type });
const inputValue = (value: GraphQLArgument | GraphQLInputField): Value => ({ kind: '__InputValue', value });

/** What field `name` of `value` holds: values to walk into, null, or undefined for a scalar. */
function fieldOf(schema: GraphQLSchema, value: Value, name: string): Value | Value[] | null | undefined {
  switch (value.kind) {
    case '__Schema':
      if (name === 'types') return Object.values(schema.getTypeMap()).map(typeValue);
      if (name === 'directives')
        return schema.getDirectives().map((directive) => ({ kind: '__Directive', directive }));
      if (name === 'queryType') return typeValue(schema.getQueryType()!);
      if (name === 'mutationType' || name === 'subscriptionType') {
        const root = name === 'mutationType' ? schema.getMutationType() : schema.getSubscriptionType();
        return root ? typeValue(root) : null;
      }
      return undefined;
    case '__Type': {
      const { type } = value;
      const withFields = isObjectType(type) || isInterfaceType(type);
      switch (name) {
        case 'fields':
          return withFields
            ? Object.values(type.getFields()).map((field) => ({ kind: '__Field', field }))
            : null;
        case 'interfaces':
          return withFields ? type.getInterfaces().map(typeValue) : null;
        case 'possibleTypes':
          return isAbstractType(type) ? schema.getPossibleTypes(type).map(typeValue) : null;
        case 'enumValues':
          return isEnumType(type) ? type.getValues().map(() => ({ kind: '__EnumValue' })) : null;
        case 'inputFields':
          return isInputObjectType(type) ? Object.values(type.getFields()).map(inputValue) : null;
        case 'ofType':
          return isListType(type) || isNonNullType(type) ? typeValue(type.ofType) : null;
        default:
          return undefined;
      }
    }
    case '__Field':
      if (name === 'args') return value.field.args.map(inputValue);
      return name === 'type' ? typeValue(value.field.type) : undefined;
    case '__InputValue':
      return name === 'type' ? typeValue(value.value.type) : undefined;
    case '__Directive':
      return name === 'args' ? value.directive.args.map(inputValue) : undefined;
    default:
      return undefined;
  }
}

function walk(
  schema: GraphQLSchema,
  set: SelectionSetNode,
  value: Value,
  fragments: Record<string, FragmentDefinitionNode>,
  budget: IntrospectionBudget,
  visiting: ReadonlySet<string>,
): number {
  let cost = 0;
  for (const selection of set.selections) {
    if (budget.spent > budget.limit) break;
    if (selection.kind === Kind.FIELD) {
      cost += 1;
      budget.spent += 1;
      const held = selection.selectionSet ? fieldOf(schema, value, selection.name.value) : undefined;
      if (!held) continue;
      for (const item of Array.isArray(held) ? held : [held]) {
        cost += walk(schema, selection.selectionSet!, item, fragments, budget, visiting);
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += walk(schema, selection.selectionSet, value, fragments, budget, visiting);
    } else {
      const fragment = fragments[selection.name.value];
      if (!fragment || visiting.has(fragment.name.value)) continue;
      const inner = new Set(visiting).add(fragment.name.value);
      cost += walk(schema, fragment.selectionSet, value, fragments, budget, inner);
    }
  }
  return cost;
}

/**
 * The exact size of what a `__schema` or `__type` field returns for this schema: every field of the answer,
 * as for any other query, counted by walking the schema itself. Counting stops once the document's
 * introspection has passed the budget's limit (so a thousand copies of a full introspection cost no more to
 * refuse than a few); the result is then past the limit too.
 */
export function introspectionCost(
  schema: GraphQLSchema,
  node: FieldNode,
  variables: Record<string, unknown>,
  fragments: Record<string, FragmentDefinitionNode>,
  budget: IntrospectionBudget,
): number {
  budget.spent += 1;
  if (!node.selectionSet) return 1;
  let root: Value | null = { kind: '__Schema' };
  if (node.name.value === '__type') {
    const arg = node.arguments?.find((a) => a.name.value === 'name')?.value;
    const name =
      arg?.kind === Kind.STRING
        ? arg.value
        : arg?.kind === Kind.VARIABLE
          ? variables[arg.name.value]
          : undefined;
    const type = typeof name === 'string' ? schema.getType(name) : undefined;
    root = type ? typeValue(type) : null;
  }
  return 1 + (root ? walk(schema, node.selectionSet, root, fragments, budget, new Set()) : 0);
}
