// Database.callJson sends arguments as quoted literals in one simple-protocol query: every
// value must reach PostgreSQL exactly as given, including what String.replace or SQL quoting
// would read specially.
import { ANONYMOUS, Database } from '../../src/db/database';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

test.each([
  "it's", 'back\\slash', "$& and $' and $` and $1", "'); drop table app_public.contractors; --", 'ünïcødé',
])('argument %# arrives unchanged', async (value) => {
  const database = new Database(db.pool);
  // btrim(text) returns its argument unchanged when it has no surrounding spaces.
  expect(await database.callJson(ANONYMOUS, 'pg_catalog.btrim', [value])).toBe(value);
});
