// Every request's SQL runs in one transaction as the caller's role, with the caller's claims as
// transaction-local settings, so row-level security decides what is visible (DESIGN.md).
// Each call is one round trip (Database.inOneTrip): the transaction's head, the operation with
// its arguments as bound parameters, and the commit, written at once on a pipelining connection.
import pg from 'pg';
import { RawJson } from '../json/raw-json';
import { CONFLICT_RETRIES, retryingConflicts } from './conflicts';
import { isDatabaseUnavailable } from './faults';
import { ADMISSION_COLUMN, ADMIT_REQUEST, ASSUME_CALLER, headCallText, placeholders, prepareHeadCalls } from './head-calls';
import type { ReadReplicas, Replica } from './replicas';

// pg's own conversion of a parameter value to its text form (dates, arrays, JSON, null).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): unknown };

/** The roles REST, MCP and A2A requests run as; the staff role (marine_admin) is staff GraphQL's alone. */
export type RequestRole = 'marine_anonymous' | 'marine_agent';

export interface Caller {
  role: RequestRole;
  userId: string | null;
  /** Set by requireStaff (src/identity/admission.ts) once SQL found the caller's staff grant. */
  staff?: boolean;
  /**
   * Set while the request's admission has not run yet (src/identity/admission.ts): the next
   * call admits it in the same round trip as the operation, then clears this.
   */
  admission?: DeferredAdmission;
}

/** An admission to run with the caller's first operation (app_hidden.admit_request). */
export interface DeferredAdmission {
  /** The API key's SHA-256 digest, or null for an anonymous caller. */
  readonly keyDigest: Buffer | null;
  /** app_hidden.admit_request's other arguments (client address, window, limits). */
  readonly args: readonly unknown[];
  /** Applies admit_request's result (headers, the caller's role and id). */
  settle(admission: unknown): void;
  /** Applies admit_request's failure: a spent quota's RATEL becomes the 429 with its headers. */
  fail(err: unknown): never;
  /** Admits in a round trip of its own (a request that ends before any operation). */
  now(): Promise<void>;
  /** The operation runs as anonymous once admitted, not as the key's caller (asTokenHolder). */
  readonly anonymous?: boolean;
}

export const ANONYMOUS: Caller = { role: 'marine_anonymous', userId: null };

/**
 * The caller an access-token operation runs as (an owner's, a pro's or a listing's token is its
 * credential, not a key): anonymous, whatever key admitted the request. It takes over the
 * request's pending admission, so that still runs in the operation's round trip.
 */
export function asTokenHolder(caller: Caller): Caller {
  const admission = caller.admission;
  caller.admission = undefined;
  return admission === undefined ? ANONYMOUS : { ...ANONYMOUS, admission: { ...admission, anonymous: true } };
}

/**
 * A refusal a SQL function returned instead of raising, because something it wrote must stay
 * (a failed-attempt count): {"refusal": {code, message, detail}}. It is thrown after the commit
 * and mapped like a raised error with the same code (db/ERRORS.md).
 */
export class DbRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

interface Refusal {
  refusal: { code: string; message: string; detail?: string };
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refusal' in value;
}

function checkedName(fn: string): string {
  if (!/^[a-z_]+\.[a-z_]+$/.test(fn)) throw new Error(`not a function name: ${fn}`);
  return fn;
}

// json and jsonb columns as RawJson (unparsed); every other type as pg parses it.
const JSON_OIDS = new Set([114, 3802]);
const RAW_JSON_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    JSON_OIDS.has(oid)
      ? (text: string) => new RawJson(text)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * client.query through node-pg's callback form. Its promise form kept every result alive through
 * the young-generation collections (~70% of what a query allocated survived and was promoted, so
 * the old generation filled with pages and a full collection ran every few hundred requests);
 * through the callback form 0.1% survives (docs/performance-history.md, entry 16; bench/promotion.ts).
 * A PostgreSQL error's stack is then the socket read's, not the caller's (the promise form
 * rewrote it); errors are mapped by their code, so only a logged 500's stack is shorter.
 */
export function send<R extends pg.QueryResultRow>(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    client.query<R>(config, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** pool.connect through the callback form, for the same reason as send(); a failure is told to onFault. */
function checkOut(pool: pg.Pool, onFault: FaultListener | undefined): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    pool.connect((err, client) => {
      if (!err) return resolve(client!);
      onFault?.(err);
      reject(err);
    });
  });
}

/** Like send(), and hands each row to onRow as it arrives (before a later statement fails). */
function sendWatching<R extends pg.QueryResultRow>(
  client: pg.PoolClient,
  config: pg.QueryConfig,
  onRow: (row: Record<string, unknown>) => void,
): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    const query = new pg.Query(config, (err, result) => (err ? reject(err) : resolve(result as unknown as pg.QueryResult<R>)));
    query.on('row', onRow);
    client.query(query);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkCallerId(caller: Caller): void {
  if (caller.userId !== null && !UUID.test(caller.userId)) throw new Error('caller id is not a UUID');
}

/** The statements that make a transaction the caller's: a role from a closed set, a checked id. */
function becomeCaller(client: pg.PoolClient, caller: Caller): string {
  const claim = caller.userId === null ? "''" : client.escapeLiteral(caller.userId);
  return `set local role ${caller.role}; select set_config('app.user_id', ${claim}, true)`;
}

/** Makes the transaction the caller of a key's digest (null: anonymous) once admission passed. */
function assumeCaller(client: pg.PoolClient, keyDigest: Buffer | null, prepared: boolean): string {
  return `set local role marine_anonymous; ${headCallText(ASSUME_CALLER, [literalOf(client, keyDigest)], prepared)}`;
}

/** The key digest the operation's transaction assumes after admission (null: anonymous). */
function assumedDigest(admission: DeferredAdmission): Buffer | null {
  return admission.anonymous === true ? null : admission.keyDigest;
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

/** The literal of a value as pg would send it as a parameter (prepareValue), quoted. */
function literalOf(client: pg.PoolClient, v: unknown): string {
  const value = prepareValue(v);
  if (value === null || value === undefined) return 'null';
  if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'::bytea`;
  return client.escapeLiteral(String(value));
}

/** The statements of app_hidden.admit_request in a transaction of its own (a count that commits). */
function admissionStatements(client: pg.PoolClient, admission: DeferredAdmission, settings: string, prepared: boolean): string[] {
  const literals = [admission.keyDigest, ...admission.args].map((v) => literalOf(client, v));
  return [`begin${settings}`, 'set local role marine_anonymous', headCallText(ADMIT_REQUEST, literals, prepared), 'commit'];
}

/** Hears every failure of a checkout or a statement (the metrics count the timeouts among them). */
export type FaultListener = (err: unknown) => void;

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
    if (replica !== undefined) return this.replicaCall(replica, caller, operation);
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
   * A read a replica answers (docs/decisions.md, "Read replicas and a transaction pooler"). A
   * pending admission runs on this database, the primary, at the same time: two round trips
   * that overlap, one per server, so the request waits for the slower of the two instead of
   * both. The read's answer is used only once admission has allowed the request (a refusal
   * answers instead, and the read's work is wasted). A replica that cannot answer (down, shutting down, a key it has not
   * replayed yet, a recovery conflict) leaves the read to the primary, as the admitted caller.
   */
  private async replicaCall<R extends pg.QueryResultRow>(
    replica: Replica<Database>,
    caller: Caller,
    operation: pg.QueryConfig,
  ): Promise<pg.QueryResult<R>> {
    const admission = caller.admission;
    caller.admission = undefined;
    const as = admission === undefined ? { caller } : { keyDigest: assumedDigest(admission) };
    const [admitted, read] = await Promise.allSettled([
      admission === undefined ? null : this.admitAlone(admission),
      replica.db.asCaller<R>(as, operation),
    ]);
    if (admitted.status === 'rejected') throw admitted.reason;
    if (read.status === 'fulfilled') return read.value;
    const err: unknown = read.reason;
    const code = (err as { code?: unknown }).code;
    if (isDatabaseUnavailable(err)) this.replicas?.failed(replica, err);
    else if (code !== 'CREDS' && code !== '40001') throw err;
    return this.asCaller<R>({ caller }, operation);
  }

  /** Admission alone, in one round trip (its own transaction, which commits the count). */
  private async admitAlone(admission: DeferredAdmission): Promise<void> {
    const client = await checkOut(this.pool, this.onFault);
    let broken: Error | undefined;
    try {
      let results: pg.QueryResult[];
      try {
        const text = admissionStatements(client, admission, this.transactionSettings, this.headPrepared).join('; ');
        results = (await send(client, { text })) as unknown as pg.QueryResult[];
      } catch (err) {
        this.onFault?.(err);
        await send(client, { text: 'rollback' }).catch((e: Error) => (broken = e));
        admission.fail(err);
      }
      // admit_request's row is the result before the commit's.
      admission.settle(JSON.parse(results[results.length - 2]!.rows[0]![ADMISSION_COLUMN] as string));
    } finally {
      client.release(broken);
    }
  }

  /**
   * The operation in a transaction as the caller, in one round trip: a caller already admitted
   * (or not to be: ANONYMOUS), or a key's digest that app_hidden.assume_caller turns into its
   * caller (a replica's read, while the primary admits).
   */
  async asCaller<R extends pg.QueryResultRow>(
    as: { keyDigest: Buffer | null } | { caller: Caller },
    operation: pg.QueryConfig,
  ): Promise<pg.QueryResult<R>> {
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
