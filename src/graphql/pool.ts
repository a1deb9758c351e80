// PostGraphile's own connection pool, made here rather than by makePgService so that its
// connections carry staff GraphQL's timeouts and its clients' errors reach the log, not the
// process (createPool: an 'error' event without a listener would end the process).
import type pg from 'pg';
import type { Config } from '../config';
import { createPool } from '../db/database';
import type { Logger } from '../log';

// Staff traffic is light; its own small pool keeps heavy aggregates off the REST pool.
const POOL_SIZE = 4;

export function staffPool(config: Config, logger: Logger): pg.Pool {
  // Startup parameters, so they hold for every statement of every connection; a request's
  // pgSettings change only the role and claims.
  return createPool(
    config.AUTH_DATABASE_URL ?? config.DATABASE_URL,
    'marine-graphql',
    {
      max: POOL_SIZE,
      acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: config.GRAPHQL_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      // Behind a transaction pooler they are pgSettings of each request instead (mount.ts).
      timeoutsPerTransaction: config.DATABASE_POOL_MODE === 'transaction',
    },
    (err) => logger.warn({ err }, 'staff GraphQL connection failed'),
  );
}
