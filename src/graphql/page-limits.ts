// Page bounds where PostGraphile plans its connections: a connection without `first`/`last`
// reads the default page, and `first`/`last`/`offset` out of range are refused. Literal values
// are already refused by validation (query-cost.ts); this catches values given as variables,
// which validation cannot see, and is what applies the default page.
import type { FieldArgs, Step } from 'postgraphile/grafast';
import { type GraphqlLimits, pageRangeMessage } from './limits';
import { access, constant, lambda, SafeError } from './postgraphile';

/** What PostGraphile's connection and aggregate plans return (ConnectionStep, PgSelectStep). */
interface Paginated {
  setFirst?(first: Step<number | null | undefined>): unknown;
  setLast?(last: Step<number | null | undefined>): unknown;
  setOffset?(offset: Step<number | null | undefined>): unknown;
}

interface Page {
  first: number | null;
  last: number | null;
}

type Plan = (...args: never[]) => unknown;

function checked(argument: string, value: unknown, limits: GraphqlLimits): number | null {
  if (value === null || value === undefined) return null;
  const n = value as number;
  if (n < 0 || (argument !== 'offset' && n > limits.maxPage)) {
    throw new SafeError(pageRangeMessage(argument, limits), { status: 400 });
  }
  return n;
}

function pageOf(first: unknown, last: unknown, limits: GraphqlLimits): Page {
  const page = { first: checked('first', first, limits), last: checked('last', last, limits) };
  return page.first === null && page.last === null ? { first: limits.defaultPage, last: null } : page;
}

/** A connection field's plan that sets its page from `first` and `last` together. */
function withPage(plan: Plan, limits: GraphqlLimits): Plan {
  return (($parent: Step, fieldArgs: FieldArgs, info: unknown) => {
    const $connection = (plan as (...a: unknown[]) => Step & Paginated)($parent, fieldArgs, info);
    // An argument the field lacks reads as absent.
    const $first = fieldArgs.getRaw('first') ?? constant(undefined);
    const $last = fieldArgs.getRaw('last') ?? constant(undefined);
    const $page = lambda([$first, $last], ([first, last]) => pageOf(first, last, limits));
    $connection.setFirst?.(access<number | null>($page, 'first'));
    $connection.setLast?.(access<number | null>($page, 'last'));
    return $connection;
  }) as Plan;
}

/** groupedAggregates reads every group of its connection: at most the largest page of them. */
function withGroupCap(plan: Plan, limits: GraphqlLimits): Plan {
  return ((...args: unknown[]) => {
    const $groups = (plan as (...a: unknown[]) => Step & Paginated)(...args);
    $groups.setFirst?.(constant(limits.maxPage));
    return $groups;
  }) as Plan;
}

export function pageLimitsPlugin(limits: GraphqlLimits): GraphileConfig.Plugin {
  const plugin: GraphileConfig.Plugin = {
    name: 'PageLimitsPlugin',
    version: '1.0.0',
    after: ['PgFirstLastBeforeAfterArgsPlugin'],
    schema: {
      hooks: {
        GraphQLObjectType_fields_field(field, _build, { scope }) {
          const plan = field.plan as Plan | undefined;
          if (plan === undefined) return field;
          if (scope.isPgFieldConnection) return { ...field, plan: withPage(plan, limits) as typeof field.plan };
          if (scope.isConnectionType && scope.fieldName === 'groupedAggregates') {
            return { ...field, plan: withGroupCap(plan, limits) as typeof field.plan };
          }
          return field;
        },
        GraphQLObjectType_fields_field_args(args, _build, { scope }) {
          if (!scope.isPgFieldConnection) return args;
          // first and last are applied by the field's plan (withPage), which sees both at once.
          const { first, last, offset } = args;
          if (first) args.first = { ...first, applyPlan: undefined };
          if (last) args.last = { ...last, applyPlan: undefined };
          if (offset) {
            args.offset = {
              ...offset,
              applyPlan(_$parent: Step, $connection: Step & Paginated, input: { getRaw(): Step }) {
                $connection.setOffset?.(lambda(input.getRaw(), (value) => checked('offset', value, limits)));
              },
            } as typeof offset;
          }
          return args;
        },
      },
    },
  };
  // graphile-config accepts only plain objects of its own realm (see trim.ts).
  Object.setPrototypeOf(plugin, null);
  return plugin;
}
