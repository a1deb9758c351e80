// Runs the application: HTTP server, the job worker (RUN_WORKER: inside this process; npm start's
// supervisor runs it as a process of its own instead) and graceful shutdown (stop accepting, let
// in-flight requests finish within the grace period with `Connection: close`, stop the worker
// after its running jobs, release staff GraphQL, then close the database pool).
import http from 'node:http';
import type { Config } from './config';
import { createDatabase, type PoolSettings } from './db/pool';
import type { Database } from './db/database';
import { databaseName, ReadReplicas } from './db/replicas';
import { mountStaffGraphql } from './graphql/mount';
import { createApp } from './app';
import { trackConnections } from './http/drain';
import type { Logger } from './log';
import { trackDatabase } from './metrics/database';
import { startWorker, type RunningWorker } from '../worker/runner';

export interface RunningServer {
  server: http.Server;
  db: Database;
  url: string;
  /** Closes the listener; open connections carry on until close(). */
  stopAccepting(): void;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** npm start's HTTP workers each listen on the port with SO_REUSEPORT (src/supervisor.ts). */
  reusePort?: boolean;
}

/**
 * The API process's databases: the primary (AUTH_DATABASE_URL) and, with READ_DATABASE_URL, the
 * read replicas its directory reads may go to (src/db/replicas.ts).
 */
function createApiDatabase(config: Config, logger: Logger): Database {
  const settings: PoolSettings = {
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    timeoutsPerTransaction: config.DATABASE_POOL_MODE === 'transaction',
    conflictRetries: config.DATABASE_CONFLICT_RETRIES,
  };
  const db = createDatabase(config.AUTH_DATABASE_URL ?? config.DATABASE_URL, settings, (err) =>
    logger.warn({ err }, 'database connection failed'),
  );
  if (config.readDatabaseUrls.length === 0) return db;
  const replicas = config.readDatabaseUrls.map((url) => {
    const name = databaseName(url);
    const replicaDb = createDatabase(
      url,
      settings,
      (err) => logger.warn({ err, replica: name }, 'replica connection failed'),
      'marine-api-read',
    );
    return { name, db: replicaDb, state: 'unchecked' as const, lagMs: null };
  });
  db.replicas = new ReadReplicas(db, replicas, {
    maxLagMs: config.READ_REPLICA_MAX_LAG_MS,
    checkIntervalMs: config.READ_REPLICA_CHECK_INTERVAL_MS,
    onChange(replica, previous, err) {
      const entry = { replica: replica.name, state: replica.state, previous, lagMs: replica.lagMs, err };
      if (replica.state === 'ok') logger.info(entry, 'read replica in use');
      else logger.warn(entry, 'read replica skipped');
    },
  });
  return db;
}

export async function startServer(config: Config, logger: Logger, options: ServerOptions = {}): Promise<RunningServer> {
  const db = createApiDatabase(config, logger);
  trackDatabase(db);
  const graphql = await mountStaffGraphql({ config, db, logger });
  const app = createApp({ config, db, logger, staffGraphql: graphql.handler });
  const server = http.createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      // Node checks both timeouts on this timer (30 s by default), so a stalled socket would
      // outlive the headers timeout by up to that much.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 10))),
    },
    app,
  );
  server.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = config.HTTP_MAX_CONNECTIONS;
  const drainer = trackConnections(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // exclusive: in a cluster worker, a listener of its own rather than one the supervisor holds.
      const reuse = options.reusePort === true ? { reusePort: true, exclusive: true } : {};
      server.listen({ port: config.PORT, host: config.HOST, ...reuse }, () => resolve());
    });
  } catch (err) {
    // The port is taken (or refused): nothing was served, so release what was opened for it.
    await graphql.release();
    await db.close();
    throw err;
  }
  const worker: RunningWorker | null = config.RUN_WORKER ? await startWorker(config, logger) : null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await drainer.drain(config.SHUTDOWN_GRACE_MS);
      await worker?.stop();
      await graphql.release();
      await db.close();
    })());

  return { server, db, url: `http://127.0.0.1:${port}`, stopAccepting: () => drainer.stopAccepting(), close };
}
