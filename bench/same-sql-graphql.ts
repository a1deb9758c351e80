// Baseline (d) of the bench (issue 25): PostGraphile serving the directory's own SQL functions
// (bench/same-sql-queries.ts) as query fields, behind the API's own admission (key, rate-limit
// count), each request a transaction as the caller's role with the caller's claims. The API and
// this server then do the same work in SQL; what differs is the API's layer against
// PostGraphile's. A separate process, so the bench can count its CPU as it counts the API's.
// Usage: PORT=... DATABASE_URL=... AUTH_DATABASE_URL=... node dist/bench/same-sql-graphql.js
import http from 'node:http';
import express from 'express';
import { loadConfig } from '../src/config';
import { createDatabase, createPool, type PoolSettings } from '../src/db/pool';
import type { Caller } from '../src/db/caller';
import { GeographyCodecPlugin } from '../src/graphql/trim';
import { grafserv, jsonPgSmartTags, makePgService, postgraphile, PostGraphileAmberPreset } from '../src/graphql/postgraphile';
import { admission } from '../src/identity/admission';
import { SAME_SQL_FUNCTIONS } from './same-sql-queries';

/** Only the directory's functions become query fields; nothing else of app_hidden is exposed. */
const exposeDirectoryFunctions = jsonPgSmartTags({
  version: 1,
  config: { procedure: Object.fromEntries(SAME_SQL_FUNCTIONS.map((f) => [`app_hidden.${f}`, { tags: { behavior: '+queryField' } }])) },
});
Object.setPrototypeOf(exposeDirectoryFunctions, null);

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const url = config.AUTH_DATABASE_URL ?? config.DATABASE_URL;
  // The API's pool settings, for the admission's pool and PostGraphile's alike.
  const settings: PoolSettings = {
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
  const db = createDatabase(url, settings);
  const pool = createPool(url, 'bench-same-sql-graphql', settings);
  const pgService = makePgService({
    pool,
    schemas: ['app_hidden'],
    pubsub: false,
    pgSettings: (ctx) => {
      const caller = ctx.expressv4?.req.caller as Caller;
      return { role: caller.role, 'app.user_id': caller.userId ?? '' };
    },
    pgSettingsForIntrospection: { role: 'marine_agent' },
  });
  const instance = postgraphile({
    extends: [PostGraphileAmberPreset],
    plugins: [GeographyCodecPlugin, exposeDirectoryFunctions],
    pgServices: [pgService],
    // Nothing but the query fields tagged above: no tables, no mutations, no node interface.
    schema: { defaultBehavior: '-queryField -mutationField -typeField -node' },
    grafserv: { graphqlPath: '/graphql', graphiql: false },
  });
  await instance.getSchema();
  const app = express();
  app.disable('x-powered-by');
  app.use('/graphql', admission(db, config));
  await instance.createServ(grafserv).addTo(app, null, false);
  http.createServer(app).listen(config.PORT, '127.0.0.1', () => console.error(`same-sql-graphql: listening on ${config.PORT}`));
}

main().catch((err: unknown) => {
  console.error('same-sql-graphql: failed:', err);
  process.exit(1);
});
