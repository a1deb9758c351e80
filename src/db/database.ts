// Every request's SQL runs in one transaction as the caller's role, with the caller's claims as
// transaction-local settings, so row-level security decides what is visible (DESIGN.md).
import pg from 'pg';

export type RequestRole = 'marine_anonymous' | 'marine_agent' | 'marine_admin';

export interface Caller {
  role: RequestRole;
  userId: string | null;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class Database {
  constructor(readonly pool: pg.Pool) {}

  /** Runs fn in a transaction as the caller; commits on success, rolls back on any error. */
  async asCaller<T>(caller: Caller, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      // One round trip: the role name comes from a closed set and the id is checked, so both
      // can be literals in a simple (multi-statement) query.
      if (caller.userId !== null && !UUID.test(caller.userId)) throw new Error('caller id is not a UUID');
      const claim = caller.userId === null ? "''" : client.escapeLiteral(caller.userId);
      await client.query(`begin; set local role ${caller.role}; select set_config('app.user_id', ${claim}, true)`);
      const result = await fn(client);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Calls one SQL function that returns JSON and gives back its parsed result. */
  async callJson<T = unknown>(caller: Caller, fn: string, args: unknown[]): Promise<T> {
    if (!/^[a-z_]+\.[a-z_]+$/.test(fn)) throw new Error(`not a function name: ${fn}`);
    const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
    const result = await this.asCaller(caller, async (client) => {
      const { rows } = await client.query<{ result: T }>(`select ${fn}(${placeholders}) as result`, args);
      return rows[0]!.result;
    });
    if (isRefusal(result)) throw new DbRefusal(result.refusal.code, result.refusal.message, result.refusal.detail);
    return result;
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
