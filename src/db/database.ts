// Every request's SQL runs in one transaction as the caller's role, with the caller's claims as
// transaction-local settings, so row-level security decides what is visible (DESIGN.md).
// Arguments travel as bound parameters, except in the directory's one-round-trip reads
// (admittedCall), whose arguments are never secrets.
import pg from 'pg';
import { RawJson } from '../json/raw-json';

// pg's own conversion of a parameter value to its text form (dates, arrays, JSON, null).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): unknown };

export type RequestRole = 'marine_anonymous' | 'marine_agent' | 'marine_admin';

export interface Caller {
  role: RequestRole;
  userId: string | null;
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
}

export const ANONYMOUS: Caller = { role: 'marine_anonymous', userId: null };

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

/** pool.connect through the callback form, for the same reason as send(). */
function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    pool.connect((err, client) => (err ? reject(err) : resolve(client!)));
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

const ADMISSION_COLUMN = 'admission_';

export class Database {
  constructor(readonly pool: pg.Pool) {}

  /** Runs fn in a transaction as the caller; commits on success, rolls back on any error. */
  async asCaller<T>(caller: Caller, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    checkCallerId(caller);
    const client = await checkOut(this.pool);
    let broken: Error | undefined;
    try {
      await send(client, { text: `begin; ${becomeCaller(client, caller)}` });
      const result = await fn(client);
      await send(client, { text: 'commit' });
      return result;
    } catch (err) {
      await send(client, { text: 'rollback' }).catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Calls one SQL function that returns JSON and gives back its parsed result. */
  async callJson<T = unknown>(caller: Caller, fn: string, args: unknown[]): Promise<T> {
    const result = await this.call<{ result: T }>(caller, (list) => `select ${checkedName(fn)}(${list}) as result`, args);
    const value = result.rows[0]!.result;
    if (isRefusal(value)) throw new DbRefusal(value.refusal.code, value.refusal.message, value.refusal.detail);
    return value;
  }

  /**
   * Calls one SQL function that returns a row (`returns table`) and gives back that row; its
   * json columns come back as RawJson, unparsed, to be passed through to the response.
   */
  async callRow<T extends object>(caller: Caller, fn: string, args: unknown[]): Promise<T> {
    const result = await this.call<T & pg.QueryResultRow>(
      caller,
      (list) => `select * from ${checkedName(fn)}(${list})`,
      args,
      RAW_JSON_TYPES,
    );
    return result.rows[0]!;
  }

  // `select` builds the statement around the argument list (a function, not a `%s` to replace:
  // String.replace would read `$&` and `$'` inside an argument as patterns).
  private call<R extends pg.QueryResultRow>(
    caller: Caller,
    select: (argumentList: string) => string,
    args: unknown[],
    types?: pg.CustomTypesConfig,
  ): Promise<pg.QueryResult<R>> {
    const admission = caller.admission;
    caller.admission = undefined;
    if (admission !== undefined) return this.admittedCall(admission, select, args, types);
    // Bound parameters, in a transaction of the caller (three round trips).
    const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
    return this.asCaller(caller, (client) => send<R>(client, { text: select(placeholders), values: args, types }));
  }

  /**
   * Admission and the operation in one round trip, for the directory's reads (docs/performance.md):
   * one simple-protocol query of two transactions. The first admits (app_hidden.admit_request:
   * the rate-limit count commits, and its bucket's lock is released, before the operation runs;
   * a spent quota or a bad key raises, and PostgreSQL then runs nothing after it). The second
   * becomes the admitted caller again from the key's digest (app_hidden.assume_caller) and runs
   * the operation. Nothing is kept in the session, so nothing can leak to the next request.
   * The arguments become literals exactly as pg would send them as parameters (prepareValue),
   * quoted, so they stay untyped until PostgreSQL resolves them against the function's
   * signature. Literals end up in PostgreSQL's log when a statement fails, so only the
   * directory's operations come here: their arguments are search terms, never secrets (the key
   * is a digest by now).
   */
  private async admittedCall<R extends pg.QueryResultRow>(
    admission: DeferredAdmission,
    select: (argumentList: string) => string,
    args: unknown[],
    types?: pg.CustomTypesConfig,
  ): Promise<pg.QueryResult<R>> {
    const client = await checkOut(this.pool);
    let broken: Error | undefined;
    let admitted: string | undefined;
    try {
      const literal = (v: unknown): string => {
        const value = prepareValue(v);
        if (value === null || value === undefined) return 'null';
        if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'::bytea`;
        return client.escapeLiteral(String(value));
      };
      const keyDigest = literal(admission.keyDigest);
      const statements = [
        'begin',
        'set local role marine_anonymous',
        `select app_hidden.admit_request(${[keyDigest, ...admission.args.map(literal)].join(', ')})::text as ${ADMISSION_COLUMN}`,
        'commit',
        'begin',
        'set local role marine_anonymous',
        `select app_hidden.assume_caller(${keyDigest})`,
      ];
      // pg answers a query of several statements with one result per statement, in order: the
      // operation's result is at its statement's index.
      const operation = statements.push(select(args.map(literal).join(', '))) - 1;
      statements.push('commit');
      const text = statements.join('; ');
      let results: pg.QueryResult[];
      try {
        results = (await sendWatching(client, { text, types }, (row) => {
          if (ADMISSION_COLUMN in row) admitted = row[ADMISSION_COLUMN] as string;
        })) as unknown as pg.QueryResult[];
      } catch (err) {
        await send(client, { text: 'rollback' }).catch((e: Error) => (broken = e));
        // The admission committed unless it failed itself: its headers go on the answer.
        if (admitted === undefined) admission.fail(err);
        admission.settle(JSON.parse(admitted));
        throw err;
      }
      admission.settle(JSON.parse(admitted!));
      return results[operation] as pg.QueryResult<R>;
    } finally {
      client.release(broken);
    }
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

  close(): Promise<void> {
    return this.pool.end();
  }
}

export interface PoolSettings {
  max: number;
  /** How long a request may wait for a connection (pg's connectionTimeoutMillis). */
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
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
    connectionTimeoutMillis: settings.acquireTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
  });
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // pg-pool re-emits an idle client's error here as well: it was reported by the client's own
  // listener already, but the pool must have a listener too.
  pool.on('error', () => undefined);
  return pool;
}

export function createDatabase(connectionString: string, settings: PoolSettings, onConnectionError?: (err: Error) => void): Database {
  return new Database(createPool(connectionString, 'marine-api', settings, onConnectionError));
}
