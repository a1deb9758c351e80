// The bounds of staff GraphQL (docs/decisions.md, "Staff GraphQL limits"), from the configuration.
import type { Config } from '../config';

export interface GraphqlLimits {
  /** Rows of a connection given neither `first` nor `last`. */
  defaultPage: number;
  /** The largest `first`/`last`, and the most groups `groupedAggregates` returns. */
  maxPage: number;
  /** The most objects a query may return, estimated before it runs (query-cost.ts). */
  maxCost: number;
  /** The deepest field nesting, introspection aside. */
  maxDepth: number;
}

export function graphqlLimits(config: Config): GraphqlLimits {
  return {
    defaultPage: config.GRAPHQL_DEFAULT_PAGE,
    maxPage: config.GRAPHQL_MAX_PAGE,
    maxCost: config.GRAPHQL_MAX_COST,
    maxDepth: config.GRAPHQL_MAX_DEPTH,
  };
}

/** The message for a page argument out of range, the same from validation and at run time. */
export function pageRangeMessage(argument: string, limits: GraphqlLimits): string {
  return argument === 'offset'
    ? '`offset` must not be negative'
    : `\`${argument}\` must be between 0 and ${limits.maxPage} (the largest page)`;
}
