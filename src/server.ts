// Runs the application: HTTP server, the job worker (unless RUN_WORKER=false) and graceful
// shutdown (stop accepting, let in-flight requests finish within the grace period, stop the
// worker after its running jobs, release staff GraphQL, then close the database pool).
import http from 'node:http';
import type { Config } from './config';
import { createDatabase, type Database } from './db/database';
import { mountStaffGraphql } from './graphql/mount';
import { createApp } from './http/app';
import type { Logger } from './log';
import { startWorker, type RunningWorker } from '../worker/runner';

export interface RunningServer {
  server: http.Server;
  db: Database;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const db = createDatabase(config.AUTH_DATABASE_URL ?? config.DATABASE_URL, {
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  }, (err) => logger.warn({ err }, 'database connection failed'));
  const graphql = await mountStaffGraphql({ config, db, logger });
  const app = createApp({ config, db, logger, staffGraphql: graphql.handler });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const worker: RunningWorker | null = config.RUN_WORKER ? await startWorker(config, logger) : null;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  let closing: Promise<void> | undefined;
  const close = () => (closing ??= (async () => {
    const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(timer);
    await worker?.stop();
    await graphql.release();
    await db.close();
  })());

  return { server, db, url: `http://127.0.0.1:${port}`, close };
}
