// The connections: pool settings (PoolSettings), the timeouts a transaction pooler needs in every
// transaction (transactionTimeouts), a pool that survives a connection's failure (createPool,
// staff GraphQL's and the job worker's too), and the API's Database over one (createDatabase).
import pg from 'pg';
import { Database } from './database';
import { prepareHeadCalls } from './head-calls';

export interface PoolSettings {
  max: number;
  /** How long a request may wait for a connection (pg's connectionTimeoutMillis). */
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  /**
   * The connections go through a transaction pooler (DATABASE_POOL_MODE=transaction): it refuses
   * connection parameters other than a few, so the timeouts are set in every transaction instead.
   */
  timeoutsPerTransaction?: boolean;
  /** How many times an operation aborted by a deadlock or serialization failure runs again. */
  conflictRetries?: number;
}

/** `; set local ...` of the timeouts, for the start of each transaction (or '' when not needed). */
export function transactionTimeouts(settings: PoolSettings): string {
  if (settings.timeoutsPerTransaction !== true) return '';
  const ms = (n: number) => String(Math.trunc(n));
  return `; set local statement_timeout = ${ms(settings.statementTimeoutMs)}; set local idle_in_transaction_session_timeout = ${ms(settings.idleInTransactionTimeoutMs)}`;
}

/**
 * A pool whose connections can fail without taking the process down: pg-pool listens for errors
 * on idle clients only and removes its listener while a client is checked out, so a connection
 * that ends then (a terminated backend, a restart) would emit an unhandled 'error' and end the
 * process. Every client gets a listener of its own for its whole life; the query in flight is
 * rejected anyway (and becomes a 503), and a client released with its error is discarded.
 */
export function createPool(
  connectionString: string,
  applicationName: string,
  settings: PoolSettings,
  onConnectionError: (err: Error) => void = () => undefined,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: settings.max,
    application_name: applicationName,
    // Each call writes its transaction's statements at once (Database.inOneTrip).
    pipeline: true,
    connectionTimeoutMillis: settings.acquireTimeoutMs,
    ...(settings.timeoutsPerTransaction === true
      ? {}
      : { statement_timeout: settings.statementTimeoutMs, idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs }),
  });
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // pg-pool re-emits an idle client's error here as well: it was reported by the client's own
  // listener already, but the pool must have a listener too.
  pool.on('error', () => undefined);
  return pool;
}

export function createDatabase(
  connectionString: string,
  settings: PoolSettings,
  onConnectionError?: (err: Error) => void,
  applicationName = 'marine-api',
): Database {
  const pool = createPool(connectionString, applicationName, settings, onConnectionError);
  // A transaction pooler keeps no session state between transactions (src/db/head-calls.ts).
  const headPrepared = settings.timeoutsPerTransaction !== true;
  if (headPrepared) pool.on('connect', (client) => prepareHeadCalls(client, onConnectionError ?? (() => undefined)));
  return new Database(pool, transactionTimeouts(settings), headPrepared, settings.conflictRetries);
}
