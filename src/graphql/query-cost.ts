// Refuses, before anything is planned or run, a staff query that could return too much: page
// arguments out of range and nesting deeper than GRAPHQL_MAX_DEPTH (validation rules, cached by
// grafserv per query text), and a cost over GRAPHQL_MAX_COST (Grafast's execute middleware,
// because the pages a query asks for are often variables, which validation never sees). A query
// with 1,000 aliases or three nested default pages would otherwise hold millions of rows in a
// 128 MB heap.
import type {
  ArgumentNode,
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLError as GraphQLErrorType,
  GraphQLField,
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionNode,
  ValidationContext,
  ValidationRule,
} from 'postgraphile/graphql';
import { type GraphqlLimits, pageRangeMessage } from './limits';
import { graphql, GraphQLError } from './postgraphile';

const { Kind, getNamedType, getNullableType, getOperationAST, isCompositeType, isInterfaceType, isListType, isObjectType } = graphql;

const PAGE_ARGUMENTS = ['first', 'last', 'offset'];

/**
 * `__schema` or `__type` counts as this many objects: the whole introspection of this schema is
 * about 3,000 objects (550 kB), and graphql-js' own MaxIntrospectionDepthRule bounds its nesting.
 */
const INTROSPECTION_COST = 1000;

/**
 * Each connection (and groupedAggregates) in the document costs this much on top of its
 * objects, once, however many parents it has: planning is per field of the document and grew
 * faster than linearly (100 aliased connections took 0.7 s to plan, 400 took 3.9 s, 900 took
 * 10.5 s), while their rows are counted as objects already.
 */
const CONNECTION_COST = 100;

/** `first`/`last`/`offset` written as literals outside their range. */
export function pageArgumentsRule(limits: GraphqlLimits): ValidationRule {
  return (context: ValidationContext) => ({
    Field(node: FieldNode) {
      const def = context.getFieldDef();
      if (!def) return;
      for (const arg of node.arguments ?? []) {
        const name = arg.name.value;
        // Variables are checked when the query runs; a wrong type is graphql-js' own error.
        if (!PAGE_ARGUMENTS.includes(name) || arg.value.kind !== Kind.INT || !def.args.some((a) => a.name === name)) continue;
        const n = Number(arg.value.value);
        if (n < 0 || (name !== 'offset' && n > limits.maxPage)) {
          context.reportError(new GraphQLError(pageRangeMessage(name, limits), { nodes: arg }));
        }
      }
    },
  });
}

interface Measure {
  /** Objects returned, at most, per object of the parent. */
  objects: number;
  /** Connections (and groupedAggregates) in the document, each counted once. */
  connections: number;
  /** The deepest field level reached (root fields are level 1). */
  depth: number;
}

interface Document {
  schema: GraphQLSchema;
  fragment(name: string): FragmentDefinitionNode | undefined;
  /** A variable's value, or undefined where it is not known (validation) or not given. */
  variable(name: string): unknown;
}

function hasPageArguments(def: GraphQLField<unknown, unknown>): boolean {
  return def.args.some((a) => a.name === 'first' || a.name === 'last');
}

/** The page a connection field returns at most: as page-limits.ts will apply it. */
function pageOf(node: FieldNode, doc: Document, limits: GraphqlLimits): number {
  const pages = (node.arguments ?? [])
    .filter((a: ArgumentNode) => a.name.value === 'first' || a.name.value === 'last')
    .map((a) =>
      a.value.kind === Kind.INT ? Number(a.value.value) : a.value.kind === Kind.VARIABLE ? doc.variable(a.value.name.value) : null,
    )
    .filter((page) => page !== null && page !== undefined)
    // A value that is no page (a wrong type) fails before it runs; out of range, when it runs.
    .map((page) => (Number.isSafeInteger(page) ? Math.min(Math.max(page as number, 0), limits.maxPage) : limits.maxPage));
  return pages.length === 0 ? limits.defaultPage : Math.max(...pages);
}

/**
 * The most objects an operation can return: a field of object type is one per parent, a
 * connection's `nodes`/`edges` its page, any other list of objects (`groupedAggregates`) the
 * largest page; children multiply, fields and aliases add. Also its connections and depth.
 */
function measure(doc: Document, operation: OperationDefinitionNode, limits: GraphqlLimits): Measure {
  // Fragments are measured once per (name, inherited page, level), so reuse stays linear.
  const memo = new Map<string, Measure>();
  const visiting = new Set<string>();

  function selections(nodes: readonly SelectionNode[], type: GraphQLNamedType, page: number | null, level: number): Measure {
    // Deeper than the limit is an error anyway: stop there (and keep the recursion bounded).
    if (level > limits.maxDepth) return { objects: 0, connections: 0, depth: level };
    const total: Measure = { objects: 0, connections: 0, depth: level - 1 };
    for (const node of nodes) {
      let m: Measure | null;
      if (node.kind === Kind.FIELD) m = field(node, type, page, level);
      else if (node.kind === Kind.INLINE_FRAGMENT) {
        const on = node.typeCondition ? doc.schema.getType(node.typeCondition.name.value) : type;
        m = selections(node.selectionSet.selections, on ?? type, page, level);
      } else m = spread(node.name.value, page, level);
      if (m === null) continue;
      total.objects += m.objects;
      total.connections += m.connections;
      total.depth = Math.max(total.depth, m.depth);
    }
    return total;
  }

  function spread(name: string, page: number | null, level: number): Measure | null {
    const fragment = doc.fragment(name);
    // Unknown fragments and cycles are graphql-js' own errors.
    if (!fragment || visiting.has(name)) return null;
    const key = `${name}:${page}:${level}`;
    let m = memo.get(key);
    if (m === undefined) {
      const on = doc.schema.getType(fragment.typeCondition.name.value);
      if (!on) return null;
      visiting.add(name);
      m = selections(fragment.selectionSet.selections, on, page, level);
      visiting.delete(name);
      memo.set(key, m);
    }
    return m;
  }

  function field(node: FieldNode, parent: GraphQLNamedType, page: number | null, level: number): Measure | null {
    const name = node.name.value;
    if (name.startsWith('__')) return { objects: name === '__typename' ? 0 : INTROSPECTION_COST, connections: 0, depth: level };
    if (!isObjectType(parent) && !isInterfaceType(parent)) return null;
    const def = parent.getFields()[name];
    if (!def) return null;
    const type = getNamedType(def.type);
    if (!node.selectionSet || !isCompositeType(type)) return { objects: 0, connections: 0, depth: level };
    const own = hasPageArguments(def) ? pageOf(node, doc, limits) : null;
    const isList = isListType(getNullableType(def.type));
    const connectionList = name === 'nodes' || name === 'edges';
    const count = isList ? (own ?? (connectionList && page !== null ? page : limits.maxPage)) : 1;
    const children = selections(node.selectionSet.selections, type, own, level + 1);
    return {
      // 0 pages of children are none, whatever the children (and 0 * Infinity is not a number).
      objects: count === 0 ? 0 : count * (1 + children.objects),
      connections: children.connections + (own !== null || (isList && !connectionList) ? 1 : 0),
      depth: children.depth,
    };
  }

  const root = doc.schema.getRootType(operation.operation);
  return root ? selections(operation.selectionSet.selections, root, null, 1) : { objects: 0, connections: 0, depth: 0 };
}

/** Nesting deeper than the limit, whatever the pages. */
export function depthRule(limits: GraphqlLimits): ValidationRule {
  return (context: ValidationContext) => {
    const doc: Document = {
      schema: context.getSchema(),
      fragment: (name) => context.getFragment(name) ?? undefined,
      variable: () => undefined,
    };
    return {
      OperationDefinition(node) {
        if (measure(doc, node, limits).depth <= limits.maxDepth) return;
        context.reportError(
          new GraphQLError(`The query nests fields more than ${limits.maxDepth} levels deep; split it into smaller queries`, {
            nodes: node,
          }),
        );
      },
    };
  };
}

const shown = (n: number): string => (n < 1e12 ? String(n) : 'over 10^12');

/** The refusal of a validated operation whose cost, with its variables' values, is over the limit. */
export function costError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Readonly<Record<string, unknown>> | null | undefined,
  limits: GraphqlLimits,
): GraphQLErrorType | null {
  const operation = getOperationAST(document, operationName);
  // No such operation: Grafast answers that itself.
  if (!operation) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const defaults = new Map((operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, v.defaultValue]));
  const variable = (name: string): unknown => {
    if (variables && Object.hasOwn(variables, name)) return variables[name];
    const literal = defaults.get(name);
    return literal?.kind === Kind.INT ? Number(literal.value) : undefined;
  };
  const { objects, connections } = measure({ schema, fragment: (name) => fragments.get(name), variable }, operation, limits);
  const cost = objects + CONNECTION_COST * connections;
  if (cost <= limits.maxCost) return null;
  return new GraphQLError(
    `The query costs ${shown(cost)}, over the limit of ${limits.maxCost}: up to ${shown(objects)} objects, ` +
      `plus ${CONNECTION_COST} for each of its ${connections} connections. Ask for smaller pages with first/last ` +
      `(a connection without them counts ${limits.defaultPage}) or split the query`,
    { nodes: operation },
  );
}

/** Adds the rules to grafserv's validation and the cost check before Grafast plans a query. */
export function queryLimitsPlugin(limits: GraphqlLimits): GraphileConfig.Plugin {
  const plugin: GraphileConfig.Plugin = {
    name: 'QueryLimitsPlugin',
    version: '1.0.0',
    grafserv: {
      middleware: {
        setPreset(next, event) {
          event.validationRules.push(pageArgumentsRule(limits), depthRule(limits));
          return next();
        },
      },
    },
    grafast: {
      middleware: {
        // An answer without data, so grafserv sends it as a request error (400), as validation's.
        execute(next, { args }) {
          const refusal = costError(args.schema, args.document, args.operationName, args.variableValues, limits);
          return refusal === null ? next() : { errors: [refusal] };
        },
      },
    },
  };
  Object.setPrototypeOf(plugin, null);
  return plugin;
}
