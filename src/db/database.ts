// The Database: every request's SQL runs in one transaction as the caller's role, with the
// caller's claims as transaction-local settings, so row-level security decides what is visible
// (db/CONVENTIONS.md, "Roles"). Each call is one round trip (Database.inOneTrip): the transaction's head
// (src/db/transaction-head.ts), the operation with its arguments as bound parameters, and the
// commit, written at once on a pipelining connection (src/db/connection.ts). Its other parts:
// the caller (caller.ts), replica reads (replica-call.ts), refusals (refusal.ts), the pool (pool.ts).
import type pg from 'pg';
import type { Caller, DeferredAdmission } from './caller';
import { CONFLICT_RETRIES, retryingConflicts } from './conflicts';
import { checkOut, RAW_JSON_TYPES, send, sendWatching, type FaultListener } from './connection';
import { ADMISSION_COLUMN, placeholders } from './head-calls';
import { DbRefusal, isRefusal } from './refusal';
import { replicaCall } from './replica-call';
import type { ReadReplicas } from './replicas';
import { admissionStatements, assumeCaller, assumedDigest, becomeCaller, checkCallerId, type RunAs } from './transaction-head';

function checkedName(fn: string): string {
  if (!/^[a-z_]+\.[a-z_]+$/.test(fn)) throw new Error(`not a function name: ${fn}`);
  return fn;
}

/** How a call may be served (docs/decisions.md, "Read replicas and a transaction pooler"). */
export interface CallOptions {
  /**
   * A directory read that may be answered by a read replica (READ_DATABASE_URL): it writes
   * nothing and need not see the caller's own writes at once.
   */
  replica?: boolean;
}

/** A read a replica may answer: mark a directory operation's call with it. */
export const REPLICA_READ: CallOptions = Object.freeze({ replica: true });

export class Database {
  /** Read replicas for calls marked REPLICA_READ (none: every call is the primary's). */
  replicas: ReadReplicas<Database> | null = null;
  onFault: FaultListener | undefined;

  /**
   * @param transactionSettings statements every transaction starts with (`; set local ...`):
   *   the timeouts, when a transaction pooler cannot carry them as connection parameters.
   * @param headPrepared whether every connection of the pool has the head's calls prepared
   *   (src/db/head-calls.ts: session pooling only).
   * @param conflictRetries how many times an operation aborted by a race runs again (src/db/conflicts.ts).
   */
  constructor(
    readonly pool: pg.Pool,
    readonly transactionSettings = '',
    readonly headPrepared = false,
    readonly conflictRetries = CONFLICT_RETRIES,
  ) {}

  /**
   * One transaction in one round trip: `head` (a simple-protocol string that begins it and makes
   * it the caller's, after an admission of its own when there is one), the operation with its
   * arguments as bound parameters, then commit. The pool's clients are in pipeline mode
   * (createPool), so the three are written at once and read back in order. A failure anywhere
   * stops the rest: PostgreSQL skips the rest of a failed string, refuses the operation in the
   * aborted transaction (25P02), and the commit ends it as a rollback, so the connection is idle
   * again. The first failure is the one reported.
   */
  private async inOneTrip<R extends pg.QueryResultRow>(
    head: (client: pg.PoolClient) => string,
    operation: pg.QueryConfig,
    onHeadRow: (row: Record<string, unknown>) => void = () => undefined,
  ): Promise<pg.QueryResult<R>> {
    const client = await checkOut(this.pool, this.onFault);
    let broken: Error | undefined;
    try {
      const [begun, done, ended] = await Promise.allSettled([
        sendWatching(client, { text: head(client) }, onHeadRow),
        send<R>(client, operation),
        send(client, { text: 'commit' }),
      ]);
      if (ended.status === 'rejected') broken = ended.reason as Error; // the transaction may still be open: not reused
      const failure = [begun, done, ended].find((r) => r.status === 'rejected');
      if (failure !== undefined) {
        const err: unknown = failure.reason;
        this.onFault?.(err);
        throw err;
      }
      return (done as PromiseFulfilledResult<pg.QueryResult<R>>).value;
    } finally {
      client.release(broken);
    }
  }

  /** Calls one SQL function that returns JSON and gives back its parsed result. */
  async callJson<T = unknown>(caller: Caller, fn: string, args: unknown[], options?: CallOptions): Promise<T> {
    const result = await this.call<{ result: T }>(
      caller,
      `select ${checkedName(fn)}(${placeholders(args)}) as result`,
      args,
      undefined,
      options,
    );
    const value = result.rows[0]!.result;
    if (isRefusal(value)) throw new DbRefusal(value.refusal.code, value.refusal.message, value.refusal.detail);
    return value;
  }

  /**
   * Calls one SQL function that returns a row (`returns table`) and gives back that row; its
   * json columns come back as RawJson, unparsed, to be passed through to the response.
   */
  async callRow<T extends object>(caller: Caller, fn: string, args: unknown[], options?: CallOptions): Promise<T> {
    const result = await this.call<T & pg.QueryResultRow>(
      caller,
      `select * from ${checkedName(fn)}(${placeholders(args)})`,
      args,
      RAW_JSON_TYPES,
      options,
    );
    return result.rows[0]!;
  }

  /**
   * The operation's statement in one round trip: on a replica when it is a replica read and one
   * is fit; else on the primary, after the caller's pending admission when there is one.
   */
  private call<R extends pg.QueryResultRow>(
    caller: Caller,
    text: string,
    args: unknown[],
    types?: pg.CustomTypesConfig,
    options?: CallOptions,
  ): Promise<pg.QueryResult<R>> {
    const operation: pg.QueryConfig = { text, values: args, types };
    const replica = options?.replica === true ? this.replicas?.pick() : undefined;
    if (replica !== undefined) return replicaCall(this, replica, caller, operation, (err) => this.replicas?.failed(replica, err));
    const admission = caller.admission;
    caller.admission = undefined;
    if (admission !== undefined) return this.admittedCall(admission, operation);
    return this.asCaller<R>({ caller }, operation).catch((err: unknown) =>
      retryingConflicts(err, this.conflictRetries, () => this.asCaller<R>({ caller }, operation)),
    );
  }

  /**
   * Admission and the operation in one round trip (docs/decisions.md, "Admission in the
   * operation's round trip"): the head admits in a transaction of its own
   * (app_hidden.admit_request: the rate-limit count commits, and its bucket's lock is released,
   * before the operation runs; a spent quota or a bad key raises, and nothing after it runs),
   * then begins the operation's transaction as the admitted caller again from the key's digest
   * (app_hidden.assume_caller). Nothing is kept in the session, so nothing can leak to the next
   * request. The admission's arguments are literals (a key's digest, the client address, limits:
   * never secrets); the operation's are bound parameters.
   */
  private async admittedCall<R extends pg.QueryResultRow>(
    admission: DeferredAdmission,
    operation: pg.QueryConfig,
  ): Promise<pg.QueryResult<R>> {
    let admitted: string | undefined;
    let result: pg.QueryResult<R>;
    try {
      result = await this.inOneTrip<R>(
        (client) =>
          [
            ...admissionStatements(client, admission, this.transactionSettings, this.headPrepared),
            `begin${this.transactionSettings}`,
            assumeCaller(client, assumedDigest(admission), this.headPrepared),
          ].join('; '),
        operation,
        (row) => {
          if (ADMISSION_COLUMN in row) admitted = row[ADMISSION_COLUMN] as string;
        },
      );
    } catch (err) {
      // The admission committed unless it failed itself: its headers go on the answer.
      if (admitted === undefined) admission.fail(err);
      admission.settle(JSON.parse(admitted));
      // An operation that raced another rolled back and runs again; the admission stands (it counted once).
      return retryingConflicts(err, this.conflictRetries, () => this.asCaller<R>({ keyDigest: assumedDigest(admission) }, operation));
    }
    admission.settle(JSON.parse(admitted!));
    return result;
  }

  /**
   * The operation in a transaction as the caller, in one round trip: a caller already admitted
   * (or not to be: ANONYMOUS), or a key's digest that app_hidden.assume_caller turns into its
   * caller (a replica's read, while the primary admits).
   */
  async asCaller<R extends pg.QueryResultRow>(as: RunAs, operation: pg.QueryConfig): Promise<pg.QueryResult<R>> {
    if ('caller' in as) checkCallerId(as.caller);
    return this.inOneTrip<R>(
      (client) =>
        `begin${this.transactionSettings}; ${'caller' in as ? becomeCaller(client, as.caller) : assumeCaller(client, as.keyDigest, this.headPrepared)}`,
      operation,
    );
  }

  /**
   * Whether the database answers within timeoutMs: 'ok', or why not ('saturated' when requests
   * are queueing for a connection, 'unreachable' otherwise). Never waits longer than timeoutMs.
   */
  readiness(timeoutMs: number): Promise<'ok' | 'saturated' | 'unreachable'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.pool.waitingCount > 0 ? 'saturated' : 'unreachable'), timeoutMs);
      this.pool.query('select 1', (err) => {
        clearTimeout(timer);
        resolve(err ? 'unreachable' : 'ok');
      });
    });
  }

  async close(): Promise<void> {
    await this.replicas?.close();
    await this.pool.end();
  }
}
