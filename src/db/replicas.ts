// Read replicas (READ_DATABASE_URL): which of them may answer a directory read now. Every
// READ_REPLICA_CHECK_INTERVAL_MS each is asked where its replay is; a replica that does not
// answer, or whose replay is further behind the primary than READ_REPLICA_MAX_LAG_MS, is skipped
// (its reads go to the primary) until a check finds it healthy again. A read that fails on a
// replica because it is gone marks it unreachable at once (docs/decisions.md, "Read replicas
// and a transaction pooler").
//
// Lag in time, measured from the primary: each check first notes the primary's WAL position
// (pg_current_wal_lsn) with the time; a replica's lag is how long ago the primary was at the
// oldest noted position the replica has not replayed yet (0 when it has replayed them all).
// Unlike now() - pg_last_xact_replay_timestamp() it does not grow while the primary is idle,
// and it does grow when the replica stops receiving WAL. Its resolution is the check interval.
import type pg from 'pg';

/** What a replica (or the primary) is here: a pool (a Database, which imports this module). */
export interface Pooled {
  readonly pool: pg.Pool;
}

export type ReplicaState = 'unchecked' | 'ok' | 'lagging' | 'unreachable';

export interface Replica<D extends Pooled = Pooled> {
  /** host:port/database, without credentials (logs, /readyz). */
  readonly name: string;
  readonly db: D;
  state: ReplicaState;
  /** The last measured lag in ms (null: unknown). */
  lagMs: number | null;
}

export interface ReplicaStatus {
  name: string;
  status: ReplicaState;
  lagMs: number | null;
}

export interface ReplicaSettings<D extends Pooled> {
  maxLagMs: number;
  checkIntervalMs: number;
  /** Called when a replica's state changes (for the log). */
  onChange?: (replica: Replica<D>, previous: ReplicaState, err?: unknown) => void;
}

/** A postgres URL's host:port/database, without user or password. */
export function databaseName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/** An LSN ('16/B374D848') as a number of bytes. */
function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** One row of one statement, or a rejection after timeoutMs. */
function queryRow<R extends pg.QueryResultRow>(pool: pg.Pool, text: string, timeoutMs: number): Promise<R> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    pool.query<R>(text, (err, result) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(result.rows[0]!);
    });
  });
}

export class ReadReplicas<D extends Pooled = Pooled> {
  /** The primary's WAL positions, oldest first, as long as a lag bound needs them. */
  private readonly samples: Array<{ at: number; lsn: bigint }> = [];
  private next = 0;
  private checking: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly primary: Pooled,
    readonly replicas: Array<Replica<D>>,
    private readonly settings: ReplicaSettings<D>,
  ) {
    this.timer = setInterval(() => void this.check(), settings.checkIntervalMs).unref();
    void this.check();
  }

  /** A healthy replica, round robin; none: the read goes to the primary. */
  pick(): Replica<D> | undefined {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const replica = this.replicas[this.next++ % n]!;
      if (replica.state === 'ok') return replica;
    }
    return undefined;
  }

  /** A read found the replica gone: skip it until a check finds it healthy. */
  failed(replica: Replica<D>, err: unknown): void {
    this.set(replica, 'unreachable', replica.lagMs, err);
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({ name: r.name, status: r.state, lagMs: r.lagMs }));
  }

  /** Checks every replica now (one check at a time; a call during one waits for it). */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => (this.checking = null));
    return this.checking;
  }

  private async checkAll(): Promise<void> {
    const timeoutMs = Math.max(100, this.settings.checkIntervalMs);
    try {
      const row = await queryRow<{ lsn: string }>(this.primary.pool, 'select pg_current_wal_lsn()::text as lsn', timeoutMs);
      const now = Date.now();
      this.samples.push({ at: now, lsn: lsnBytes(row.lsn) });
      // Kept while they can still decide a lag within the bound (and one more, to exceed it).
      const horizon = now - this.settings.maxLagMs - 2 * this.settings.checkIntervalMs;
      while (this.samples.length > 1 && this.samples[1]!.at < horizon) this.samples.shift();
    } catch {
      // The primary does not answer: the positions noted before still bound each replica's lag.
    }
    await Promise.all(this.replicas.map((r) => this.checkOne(r, timeoutMs)));
  }

  private async checkOne(replica: Replica<D>, timeoutMs: number): Promise<void> {
    try {
      const row = await queryRow<{ recovery: boolean; lsn: string | null }>(
        replica.db.pool,
        'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn',
        timeoutMs,
      );
      // Not in recovery: a primary itself (promoted, or named as a replica on purpose).
      const lag = row.recovery && row.lsn !== null ? this.lagOf(lsnBytes(row.lsn)) : 0;
      this.set(replica, lag !== null && lag <= this.settings.maxLagMs ? 'ok' : 'lagging', lag);
    } catch (err) {
      this.set(replica, 'unreachable', null, err);
    }
  }

  /** How long ago the primary was at the oldest noted position not replayed yet (ms). */
  private lagOf(replayed: bigint): number | null {
    if (this.samples.length === 0) return null;
    const behind = this.samples.find((s) => s.lsn > replayed);
    return behind === undefined ? 0 : Date.now() - behind.at;
  }

  private set(replica: Replica<D>, state: ReplicaState, lagMs: number | null, err?: unknown): void {
    const previous = replica.state;
    replica.state = state;
    replica.lagMs = lagMs;
    if (previous !== state) this.settings.onChange?.(replica, previous, err);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
    await Promise.all(this.replicas.map((r) => r.db.pool.end()));
  }
}
