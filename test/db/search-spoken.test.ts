// Places in words (issue 23): the spoken queries of bench/search-eval/spoken.json (as owners say
// them: "bottom paint in florida", "sailmaker newport ri", symptoms) through the SQL search on
// the seeded template. A place named in q filters the search and is reported, never ignored.
import { evaluate, search, type Outcome } from '../../bench/search-eval/evaluate';
import { loadQuerySet } from '../../bench/search-eval/judged';
import { summarize } from '../../bench/search-eval/metrics';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let outcomes: Outcome[];
beforeAll(async () => {
  db = await createTestDatabase();
  const c = await db.pool.connect();
  try {
    outcomes = await evaluate(c, loadQuerySet('spoken'));
  } finally {
    c.release();
  }
});
afterAll(() => db.drop());

test('at least 30 spoken queries, each with something relevant in the data', () => {
  expect(outcomes.length).toBeGreaterThanOrEqual(30);
  expect(outcomes.filter((o) => o.relevant === 0).map((o) => o.query.q)).toEqual([]);
});

test('precision@5 at least 0.9, no query without results', () => {
  expect(summarize(outcomes.map((o) => o.score)).precisionAt5).toBeGreaterThanOrEqual(0.9);
  expect(outcomes.filter((o) => o.results.length === 0).map((o) => o.query.q)).toEqual([]);
});

test('every place a query names filters it, and none of its words is ignored', () => {
  const placed = outcomes.filter((o) => o.query.city !== undefined || o.query.state !== undefined);
  expect(placed.length).toBeGreaterThanOrEqual(20);
  for (const o of placed) {
    const { place, ignoredWords } = o.matching;
    expect([o.query.q, place?.applied]).toEqual([o.query.q, true]);
    if (o.query.city !== undefined) expect([o.query.q, place?.city]).toEqual([o.query.q, o.query.city]);
    if (o.query.state !== undefined && o.query.city === undefined) expect([o.query.q, place?.state]).toEqual([o.query.q, o.query.state]);
    const placeWords = new Set(place!.words.toLowerCase().split(/\W+/));
    expect([o.query.q, ignoredWords.filter((w) => placeWords.has(w))]).toEqual([o.query.q, []]);
  }
});

test('symptoms without a place name none', () => {
  for (const o of outcomes.filter((x) => x.query.category === 'symptom')) expect([o.query.q, o.matching.place]).toEqual([o.query.q, null]);
});

describe('how a place is read', () => {
  const read = async (q: string, city: string | null = null, state: string | null = null) => {
    const c = await db.pool.connect();
    try {
      const { rows } = await c.query('select q, city, state, place from app_hidden.search_place($1, $2, $3)', [q, city, state]);
      return rows[0];
    } finally {
      c.release();
    }
  };

  test.each([
    ['bottom paint in florida', 'bottom paint in ', null, 'FL', 'florida'],
    ['sailmaker newport ri', 'sailmaker ', 'Newport', 'RI', 'newport ri'],
    ['portland maine canvas', 'canvas', 'Portland', 'ME', 'portland maine'],
    ['St. Augustine diesel', 'diesel', 'St. Augustine', null, 'St. Augustine'],
    ['rigging ME', 'rigging ', null, 'ME', 'ME'],
    ['new york rigging', 'rigging', null, 'NY', 'new york'],
    ['welding washington', 'welding ', null, 'WA', 'washington'],
    ['kailua-kona bottom job', 'bottom job', 'Kailua-Kona', null, 'kailua-kona'],
    ['florida', null, null, 'FL', 'florida'],
  ])('"%s": q %j, city %j, state %j (from %j)', async (q, rest, city, state, words) => {
    expect(await read(q)).toEqual({ q: rest, city, state, place: { words, city: city === null ? null : city, state, applied: true } });
  });

  test('an everyday word that is also a state code is a state only in capitals or after a city', async () => {
    for (const q of ['help me find a rigger', 'diesel or gas', 'oil change in the slip', 'hi need a diver'])
      expect((await read(q)).place).toBeNull();
    expect((await read('diver HI')).state).toBe('HI');
    expect((await read('diver honolulu hi')).state).toBe('HI');
  });

  test('q that reads as a business name keeps its place as words; the parameters win over q', async () => {
    expect(await read('Milwaukee Stainless Works')).toEqual({
      q: 'Milwaukee Stainless Works',
      city: null,
      state: null,
      place: { words: 'Milwaukee', city: 'Milwaukee', state: null, applied: false },
    });
    // A parameter wins; the place still leaves q, reported applied only where it filled a gap.
    expect(await read('diesel florida', null, 'MD')).toEqual({
      q: 'diesel ',
      city: null,
      state: 'MD',
      place: { words: 'florida', city: null, state: 'FL', applied: false },
    });
    expect(await read('diesel annapolis md', null, 'MD')).toMatchObject({
      q: 'diesel ',
      city: 'Annapolis',
      state: 'MD',
      place: { applied: true },
    });
  });

  test('the search returns what the place filters, through the REST function', async () => {
    const c = await db.pool.connect();
    try {
      const florida = await search(c, 'bottom paint in florida', 20);
      const { rows } = await db.pool.query('select slug, state from app_public.contractors where slug = any($1)', [florida.slugs]);
      expect(rows.length).toBe(florida.slugs.length);
      expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['FL']));
    } finally {
      c.release();
    }
  });
});
