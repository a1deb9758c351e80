// The staff schema: PostGraphile's Amber preset (tables, relations, conditions and orders on
// indexed columns, mutations as the grants allow) plus aggregates, over app_public only.
import type { GraphQLError } from 'postgraphile/graphql';
import type { GraphqlLimits } from './limits';
import { pageLimitsPlugin } from './page-limits';
import { PgAggregatesPreset, PostGraphileAmberPreset } from './postgraphile';
import { queryLimitsPlugin } from './query-cost';
import { GeographyCodecPlugin, TrimTagsPlugin } from './trim';

export const GRAPHQL_PATH = '/graphql';
export const GRAPHIQL_PATH = '/graphiql';

/** What Ruru's headers editor starts with: where a staff member's key goes. */
const HEADERS_TEMPLATE = JSON.stringify({ Authorization: 'Bearer <API key of a staff member>' }, null, 2);

// Ruru types its options with GraphiQL's React props; without @types/react (not a dependency
// here) TypeScript sees every one of them as required, hence the assertion.
type RuruClientConfig = NonNullable<NonNullable<GraphileConfig.Preset['ruru']>['clientConfig']>;
const ruruClientConfig = {
  isHeadersEditorEnabled: true,
  defaultHeaders: HEADERS_TEMPLATE,
  initialHeaders: HEADERS_TEMPLATE,
} as RuruClientConfig;

export interface StaffPresetOptions {
  pgService: GraphileConfig.PgServiceConfiguration;
  maskError: (error: GraphQLError) => GraphQLError;
  limits: GraphqlLimits;
}

export function staffPreset({ pgService, maskError, limits }: StaffPresetOptions): GraphileConfig.Preset {
  return {
    extends: [PostGraphileAmberPreset, PgAggregatesPreset],
    plugins: [GeographyCodecPlugin, TrimTagsPlugin, pageLimitsPlugin(limits), queryLimitsPlugin(limits)],
    pgServices: [pgService],
    grafserv: {
      graphqlPath: GRAPHQL_PATH,
      graphiqlPath: GRAPHIQL_PATH,
      // Ruru's own scripts and styles, served under the page's path (no key needed, no data).
      graphiqlStaticPath: `${GRAPHIQL_PATH}/static/`,
      // A browser GET of /graphql would meet the key check first: staff open /graphiql instead.
      graphiqlOnGraphQLGET: false,
      websockets: false,
      maskError,
    },
    ruru: { clientConfig: ruruClientConfig },
  };
}
