// Database.callJson sends a directory operation's arguments as quoted literals in one
// simple-protocol query with its admission (Database.admittedCall), and every other call's as
// bound parameters: either way every value must reach PostgreSQL exactly as given, including
// what String.replace or SQL quoting would read specially.
import { ANONYMOUS, type Caller } from '../../src/db/caller';
import { Database } from '../../src/db/database';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

test.each(["it's", 'back\\slash', "$& and $' and $` and $1", "'); drop table app_public.contractors; --", 'ünïcødé'])(
  'argument %# arrives unchanged',
  async (value) => {
    const database = new Database(db.pool);
    // btrim(text) returns its argument unchanged when it has no surrounding spaces.
    expect(await database.callJson(ANONYMOUS, 'pg_catalog.btrim', [value])).toBe(value);
    const settled: unknown[] = [];
    const admitted: Caller = {
      ...ANONYMOUS,
      admission: {
        keyDigest: null,
        args: ['192.0.2.50', 86400, 1_000_000, 1, 1],
        settle: (a) => void settled.push(a),
        fail: (err) => {
          throw err;
        },
        now: async () => undefined,
      },
    };
    expect(await database.callJson(admitted, 'pg_catalog.btrim', [value])).toBe(value);
    expect(settled).toEqual([expect.objectContaining({ role: 'marine_anonymous', rate: expect.objectContaining({ allowed: true }) })]);
  },
);
