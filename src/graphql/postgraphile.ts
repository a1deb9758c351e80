// PostGraphile V5 and its parts. They are CommonJS, but grafserv loads the GraphiQL page (Ruru)
// with a dynamic import(), which jest's CommonJS runtime refuses; so, like
// worker/graphile-worker.ts, they are loaded with Node's own require (reached through
// process.getBuiltinModule), and typed from the packages.
import type * as Aggregates from '@graphile/pg-aggregates';
import type * as Postgraphile from 'postgraphile';
import type * as PgAdaptor from 'postgraphile/adaptors/pg';
import type * as Grafast from 'postgraphile/grafast';
import type * as Grafserv from 'postgraphile/grafserv';
import type * as ExpressAdaptor from 'postgraphile/grafserv/express/v4';
import type * as Graphql from 'postgraphile/graphql';
import type * as PgSql from 'postgraphile/pg-sql2';
import type * as Amber from 'postgraphile/presets/amber';
import type * as Utils from 'postgraphile/utils';

// Grafast reads its mode once, when loaded, and warns on stderr when neither variable is set. A
// server that sets neither is a production server (jest sets NODE_ENV=test).
if (process.env.GRAPHILE_ENV === undefined && process.env.NODE_ENV === undefined) process.env.GRAPHILE_ENV = 'production';

// @dataplan/pg reads this once, when loaded: behind a transaction pooler (DATABASE_POOL_MODE), a
// statement prepared on one server connection is not there on the next, so none is prepared.
if (process.env.DATABASE_POOL_MODE === 'transaction') process.env.DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE ??= '0';

const load = process.getBuiltinModule('node:module').createRequire(__filename);

export const { postgraphile } = load('postgraphile') as typeof Postgraphile;
export const { PostGraphileAmberPreset } = load('postgraphile/presets/amber') as typeof Amber;
export const { PgAggregatesPreset } = load('@graphile/pg-aggregates') as typeof Aggregates;
export const { makePgService } = load('postgraphile/adaptors/pg') as typeof PgAdaptor;
export const { grafserv } = load('postgraphile/grafserv/express/v4') as typeof ExpressAdaptor;
export const { defaultMaskError } = load('postgraphile/grafserv') as typeof Grafserv;
export const { access, constant, isSafeError, lambda, SafeError } = load('postgraphile/grafast') as typeof Grafast;
/** graphql-js as PostGraphile sees it: validation rules must use its classes (one realm). */
export const graphql = load('postgraphile/graphql') as typeof Graphql;
export const { GraphQLError } = graphql;
export const { sql } = load('postgraphile/pg-sql2') as typeof PgSql;
export const { jsonPgSmartTags } = load('postgraphile/utils') as typeof Utils;
