// PostGraphile's own connection pool, made here rather than by makePgService so that its
// clients' errors reach the log, not the process (createPool: an 'error' event without a listener
// would end the process). Its timeouts are set in each transaction (staffTimeouts), never on the
// connection: PostGraphile's start-up introspection runs on these connections too, and a staff
// statement timeout however low (1 ms in a test) must not stop the service starting.
import type pg from 'pg';
import type { Config } from '../config';
import { createPool } from '../db/pool';
import type { Logger } from '../log';

// Staff traffic is light; its own small pool keeps heavy aggregates off the REST pool.
const POOL_SIZE = 4;

export function staffPool(config: Config, logger: Logger): pg.Pool {
  return createPool(
    config.AUTH_DATABASE_URL ?? config.DATABASE_URL,
    'marine-graphql',
    {
      max: POOL_SIZE,
      acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: config.GRAPHQL_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      timeoutsPerTransaction: true,
    },
    (err) => logger.warn({ err }, 'staff GraphQL connection failed'),
  );
}

/** The timeouts of every staff request's transaction (its pgSettings, beside role and claims). */
export function staffTimeouts(config: Config): Record<string, string> {
  return {
    statement_timeout: String(config.GRAPHQL_STATEMENT_TIMEOUT_MS),
    idle_in_transaction_session_timeout: String(config.GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  };
}
