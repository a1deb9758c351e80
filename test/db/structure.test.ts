// Structural rules of db/CONVENTIONS.md that must hold for every table and function, including
// the ones later migrations add.
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

test('every table in the application schemas has row-level security enabled', async () => {
  const { rows } = await db.pool.query(`
    select n.nspname || '.' || c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('app_public', 'app_hidden', 'app_private')
       and not c.relrowsecurity`);
  expect(rows.map((r) => r.name)).toEqual([]);
});

test('every security definer function pins its search_path', async () => {
  const { rows } = await db.pool.query(`
    select p.oid::regprocedure::text as name
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('app_public', 'app_hidden', 'app_private') and p.prosecdef
       and not exists (select 1 from unnest(p.proconfig) c where c like 'search_path=%')`);
  expect(rows.map((r) => r.name)).toEqual([]);
});

test('no request role can use app_private or execute its functions', async () => {
  const { rows } = await db.pool.query(`
    select r.rolname, has_schema_privilege(r.rolname, 'app_private', 'usage') as usage
      from pg_roles r where r.rolname in ('marine_anonymous', 'marine_agent', 'marine_admin')`);
  expect(rows).toHaveLength(3);
  for (const row of rows) expect(row).toEqual({ rolname: row.rolname, usage: false });
  const { rows: executable } = await db.pool.query(`
    select r.rolname || ': ' || p.oid::regprocedure::text as grant
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     cross join pg_roles r
     where n.nspname = 'app_private' and r.rolname in ('marine_anonymous', 'marine_agent', 'marine_admin')
       and has_function_privilege(r.oid, p.oid, 'execute')`);
  expect(executable.map((r) => r.grant)).toEqual([]);
});

test('functions are not executable by PUBLIC unless granted on purpose', async () => {
  const { rows } = await db.pool.query(`
    select p.oid::regprocedure::text as name
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('app_public', 'app_hidden', 'app_private')
       and has_function_privilege('public', p.oid, 'execute')`);
  expect(rows.map((r) => r.name)).toEqual([]);
});

test('every app_public table and every app_hidden function is documented with a comment', async () => {
  const { rows } = await db.pool.query(`
    select 'table ' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'app_public' and c.relkind = 'r' and obj_description(c.oid, 'pg_class') is null
    union all
    select 'function ' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'app_hidden' and obj_description(p.oid, 'pg_proc') is null`);
  expect(rows.map((r) => r.name)).toEqual([]);
});
