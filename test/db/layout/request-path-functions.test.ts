// db/CONVENTIONS.md: a function that runs in a request's transaction is PL/pgSQL, or a SQL
// function PostgreSQL can inline. A SQL function that is security definer or carries its own
// settings is never inlined, so every transaction that calls it parses and plans it again
// (key_caller, contractor_list_item, contractor_profile and autocomplete each cost 0.4-3 ms of
// PostgreSQL CPU a request that way). The ones written before the rule were converted by
// 2026-11-27 (docs/performance.md); none may be added.
import { createTestDatabase, type TestDatabase } from '../../helpers/db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

test('no request-path SQL function is planned again in each transaction: every one can be inlined', async () => {
  const { rows } = await db.pool.query<{ name: string }>(
    `select distinct p.proname as name
       from pg_proc p
       join pg_language l on l.oid = p.prolang
      where p.pronamespace = 'app_hidden'::regnamespace
        and l.lanname = 'sql'
        and (p.prosecdef or p.proconfig is not null)
      order by 1`,
  );
  expect(rows.map((r) => r.name)).toEqual([]);
});
