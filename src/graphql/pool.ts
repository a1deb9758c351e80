// PostGraphile's own connection pool, made here rather than by makePgService so that its
// connections carry staff GraphQL's timeouts and its clients' errors reach the log, not the
// process: an 'error' event without a listener (a connection dropped by the server, or killed by
// idle_in_transaction_session_timeout) would throw and end the process.
import pg from 'pg';
import type { Config } from '../config';
import type { Logger } from '../log';

// Staff traffic is light; its own small pool keeps heavy aggregates off the REST pool.
const POOL_SIZE = 4;

export function staffPool(config: Config, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: config.AUTH_DATABASE_URL ?? config.DATABASE_URL,
    max: POOL_SIZE,
    application_name: 'marine-graphql',
    // Startup parameters, so they hold for every statement of every connection; a request's
    // pgSettings change only the role and claims.
    statement_timeout: config.GRAPHQL_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: config.GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // Idle clients: pg-pool forwards their errors here.
  pool.on('error', (err) => logger.warn({ err }, 'staff GraphQL connection failed while idle'));
  // Checked-out clients: pg-pool removes its own listener while a client is lent out, so each
  // client gets one of its own for its whole life.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err }, 'staff GraphQL connection failed'));
  });
  return pool;
}
