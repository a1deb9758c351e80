// Every request's SQL runs in one transaction as the caller's role, with the caller's claims as
// transaction-local settings, so row-level security decides what is visible (DESIGN.md).
import pg from 'pg';
import { RawJson } from '../http/raw-json';

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

/** An admission to run with the caller's first operation (db/migrations/0010_admitted_calls.sql). */
export interface DeferredAdmission {
  /** app_hidden.admit_for_call's arguments. */
  readonly args: readonly unknown[];
  /** Applies admit_for_call's result (headers, the caller's role and id); throws the 429. */
  settle(admission: unknown): void;
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
  constructor(readonly code: string, message: string, readonly detail?: string) {
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
    JSON_OIDS.has(oid) ? (text: string) => new RawJson(text) : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * client.query through node-pg's callback form. Its promise form kept every result alive through
 * the young-generation collections (~70% of what a query allocated survived and was promoted, so
 * the old generation filled with pages and a full collection ran every few hundred requests);
 * through the callback form 0.1% survives (docs/performance.md, entry 16; bench/promotion.ts).
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class Database {
  constructor(readonly pool: pg.Pool) {}

  /** Runs fn in a transaction as the caller; commits on success, rolls back on any error. */
  async asCaller<T>(caller: Caller, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await checkOut(this.pool);
    let broken: Error | undefined;
    try {
      // One round trip: the role name comes from a closed set and the id is checked, so both
      // can be literals in a simple (multi-statement) query.
      if (caller.userId !== null && !UUID.test(caller.userId)) throw new Error('caller id is not a UUID');
      const claim = caller.userId === null ? "''" : client.escapeLiteral(caller.userId);
      await send(client, { text: `begin; set local role ${caller.role}; select set_config('app.user_id', ${claim}, true)` });
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

  /**
   * Calls one SQL function that returns JSON and gives back its parsed result. The whole
   * transaction (begin, role, claims, the call, commit) is one simple-protocol query: one round
   * trip instead of three (docs/performance.md). Arguments become literals exactly as pg would
   * send them as parameters (prepareValue), quoted, so they stay untyped until PostgreSQL
   * resolves them against the function's signature, as parameters do.
   */
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
    const result = await this.call<T & pg.QueryResultRow>(caller, (list) => `select * from ${checkedName(fn)}(${list})`, args, RAW_JSON_TYPES);
    return result.rows[0]!;
  }

  // `select` builds the statement around the argument list (a function, not a `%s` to replace:
  // String.replace would read `$&` and `$'` inside an argument as patterns).
  private async call<R extends pg.QueryResultRow>(caller: Caller, select: (argumentList: string) => string, args: unknown[], types?: pg.CustomTypesConfig): Promise<pg.QueryResult<R>> {
    const admission = caller.admission;
    caller.admission = undefined;
    const values = args.map((a) => prepareValue(a));
    if (values.some((v) => Buffer.isBuffer(v))) {
      // Binary arguments keep the parameterised path (none of today's operations take one).
      await admission?.now();
      if (caller.userId !== null && !UUID.test(caller.userId)) throw new Error('caller id is not a UUID');
      const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
      return this.asCaller(caller, (client) => send<R>(client, { text: select(placeholders), values: args, types }));
    }
    if (!admission && caller.userId !== null && !UUID.test(caller.userId)) throw new Error('caller id is not a UUID');
    const client = await checkOut(this.pool);
    let broken: Error | undefined;
    try {
      const literal = (v: unknown) => (v === null || v === undefined ? 'null' : client.escapeLiteral(String(v)));
      // A deferred admission goes first, as a transaction of its own (committed before the
      // operation: 0010_admitted_calls.sql); the operation's transaction then becomes the caller
      // it admitted. Either way the operation's result is the fourth of its transaction's five.
      const admit = admission === undefined ? '' : "select set_config('app.admission', '', false); " +
        'begin; set local role marine_anonymous; ' +
        `select app_hidden.admit_for_call(${admission.args.map((a) => literal(prepareValue(a))).join(', ')})::text as admission; commit; `;
      const become = admission === undefined
        ? `set local role ${caller.role}; select set_config('app.user_id', ${caller.userId === null ? "''" : client.escapeLiteral(caller.userId)}, true)`
        : 'set local role marine_anonymous; select app_hidden.assume_admitted()';
      let results: pg.QueryResult[];
      try {
        results = await send(client, {
          text: `${admit}begin; ${become}; ${select(values.map(literal).join(', '))}; commit`,
          types,
        }) as unknown as pg.QueryResult[];
      } catch (err) {
        // With an admission, it was committed unless it failed itself (then the setting is empty
        // and err says why): read it back for the rate-limit headers.
        const after = await send(client, { text: `rollback${admission ? "; select current_setting('app.admission', true) as admission" : ''}` })
          .catch((e: Error) => { broken = e; throw err; }) as unknown as pg.QueryResult[];
        const admitted = after[1]?.rows[0]?.admission as string | null | undefined;
        if (admission && admitted) admission.settle(JSON.parse(admitted));
        throw err;
      }
      if (admission) admission.settle(JSON.parse(results[3]!.rows[0]!.admission as string));
      return results[admission ? 8 : 3] as pg.QueryResult<R>;
    } finally {
      client.release(broken);
    }
  }

  async isReachable(): Promise<boolean> {
    try {
      await this.pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export function createDatabase(connectionString: string, max: number): Database {
  const pool = new pg.Pool({ connectionString, max, application_name: 'marine-api' });
  // An idle client that loses its connection emits here; without a listener the process dies.
  pool.on('error', () => undefined);
  return new Database(pool);
}
