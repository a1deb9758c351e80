// Database figures of a process: each pool's connections (read from pg.Pool when scraped), the
// time limits hit (acquire, statement, idle in transaction) and each read replica's state and
// lag as this process sees them (src/db/replicas.ts). Summed over the HTTP workers by the
// supervisor, except the lag (the largest any process measured).
import type pg from 'pg';
import { Counter, Gauge } from 'prom-client';
import type { Database } from '../db/database';
import { timeoutOf } from '../db/faults';
import type { ReplicaState, ReplicaStatus } from '../db/replicas';

/** The pools of this process by name ('primary', 'replica <host:port/db>', 'staff_graphql', 'jobs'). */
const pools = new Map<string, pg.Pool>();
/** The API's read replicas in this process (the latest server's), read when scraped. */
let replicas: { status(): ReplicaStatus[] } | null = null;

function poolGauge(name: string, help: string, read: (pool: pg.Pool) => number): Gauge {
  return new Gauge({
    name,
    help,
    labelNames: ['pool'],
    aggregator: 'sum',
    collect() {
      this.reset();
      for (const [pool, p] of pools) this.set({ pool }, read(p));
    },
  });
}

poolGauge('marine_db_pool_max_connections', 'Connections a pool may open', (p) => p.options.max);
poolGauge('marine_db_pool_connections', 'Connections a pool has open', (p) => p.totalCount);
poolGauge('marine_db_pool_in_use_connections', 'Connections checked out of a pool', (p) => p.totalCount - p.idleCount);
poolGauge('marine_db_pool_waiting_requests', 'Callers waiting for a connection of a pool', (p) => p.waitingCount);

const timeouts = new Counter({
  name: 'marine_db_timeouts_total',
  help: 'Database time limits hit, by pool and kind (acquire: no connection in DATABASE_ACQUIRE_TIMEOUT_MS; statement; idle_in_transaction)',
  labelNames: ['pool', 'kind'],
});

const STATES: readonly ReplicaState[] = ['unchecked', 'ok', 'lagging', 'unreachable'];

new Gauge({
  name: 'marine_db_replica_state',
  help: 'Read replica state as the API processes see it (summed: how many processes see it in that state)',
  labelNames: ['replica', 'state'],
  aggregator: 'sum',
  collect() {
    this.reset();
    for (const r of replicas?.status() ?? []) {
      for (const state of STATES) this.set({ replica: r.name, state }, r.status === state ? 1 : 0);
    }
  },
});

new Gauge({
  name: 'marine_db_replica_lag_seconds',
  help: 'How far a read replica replays behind the primary (the largest any process measured; absent: unknown)',
  labelNames: ['replica'],
  aggregator: 'max',
  collect() {
    this.reset();
    for (const r of replicas?.status() ?? []) if (r.lagMs !== null) this.set({ replica: r.name }, r.lagMs / 1000);
  },
});

/** Reports a pool's connections under this name (a later pool of the same name replaces it). */
export function trackPool(name: string, pool: pg.Pool): void {
  pools.set(name, pool);
}

function countTimeouts(pool: string, db: Database): void {
  db.onFault = (err) => {
    const kind = timeoutOf(err);
    if (kind !== null) timeouts.inc({ pool, kind });
  };
}

/** Reports the API's databases: the primary's pool and timeouts, and each replica's. */
export function trackDatabase(db: Database): void {
  trackPool('primary', db.pool);
  countTimeouts('primary', db);
  replicas = db.replicas;
  for (const replica of db.replicas?.replicas ?? []) {
    trackPool(`replica ${replica.name}`, replica.db.pool);
    countTimeouts(`replica ${replica.name}`, replica.db);
  }
}
