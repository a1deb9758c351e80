// The floor of search quality (issue 16): the judged set of bench/search-eval (97 queries as
// boat owners type them, judged from the tables) through the SQL search on the seeded template.
// npm run search:eval prints the same figures per category.
import { evaluate, searchSlugs, type Outcome } from '../../bench/search-eval/evaluate';
import { loadQuerySet } from '../../bench/search-eval/judged';
import { summarize } from '../../bench/search-eval/metrics';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let outcomes: Outcome[];
beforeAll(async () => {
  db = await createTestDatabase();
  const set = loadQuerySet();
  const c = await db.pool.connect();
  try {
    const { rows } = await c.query<{ n: number }>('select count(*)::int as n from app_public.contractors');
    expect(rows[0]?.n).toBe(set.seedSize);
    outcomes = await evaluate(c, set);
  } finally {
    c.release();
  }
});
afterAll(() => db.drop());

test('at least 80 judged queries, each with something relevant in the data', () => {
  expect(outcomes.length).toBeGreaterThanOrEqual(80);
  expect(outcomes.filter((o) => o.relevant === 0).map((o) => o.query.q)).toEqual([]);
});

test('precision@5 and MRR at least 0.9, no query without results', () => {
  const s = summarize(outcomes.map((o) => o.score));
  expect(s.precisionAt5).toBeGreaterThanOrEqual(0.9);
  expect(s.mrr).toBeGreaterThanOrEqual(0.9);
  expect(outcomes.filter((o) => o.results.length === 0).map((o) => o.query.q)).toEqual([]);
});

test('every exact contractor name comes first, in any case', async () => {
  const named = outcomes.filter((o) => o.query.category === 'exact name');
  expect(named.length).toBeGreaterThanOrEqual(8);
  const c = await db.pool.connect();
  try {
    for (const o of named) {
      for (const q of [o.query.q, o.query.q.toUpperCase(), o.query.q.toLowerCase()]) {
        expect([q, (await searchSlugs(c, q, 1))[0]]).toEqual([q, o.query.contractor]);
      }
    }
  } finally {
    c.release();
  }
});
