// The API process's databases: the primary (AUTH_DATABASE_URL) and, with READ_DATABASE_URL, the
// read replicas its directory reads may go to (src/db/replicas.ts).
import type { Config } from '../config';
import type { Logger } from '../log';
import { createDatabase, type PoolSettings, type Database } from './database';
import { databaseName, ReadReplicas } from './replicas';

export function createApiDatabase(config: Config, logger: Logger): Database {
  const settings: PoolSettings = {
    max: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    timeoutsPerTransaction: config.DATABASE_POOL_MODE === 'transaction',
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
