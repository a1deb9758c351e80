// Each test file gets its own database, cloned from the migrated and seeded template that
// scripts/test.sh builds, so files run in parallel without seeing each other's writes.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { RequestRole } from '../../src/db/caller';

/** The roles SQL runs as: a request's, or the staff role that staff GraphQL assumes. */
type DbRole = RequestRole | 'marine_admin';

/** scripts/test.sh builds it; clones are named after it so parallel runs stay apart. */
export const TEMPLATE = process.env.TEST_TEMPLATE ?? 'marine_test_template';

/** A pool or a client: what the function tests send their SQL through. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
}

export interface TestDatabase {
  name: string;
  /** Superuser connection: set-up and checks, bypasses row-level security. */
  url: string;
  /** The API's login role, as the service connects. */
  authUrl: string;
  /** A pool on `url` for direct SQL in tests. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

function base(): string {
  const b = process.env.TEST_PG_BASE;
  if (!b) throw new Error('TEST_PG_BASE is not set: run the tests with `npm test`');
  return b;
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client(`${base()}/postgres`);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${TEMPLATE}_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${TEMPLATE}`);
  // A clone does not inherit its template's settings (ALTER DATABASE ... SET): copy them, so a
  // test database is configured as a migrated one is (search_path with the extensions' schema).
  await adminQuery(`do $$ declare s text; begin
    for s in select unnest(setconfig) from pg_db_role_setting where setrole = 0
      and setdatabase = (select oid from pg_database where datname = '${TEMPLATE}') loop
      execute format('alter database %I set %s = %s', '${name}', split_part(s, '=', 1), substr(s, strpos(s, '=') + 1));
    end loop; end $$`);
  const url = `${base()}/${name}`;
  const u = new URL(url);
  u.username = 'marine_authenticator';
  u.password = '';
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: 'marine-tests' });
  // Clients still closing when drop() forces the database away report it here: expected.
  pool.on('error', () => undefined);
  return {
    name,
    url,
    authUrl: u.toString(),
    pool,
    async drop() {
      await pool.end();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Runs fn as a request role with the given claims, in a transaction that is always rolled back:
 * the way the API runs SQL, without leaving anything behind.
 */
export async function asRole<T>(
  db: TestDatabase,
  role: DbRole,
  fn: (client: pg.PoolClient) => Promise<T>,
  userId: string | null = null,
): Promise<T> {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local role ${role}`);
    await client.query("select set_config('app.user_id', $1, true)", [userId ?? '']);
    return await fn(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/**
 * One statement as a request role (and its claims), committed: a function called as the API
 * calls it in production, when the test needs what it wrote afterwards. Rolled back on error.
 */
export async function callAs(
  db: TestDatabase,
  role: DbRole,
  sql: string,
  values: unknown[] = [],
  userId: string | null = null,
): Promise<pg.QueryResult> {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local role ${role}`);
    await client.query("select set_config('app.user_id', $1, true)", [userId ?? '']);
    const result = await client.query(sql, values);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/** The SQLSTATE a promise rejects with (fails the test if it resolves). */
export async function sqlState(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { code?: string }).code ?? 'no code';
  }
  throw new Error('expected the query to fail');
}
