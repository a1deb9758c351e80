// Relevance, forgiving matching and type-ahead in SQL (issue 16; docs/decisions.md
// "Relevance"): app_hidden.search_terms, the ranking of app_hidden.search_contractors, the
// derived data they read (specialty tokens, the directory's words) and app_hidden.autocomplete.
// Each test runs in a rolled-back transaction on this file's clone of the seeded template.
import type pg from 'pg';
import { createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** fn's writes as the table owner, then its reads as `role`, all rolled back. */
async function inTransaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await db.pool.connect();
  try {
    await c.query('begin');
    return await fn(c);
  } finally {
    await c.query('rollback');
    c.release();
  }
}

interface Made {
  name: string;
  services?: string[];
  about?: string;
  rating?: number;
}

/** Inserts made-up contractors (ratings as Google ratings with 10 reviews); returns their ids. */
async function make(c: pg.PoolClient, rows: Made[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, r] of rows.entries()) {
    const { rows: made } = await c.query(
      `insert into app_public.contractors (slug, name, services, about, state, google_rating, google_review_count)
       values ($1, $2, $3, $4, 'ME', $5::numeric, case when $5::numeric is null then 0 else 10 end) returning id`,
      [`made-${i}-${Date.now()}`, r.name, r.services ?? [], r.about ?? null, r.rating ?? null],
    );
    ids.push(made[0].id);
  }
  return ids;
}

async function search(c: pg.PoolClient, q: string, opts: { sort?: string; limit?: number; state?: string } = {}) {
  await c.query('set local role marine_anonymous');
  const { rows } = await c.query(`select * from app_hidden.search_contractors($1, null, null, $2, $3, $4)`, [
    q,
    opts.state ?? null,
    opts.sort ?? 'relevance',
    opts.limit ?? 20,
  ]);
  await c.query('reset role');
  const r = rows[0];
  return { ...r, ids: r.contractors.map((x: { id: string }) => x.id) as string[] };
}

async function terms(c: pg.PoolClient, q: string) {
  const { rows } = await c.query(
    `select typed, array(select x::text from unnest(q1) x) as q1, array(select x::text from unnest(qe) x) as qe, corrections
       from app_hidden.search_terms($1)`,
    [q],
  );
  return rows[0];
}

describe('app_hidden.search_terms', () => {
  test('a trade phrase is one unit and means its specialty; stop and filler words drop out', async () => {
    await inTransaction(async (c) => {
      const t = await terms(c, 'my boat needs a bottom paint job ');
      expect(t.typed).toEqual(['bottom paint']);
      expect(t.q1[0]).toContain("'specialty_bottom-painting'");
      expect(t.q1[0]).toContain("'bottom' & 'paint'");
      // A role noun: the specialty, and its own lexeme.
      expect((await terms(c, 'electrician ')).q1).toEqual([expect.stringContaining("'specialty_marine-electrical'")]);
      // Only stop words: no unit. Only filler words: they are the units.
      expect((await terms(c, 'the and of')).typed).toEqual([]);
      expect((await terms(c, 'boat ')).typed).toEqual(['boat']);
    });
  });

  test('typos: none under 5 letters, one edit from 5, two from 9, only for words the directory does not know', async () => {
    await inTransaction(async (c) => {
      const corrected = async (q: string) => (await terms(c, `${q} `)).corrections;
      expect(await corrected('disel')).toEqual([{ word: 'disel', readAs: ['diesel'] }]);
      expect(await corrected('outbord')).toEqual([{ word: 'outbord', readAs: ['outboard'] }]);
      expect(await corrected('outbrd')).toEqual([]); // two edits in 6 letters
      expect(await corrected('refridgiration')).toEqual([{ word: 'refridgiration', readAs: ['refrigeration'] }]); // two in 14
      expect(await corrected('dsel')).toEqual([]); // 4 letters
      expect(await corrected('diesels')).toEqual([]); // a known word
      // A correction is an alternative of its unit, not an exact one.
      const t = await terms(c, 'disel ');
      expect(t.q1[0]).toContain("'diesel'");
      expect(t.qe[0]).not.toContain("'diesel'");
    });
  });

  test('the last word is completed unless q ends in a space', async () => {
    await inTransaction(async (c) => {
      expect((await terms(c, 'rigg')).q1[0]).toContain("'rig'");
      expect((await terms(c, 'rigg ')).q1[0]).not.toContain("'rig'");
    });
  });
});

describe('ranking', () => {
  test('name or specialty over services over description; then rating', async () => {
    await inTransaction(async (c) => {
      const [inAbout, inServices, inName, inNameWorse] = await make(c, [
        { name: 'Able Yard', about: 'Zephyrine work daily.', rating: 5 },
        { name: 'Baker Yard', services: ['Zephyrine fitting'], rating: 4.9 },
        { name: 'Zephyrine Marine', rating: 4.5 },
        { name: 'Zephyrine Works', rating: 3 },
      ]);
      expect((await search(c, 'zephyrine')).ids).toEqual([inName, inNameWorse, inServices, inAbout]);
      expect((await search(c, 'zephyrine', { sort: 'rating' })).ids).toEqual([inAbout, inServices, inName, inNameWorse]);
    });
  });

  test('an exact name (any case, any punctuation) comes first', async () => {
    await inTransaction(async (c) => {
      const [other, exact] = await make(c, [
        { name: 'Quillon Quay Marine Services', rating: 5 },
        { name: "Quillon Quay's", rating: 2 },
      ]);
      expect((await search(c, "QUILLON QUAY'S")).ids).toEqual([exact, other]);
      expect((await search(c, 'quillon quay')).ids).toEqual([other, exact]);
    });
  });

  test('an exact word outranks a completion; more matched words outrank fewer (soft matching)', async () => {
    await inTransaction(async (c) => {
      const [completed, exact] = await make(c, [
        { name: 'Alpha Yard', services: ['Gribbleworks'], rating: 5 },
        { name: 'Beta Yard', services: ['Gribble'], rating: 3 },
      ]);
      expect((await search(c, 'gribble')).ids).toEqual([exact, completed]);
      expect((await search(c, 'gribble ')).ids).toEqual([exact]);

      const [one, two] = await make(c, [
        { name: 'Gamma Yard', services: ['Snorkwise'], rating: 5 },
        { name: 'Delta Yard', services: ['Snorkwise', 'Plimsoller'], rating: 1 },
      ]);
      const [three] = await make(c, [{ name: 'Epsilon Yard', services: ['Plimsoller', 'Vortigern'], rating: 4 }]);
      // All three words together match nothing: the best partial matches, most words first (two
      // each, the better rated first), then one.
      const r = await search(c, 'snorkwise plimsoller vortigern ');
      expect(r.ids).toEqual([three, two, one]);
      expect(r.total).toBe(3);
      expect(r.ignored_words).toEqual(['snorkwise']); // what the first result lacks
    });
  });

  test('a word nothing matches is ignored, and said to be', async () => {
    await inTransaction(async (c) => {
      const [made] = await make(c, [{ name: 'Zephyrine Marine', rating: 4 }]);
      const r = await search(c, 'zephyrine xqzzkv ');
      expect(r.ids).toEqual([made]);
      expect(r.ignored_words).toEqual(['xqzzkv']);
      const none = await search(c, 'xqzzkv ');
      expect([none.ids, none.total, none.ignored_words]).toEqual([[], 0, ['xqzzkv']]);
    });
  });

  test('the word bound: units after the eighth are not matched, and are reported as ignored', async () => {
    await inTransaction(async (c) => {
      const [made] = await make(c, [{ name: 'Quillfeather Marine', rating: 4 }]);
      // Ten units: the name's word, then words no contractor has (four letters: never corrected).
      const q = 'quillfeather xqzk qzxv zvqx kxqz vzkq jxqz zqjx xjvq qvjz ';
      const r = await search(c, q);
      expect(r.ids).toEqual([made]);
      // The ninth and tenth are beyond the bound; the others matched nothing.
      expect([...r.ignored_words].sort()).toEqual(['jxqz', 'kxqz', 'qvjz', 'qzxv', 'vzkq', 'xjvq', 'xqzk', 'zqjx', 'zvqx']);
      expect(r.ignored_words).not.toContain('quillfeather');
      const { rows } = await c.query('select app_hidden.search_unit_bound() as n');
      expect(rows[0].n).toBe(8);
      // A typo past the bound is not corrected either (the same word within it is).
      const past = await search(c, `${q}generater `);
      expect(past.ignored_words).toContain('generater');
      expect(past.corrections).toEqual([]);
      const within = await search(c, 'quillfeather generater ');
      expect(within.corrections).toEqual([{ word: 'generater', readAs: expect.arrayContaining(['generator']) }]);
      // Past the bound each word is a unit of its own (not looked up as a phrase); stop words still drop.
      expect((await terms(c, `${q}bottom painting and varnish`)).typed.slice(-3)).toEqual(['bottom', 'painting', 'varnish']);
      const pastPhrase = await search(c, `${q}bottom painting and varnish`);
      expect(pastPhrase.ignored_words).toEqual(expect.arrayContaining(['bottom', 'painting', 'varnish']));
      expect(pastPhrase.ignored_words).not.toContain('and');
      expect((await terms(c, 'bottom painting varnish')).typed).toEqual(['bottom painting', 'varnish']);
    });
  });

  test('a brand: a listing that names it outranks one that only has its specialty', async () => {
    await inTransaction(async (c) => {
      const { rows } = await c.query(`select id from app_public.specialties where slug = 'outboard-service'`);
      const [names, only] = await make(c, [
        { name: 'Kappa Yard', services: ['Yamaha outboards'], rating: 3 },
        { name: 'Lambda Yard', services: ['Lower units'], rating: 5 },
      ]);
      for (const id of [names, only]) {
        await c.query(`insert into app_public.contractor_specialties (contractor_id, specialty_id) values ($1, $2)`, [id, rows[0].id]);
      }
      const r = await search(c, 'yamaha ', { state: 'ME', limit: 100 });
      expect(r.ids.indexOf(names)).toBeLessThan(r.ids.indexOf(only));
      expect(r.ids).toContain(only);
    });
  });

  // 'riggin' (a word typed so far) pages through the top tier of its completion first, then the rank.
  test.each(['diesel mechanic', 'riggin'])('relevance keys page without gaps or repeats: %s', async (q) => {
    await inTransaction(async (c) => {
      await c.query('set local role marine_anonymous');
      const all = (
        await c.query(`select contractors, next from app_hidden.search_contractors($1, null, null, null, 'relevance', 1000)`, [q])
      ).rows[0];
      const walked: string[] = [];
      const keys: string[] = [];
      let after: { key: number[]; id: string } | null = null;
      do {
        const page: { contractors: { id: string }[]; next: { key: number[]; id: string } | null } = (
          await c.query(`select contractors, next from app_hidden.search_contractors($1, null, null, null, 'relevance', 7, 0, $2, $3)`, [
            q,
            after?.key ?? null,
            after?.id ?? null,
          ])
        ).rows[0];
        walked.push(...page.contractors.map((x) => x.id));
        after = page.next;
        if (after) keys.push(JSON.stringify(after.key.slice(0, 4)));
      } while (after);
      expect(walked.length).toBeGreaterThan(20);
      expect(walked).toEqual(all.contractors.map((x: { id: string }) => x.id));
      if (q === 'riggin') expect(new Set(keys).size).toBeGreaterThan(1); // the tier's pages, then others
    });
  });

  test('under soft matching only the rows with enough units to reach the page are ranked: every page is as from the whole window', async () => {
    await inTransaction(async (c) => {
      // Five made-up words, never all in one document: one row of three, four of two, and ones
      // of one of them, rated so that rating alone would put the fewer words first.
      const made = await make(c, [
        { name: 'Harrowgate One', about: 'Plimvort quazzle trebnik.', rating: 1.0 },
        { name: 'Harrowgate Two', about: 'Plimvort quazzle.', rating: 2.0 },
        { name: 'Harrowgate Three', about: 'Trebnik yorvane.', rating: 2.1 },
        { name: 'Harrowgate Four', about: 'Quazzle zindrel.', rating: 2.2 },
        { name: 'Harrowgate Five', about: 'Yorvane zindrel.', rating: 2.3 },
        ...['Plimvort', 'Quazzle', 'Trebnik', 'Yorvane', 'Zindrel'].map((w, i) => ({
          name: `Harrowgate ${w} Solo`,
          about: `${w}.`,
          rating: 4 + i / 10,
        })),
      ]);
      const q = 'plimvort quazzle trebnik yorvane zindrel ';
      await c.query('set local role marine_anonymous');
      const call = async (limit: number, offset: number, after: { key: number[]; id: string } | null) =>
        (
          await c.query(
            `select contractors, next, total from app_hidden.search_contractors($1, null, null, null, 'relevance', $2, $3, $4, $5)`,
            [q, limit, offset, after?.key ?? null, after?.id ?? null],
          )
        ).rows[0] as { contractors: { id: string }[]; next: { key: number[]; id: string } | null; total: number };
      // Three words, then two (better rated first), then one: not the rated order.
      const expected = [made[0], made[4], made[3], made[2], made[1], ...made.slice(5).reverse()];
      const whole = await call(100, 0, null); // a page larger than the rows: all of them ranked
      expect([whole.total, whole.contractors.map((x) => x.id)]).toEqual([10, expected]);
      for (const limit of [1, 2, 3]) {
        const walked: string[] = [];
        let after: { key: number[]; id: string } | null = null;
        do {
          const page = await call(limit, 0, after);
          walked.push(...page.contractors.map((x) => x.id));
          after = page.next;
        } while (after);
        expect([limit, walked]).toEqual([limit, expected]);
        // Page numbers (an offset) as well.
        expect([limit, (await call(limit, 2 * limit, null)).contractors.map((x) => x.id)]).toEqual([
          limit,
          expected.slice(2 * limit, 3 * limit),
        ]);
      }
    });
  });

  // The top tier: every unit in the name or as a specialty, read from the 'a:' postings in
  // rated order without scoring; its key is [0, units, 0, 3 x units, rating].
  test('the top tier: a page of name or specialty matches in rated order, keyed as the best rows, paging on', async () => {
    await inTransaction(async (c) => {
      const { rows: expected } = await c.query(
        `select c.id, coalesce(c.public_rating, 0)::numeric(3,2)::text as rating from app_public.contractors c
          where c.is_active and ts_filter(c.search, '{a}') @@ $$'specialty_diesel-engines' | 'diesel'$$::tsquery
          order by coalesce(c.public_rating, 0) desc, c.search_no desc`,
      );
      expect(expected.length).toBeGreaterThan(12);
      await c.query('set local role marine_anonymous');
      const first = (
        await c.query(`select contractors, next from app_hidden.search_contractors('diesel', null, null, null, 'relevance', 5)`)
      ).rows[0];
      expect(first.contractors.map((x: { id: string }) => x.id)).toEqual(expected.slice(0, 5).map((r) => r.id));
      expect(first.next.key).toEqual([0, 1, 0, 3, Number(expected[4].rating)]);
      const second = (
        await c.query(`select contractors from app_hidden.search_contractors('diesel', null, null, null, 'relevance', 5, 0, $1, $2)`, [
          first.next.key,
          first.next.id,
        ])
      ).rows[0];
      expect(second.contractors.map((x: { id: string }) => x.id)).toEqual(expected.slice(5, 10).map((r) => r.id));
    });
  });

  test('an unknown sort is refused', async () => {
    await inTransaction(async (c) => {
      await c.query('set local role marine_anonymous');
      expect(await sqlState(c.query(`select * from app_hidden.search_contractors('diesel', null, null, null, 'newest', 5)`))).toBe('22023');
    });
  });
});

describe('what the search reads', () => {
  test('specialty tokens follow links and slug renames', async () => {
    await inTransaction(async (c) => {
      const [id] = await make(c, [{ name: 'Mu Yard' }]);
      const { rows } = await c.query(`select id from app_public.specialties where slug = 'rigging'`);
      const doc = async () =>
        (await c.query(`select specialty_slugs, search::text as search from app_public.contractors where id = $1`, [id])).rows[0];
      await c.query(`insert into app_public.contractor_specialties (contractor_id, specialty_id) values ($1, $2)`, [id, rows[0].id]);
      expect(await doc()).toEqual({ specialty_slugs: ['rigging'], search: expect.stringContaining("'specialty_rigging':") });
      await c.query(`update app_public.specialties set slug = 'rigging-and-spars' where id = $1`, [rows[0].id]);
      expect((await doc()).specialty_slugs).toEqual(['rigging-and-spars']);
      await c.query(`delete from app_public.contractor_specialties where contractor_id = $1`, [id]);
      expect(await doc()).toEqual({ specialty_slugs: [], search: expect.not.stringContaining('specialty_') });
    });
  });

  // List items read their specialties off the row (specialty_items, 0024), so every change of a
  // link or a specialty's name or slug must reach it, in name order.
  test('list items follow links, renames and re-slugs, by specialty name', async () => {
    await inTransaction(async (c) => {
      const [id] = await make(c, [{ name: 'Nu Yard' }]);
      const spec = async (slug: string) => (await c.query(`select id, name from app_public.specialties where slug = $1`, [slug])).rows[0];
      const rigging = await spec('rigging');
      const welding = await spec('welding-fabrication');
      const item = async () =>
        (await c.query(`select app_hidden.contractor_list_item(c) as item from app_public.contractors c where id = $1`, [id])).rows[0].item;
      expect(await item()).toMatchObject({ specialties: [], specialities: [] });
      await c.query(`insert into app_public.contractor_specialties (contractor_id, specialty_id) values ($1, $2), ($1, $3)`, [
        id,
        welding.id,
        rigging.id,
      ]);
      expect(await item()).toMatchObject({
        specialties: ['rigging', 'welding-fabrication'],
        specialities: [
          { id: rigging.id, name: rigging.name, slug: 'rigging' },
          { id: welding.id, name: welding.name, slug: 'welding-fabrication' },
        ],
      });
      await c.query(`update app_public.specialties set name = 'Arc Welding', slug = 'arc-welding' where id = $1`, [welding.id]);
      expect(await item()).toMatchObject({
        specialties: ['arc-welding', 'rigging'],
        specialities: [
          { id: welding.id, name: 'Arc Welding', slug: 'arc-welding' },
          { id: rigging.id, name: rigging.name, slug: 'rigging' },
        ],
      });
      await c.query(`update app_public.specialties set name = 'Zinc Welding' where id = $1`, [welding.id]);
      expect((await item()).specialties).toEqual(['rigging', 'arc-welding']);
      await c.query(`delete from app_public.contractor_specialties where contractor_id = $1 and specialty_id = $2`, [id, rigging.id]);
      expect(await item()).toMatchObject({
        specialties: ['arc-welding'],
        specialities: [{ id: welding.id, name: 'Zinc Welding', slug: 'arc-welding' }],
      });
    });
  });

  test("every contractor's stored specialty lists are what its links say (after the seed's recount)", async () => {
    await inTransaction(async (c) => {
      const {
        rows: [r],
      } = await c.query(`select count(*)::int as rows,
          count(*) filter (where (c.specialty_items->'slugs')::jsonb <> coalesce(l.by_name, '[]')
                              or (c.specialty_items->'objects')::jsonb <> coalesce(l.objects, '[]'))::int as differ,
          count(*) filter (where json_array_length(c.specialty_items->'slugs') > 0)::int as with_specialties
        from app_public.contractors c
        cross join lateral (select jsonb_agg(s.slug order by s.name, s.id) as by_name,
                                   jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'slug', s.slug) order by s.name, s.id) as objects
                              from app_public.contractor_specialties cs join app_public.specialties s on s.id = cs.specialty_id
                             where cs.contractor_id = c.id) l`);
      expect(r.rows).toBeGreaterThan(100);
      expect(r.with_specialties).toBeGreaterThan(100);
      expect(r.differ).toBe(0);
    });
  });

  test("a new contractor's words are known at once (no typo correction away from them)", async () => {
    await inTransaction(async (c) => {
      expect((await terms(c, 'quobbleston ')).corrections).toEqual([]);
      await make(c, [{ name: 'Quobbleton Marine' }]);
      expect((await terms(c, 'quobbleston ')).corrections).toEqual([{ word: 'quobbleston', readAs: ['quobbleton'] }]);
    });
  });

  test('the vocabulary covers every specialty with several trade words, and names only real ones', async () => {
    const { rows } = await db.pool.query(`select s.slug, count(v.term)::int as n
        from app_public.specialties s left join app_private.search_vocabulary v on v.specialty_slug = s.slug
       group by s.slug order by n`);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((r) => r.n < 4)).toEqual([]);
    const { rows: stray } = await db.pool.query(`select distinct specialty_slug from app_private.search_vocabulary v
       where not exists (select from app_public.specialties s where s.slug = v.specialty_slug)`);
    expect(stray).toEqual([]);
  });

  // Every match comes from the rating-banded postings (search_walk); the documents' own tsquery
  // match must find the same rows, nationally and under each filter.
  test('a search finds what the documents match, nationally and under each filter (totals and pages)', async () => {
    const { rows: states } = await db.pool.query(
      `select state from app_public.contractors where is_active group by state order by count(*) desc limit 2`,
    );
    const {
      rows: [city],
    } = await db.pool.query(`select city from app_public.contractors where is_active group by city order by count(*) desc limit 1`);
    const filters: [string | null, string | null][] = [
      [null, null],
      ...states.map((s) => [s.state, null] as [string, null]),
      [null, city.city],
    ];
    for (const q of ['diesel', 'marine electronics', 'teak and varnish', 'rigging', 'yamaha outbord']) {
      for (const [state, cityName] of filters) {
        const {
          rows: [r],
        } = await db.pool.query(
          `with t as (select * from app_hidden.search_terms($1)),
                q as (select (select string_agg('(' || u::text || ')', ' & ') from unnest(t.q1) u)::tsquery as q from t)
           select (select count(*)::int from app_public.contractors c, q
                    where c.is_active and ($2::text is null or c.state = $2) and ($3::text is null or c.city = $3)
                      and c.search @@ q.q) as direct,
                  s.total, s.contractors
             from app_hidden.search_contractors($1, null, $3, $2, 'relevance', 100) s`,
          [q, state, cityName],
        );
        const where = [q, state, cityName];
        const rows = r.contractors as { state: string; city: string }[];
        expect([
          ...where,
          rows.filter((x) => (state === null || x.state === state) && (cityName === null || x.city === cityName)).length,
        ]).toEqual([...where, rows.length]);
        if (r.direct > 0) expect([...where, r.total]).toEqual([...where, Math.min(r.direct, 10001)]);
      }
    }
  });

  test("under a city in one state the walk reads that state's postings, and a contractor in another state of the city is still found", async () => {
    await inTransaction(async (c) => {
      // The matches of q under the city, counted from the documents, and the search's total.
      const totals = async (q: string, city: string) =>
        (
          await c.query(
            `with t as (select * from app_hidden.search_terms($1)),
                  q as (select (select string_agg('(' || u::text || ')', ' & ') from unnest(t.q1) u)::tsquery as q from t)
             select (select count(*)::int from app_public.contractors c, q
                      where c.is_active and c.city ilike app_hidden.like_pattern($2) and c.search @@ q.q) as direct,
                    (select s.total from app_hidden.search_contractors($1, null, $2, null, 'relevance', 20) s) as total`,
            [q, city],
          )
        ).rows[0];
      const {
        rows: [x],
      } = await c.query(
        `select c.id, c.city, c.state from app_public.contractors c
          where c.is_active and c.specialty_slugs @> '{diesel-engines}'
            and (select cardinality(d.states) from app_private.directory_cities d where d.city = c.city) = 1
            and not exists (select from app_private.directory_cities d where d.city <> c.city and d.city ilike app_hidden.like_pattern(c.city))
          order by c.id limit 1`,
      );
      const before = await totals('diesel', x.city);
      expect(before.total).toBe(before.direct);
      expect(before.direct).toBeGreaterThan(0);
      // The contractor moves to another state, in the same city: the city is in two states now.
      await c.query(`update app_public.contractors set state = case when state = 'HI' then 'AK' else 'HI' end where id = $1`, [x.id]);
      expect(await totals('diesel', x.city)).toEqual(before);
      // And back: the city's list still names both until the recount, and the answers hold.
      await c.query(`update app_public.contractors set state = $2 where id = $1`, [x.id, x.state]);
      expect(await totals('diesel', x.city)).toEqual(before);
      await c.query('select app_private.recount_counts()');
      expect(await totals('diesel', x.city)).toEqual(before);
    });
  });

  // A posting missing or left behind is a wrong total or a missing match.
  const stalePostings = async (c: pg.PoolClient): Promise<number> =>
    (
      await c.query(`with fresh as (
          select t as term, app_hidden.search_band(c.public_rating) as band, extensions.sort(array_agg(c.search_no)) as contractors
            from app_public.contractors c, unnest(app_hidden.search_posting_terms(c.search, c.state, c.city)) t
           where c.is_active group by 1, 2)
        select count(*)::int as n from fresh f
          full join app_private.search_postings p on p.term = f.term and p.band = f.band
         where f.contractors is distinct from p.contractors`)
    ).rows[0].n;

  const walk = async (c: pg.PoolClient, units: string[], opts: { state?: string; need?: number } = {}) =>
    (
      await c.query(
        `select w.total, w.unit_found, cardinality(w.nos) as n, w.any_total
           from app_hidden.search_walk($1::tsquery[], array_fill(true, array[cardinality($1::tsquery[])]), null, null, $2, $3, 10000) w`,
        [units, opts.state ?? null, opts.need ?? 100],
      )
    ).rows[0];

  test('the search postings follow every write: insert, document, place, rating, deactivation, delete', async () => {
    await inTransaction(async (c) => {
      expect(await stalePostings(c)).toBe(0);
      const [a, b] = await make(c, [
        { name: 'Zorvath Rigging', services: ['Standing rigging'] },
        { name: 'Quillon Diesel', about: 'Diesel engines.' },
      ]);
      expect(await stalePostings(c)).toBe(0);
      await c.query(`update app_public.contractors set about = 'Teak decks and varnish.' where id = $1`, [b]);
      await c.query(`update app_public.contractors set state = 'FL', city = 'Zorvath Key' where id = $1`, [a]);
      expect(await stalePostings(c)).toBe(0);
      await c.query(`update app_public.contractors set google_rating = 3.7, google_review_count = 40 where id = $1`, [a]);
      expect(await stalePostings(c)).toBe(0);
      await c.query(`update app_public.contractors set is_active = false where id = $1`, [a]);
      expect(await stalePostings(c)).toBe(0);
      await c.query(`update app_public.contractors set is_active = true where id = $1`, [a]);
      await c.query(`delete from app_public.contractors where id = $1`, [b]);
      expect(await stalePostings(c)).toBe(0);
      // (quillon is posted nowhere now: the walk leaves it out and gives zorvath's matches)
      expect(await walk(c, [`'zorvath'`, `'quillon'`], { state: 'FL' })).toMatchObject({ total: 1, unit_found: [true, false], n: 1 });
      expect(await walk(c, [`'zorvath'`], { state: 'FL' })).toEqual({ total: 1, unit_found: [true], n: 1, any_total: 0 });
    });
  });

  test('a rating change moves the postings to its band; contact details move none; bulk updates keep them exact', async () => {
    await inTransaction(async (c) => {
      const before = (await c.query(`select sum(xmin::text::bigint) as x from app_private.search_postings`)).rows[0].x;
      await c.query(`update app_public.contractors set phone = '+1 555 0100'
                      where id in (select id from app_public.contractors where is_active limit 50)`);
      expect((await c.query(`select sum(xmin::text::bigint) as x from app_private.search_postings`)).rows[0].x).toBe(before);
      await c.query(`update app_public.contractors set google_rating = 4.5, google_review_count = 12
                      where id in (select id from app_public.contractors where is_active limit 50)`);
      expect(await stalePostings(c)).toBe(0);
      await c.query(`update app_public.contractors set tagline = coalesce(tagline, '') || ' Outboard repowers.'
                      where id in (select id from app_public.contractors where is_active order by id limit 200)`);
      expect(await stalePostings(c)).toBe(0);
      expect((await c.query(`select count(*)::int as n from app_private.search_postings where contractors = '{}'`)).rows[0].n).toBe(0);
    });
  });

  test('search_walk: AND within an alternative, OR between, AND across units, any unit while none meet; matches in rank order', async () => {
    await inTransaction(async (c) => {
      await make(c, [
        { name: 'Vexmoor Alpha', about: 'Hull cleaning and blorp.' },
        { name: 'Vexmoor Beta', about: 'Hull painting.' },
        { name: 'Wraxby Gamma', about: 'Blorp anodes.' },
      ]);
      // (any_total counts the matches of any unit while none matches them all)
      expect(await walk(c, [`'vexmoor' & 'clean' | 'wraxbi'`])).toEqual({ total: 2, unit_found: [true], n: 2, any_total: 0 });
      // A chunk holding a match of every unit counts no soft matches (they would not be used).
      expect(await walk(c, [`'vexmoor'`, `'blorp'`])).toMatchObject({ total: 1, unit_found: [true, true], n: 1, any_total: 0 });
      expect(await walk(c, [`'vexmoor'`, `'wraxbi'`])).toEqual({ total: 0, unit_found: [true, true], n: 0, any_total: 3 });
      // A unit posted nowhere is left out before any band is read: the walk gives the others'
      // matches, whole (complete), and says it found nothing of that unit.
      expect(await walk(c, [`'vexmoor'`, `'zzzqx'`])).toMatchObject({ total: 2, unit_found: [true, false], n: 2 });
      // A unit posted, but matched nowhere under the filters, ends the walk once that is known
      // (the caller walks again without it): only unit_found is told, and complete is false.
      await c.query(`insert into app_public.contractor_specialties (contractor_id, specialty_id)
                     select c.id, s.id from app_public.contractors c, app_public.specialties s
                      where c.name = 'Vexmoor Alpha' and s.slug = 'rigging'`);
      const filtered = async (units: string[], present: boolean) =>
        (
          await c.query(
            `select w.total, w.unit_found, cardinality(w.nos) as n, w.any_total, w.complete
               from app_hidden.search_walk($1::tsquery[], array_fill(true, array[cardinality($1::tsquery[])]), 'rigging', null, null,
                                           100, 10000, null, null, $2) w`,
            [units, present],
          )
        ).rows[0];
      expect(await filtered([`'vexmoor'`, `'wraxbi'`], false)).toMatchObject({
        total: 0,
        unit_found: [true, false],
        n: 0,
        complete: false,
      });
      expect(await filtered([`'vexmoor'`, `'zzzqx'`], false)).toMatchObject({ total: 1, unit_found: [true, false], n: 1, complete: true });
      expect(await filtered([`'zzzqx'`, `'qqzzx'`], false)).toMatchObject({ total: 0, unit_found: [false, false], complete: false });
      // Told that every unit matches somewhere (p_present: search_contractors' second pass), it reads on.
      expect(await filtered([`'vexmoor'`, `'wraxbi'`], true)).toMatchObject({ total: 0, any_total: 1, complete: false });
      expect(await walk(c, [`'vexmoor'`], { need: 1 })).toEqual({ total: 2, unit_found: [true], n: 1, any_total: 0 });
      expect(await walk(c, [`'vexmoor':A`], { state: 'ME' })).toEqual({ total: 2, unit_found: [true], n: 2, any_total: 0 });
      // Rank order: best rating first, then the highest search number; a position skips what is before it.
      const {
        rows: [r],
      } = await c.query(`select w.nos, w.bands,
          (select array_agg(c.search_no order by coalesce(c.public_rating, 0) desc, c.search_no desc)
             from app_public.contractors c where c.is_active and c.search @@ 'marin'::tsquery) as expected
          from app_hidden.search_walk(array['marin'::tsquery], array[true], null, null, null, 100000, 10000) w`);
      expect(r.nos).toEqual(r.expected.slice(0, r.nos.length));
      const at = 7;
      const {
        rows: [after],
      } = await c.query(
        `select w.nos from app_hidden.search_walk(array['marin'::tsquery], array[true], null, null, null, 5, 10000, $1, $2) w`,
        [r.bands[at], r.nos[at]],
      );
      expect(after.nos).toEqual(r.nos.slice(at + 1, at + 6));
    });
  });

  test("search_walk: each soft match's number of units matched (any_units), in the order of any_nos, after a position too", async () => {
    await inTransaction(async (c) => {
      // Four made-up words, never all in one document: soft matching, with one to three units.
      await make(c, [
        { name: 'Gorsewick Alpha', about: 'Plimvort quazzle trebnik.', rating: 1.1 },
        { name: 'Gorsewick Beta', about: 'Plimvort quazzle.', rating: 2.2 },
        { name: 'Gorsewick Gamma', about: 'Yorvane.', rating: 4.9 },
        { name: 'Gorsewick Delta', about: 'Trebnik yorvane.', rating: 4.5 },
        { name: 'Gorsewick Epsilon', about: 'Quazzle.', rating: 3.3 },
      ]);
      const words = ['plimvort', 'quazzle', 'trebnik', 'yorvane'];
      const soft = async (after: { band: number; no: number } | null) =>
        (
          await c.query(
            `with k as (select array(select to_tsquery('english', w) from unnest($1::text[]) w) as units)
             select w.total, w.any_bands, w.any_units,
                    array(select (select count(*) from unnest(k.units) u where x.search @@ u)::integer
                            from unnest(w.any_nos) with ordinality a(no, i) join app_public.contractors x on x.search_no = a.no
                           order by a.i) as documents, w.any_nos
               from k, app_hidden.search_walk(k.units, array[true, true, true, true], null, null, null, 100, 10000, $2, $3) w`,
            [words, after?.band ?? null, after?.no ?? null],
          )
        ).rows[0];
      const all = await soft(null);
      expect([all.total, all.any_bands]).toEqual([0, [490, 450, 330, 220, 110]]);
      expect(all.any_units).toEqual([1, 2, 1, 2, 3]);
      expect(all.any_units).toEqual(all.documents);
      const after = await soft({ band: 450, no: all.any_nos[1] });
      expect([after.any_bands, after.any_units]).toEqual([
        [330, 220, 110],
        [1, 2, 3],
      ]);
    });
  });

  test('search_walk_bands: where every alternative is one term, a chunk is what the general form gives', async () => {
    await inTransaction(async (c) => {
      const ids = await make(c, [
        { name: 'Dromwick Alpha', about: 'Plimvort quazzle trebnik.', rating: 4.9 },
        { name: 'Dromwick Beta', about: 'Yorvane quazzle trebnik.', rating: 4.9 },
        { name: 'Dromwick Gamma', about: 'Quazzle.', rating: 3.3 },
        { name: 'Dromwick Delta', about: 'Trebnik yorvane.', rating: 2.2 },
        { name: 'Dromwick Epsilon', about: 'Plimvort.', rating: 2.2 },
      ]);
      // Three units, the first with two alternatives (plimvort or yorvane). Written with each
      // term once, every alternative is one term (the chunk's own grouping); with each term
      // twice in its alternative (the same matches), the general form's alternatives and units.
      const chunk = async (twice: boolean) =>
        (
          await c.query(
            `with t as (select v.unit, v.alt, (select min(x.lexeme) from unnest(to_tsvector('english', v.word)) x) as term
                          from (values (1, 1, 'plimvort'), (1, 2, 'yorvane'), (2, 1, 'quazzle'), (3, 1, 'trebnik')) v(unit, alt, word)),
                  d as (select t.*, n from t, generate_series(1, case when $1 then 2 else 1 end) n)
             select b.band, b.ids, b.any_ids,
                    array(select u || ':' || n from unnest(b.units_found, b.unit_counts) x(u, n) order by 1) as unit_counts,
                    array(select r::text from unnest(b.unit_ids) as r(ids integer[]) order by 1) as unit_ids
               from app_hidden.search_walk_bands(
                      (select array_agg(d.unit order by d.unit, d.alt, d.n) from d), (select array_agg(d.alt order by d.unit, d.alt, d.n) from d),
                      (select array_agg(d.term order by d.unit, d.alt, d.n) from d), (select array_agg(case when $1 then 2 else 1 end) from d),
                      '{}', '{}', 0, 3, 0::smallint, 500::smallint, true, true) b
              order by b.band desc`,
            [twice],
          )
        ).rows;
      const once = await chunk(false);
      expect(once).toEqual(await chunk(true));
      const no = async (id: string) =>
        (await c.query(`select search_no from app_public.contractors where id = $1`, [id])).rows[0].search_no;
      const [alpha, beta, gamma, delta, epsilon] = await Promise.all(ids.map(no));
      expect(once.map((b) => b.band)).toEqual([490, 330, 220]);
      expect(once[0]).toMatchObject({ ids: [alpha, beta].sort((a, b) => a - b), unit_counts: ['1:2', '2:2', '3:2'] });
      expect(once[1]).toMatchObject({ ids: [], any_ids: [gamma], unit_counts: ['2:1'] });
      expect(once[2]).toMatchObject({ ids: [], any_ids: [delta, epsilon].sort((a, b) => a - b), unit_counts: ['1:2', '3:1'] });
    });
  });

  test('search_walk: once the soft matches are complete, the bands left are walked unit by unit (search_walk_meet), with and without filters', async () => {
    await inTransaction(async (c) => {
      const ids = await make(c, [
        { name: 'Plovrik Alpha', about: 'Snarvel fittings.', rating: 1.2 },
        { name: 'Plovrik Beta', about: 'Snarvel and quenby.', rating: 2.4 },
        { name: 'Plovrik Gamma', rating: 4.9 },
        { name: 'Plovrik Delta', rating: 4.8 },
        { name: 'Snarvel Epsilon', rating: 4.7 },
      ]);
      await c.query(`update app_public.contractors set city = 'Quellmoor Harbor' where id = any($1)`, [ids]);
      const walkWith = async (units: string[], need: number, cap: number, city: string | null) =>
        (
          await c.query(
            `select w.total, w.unit_found, w.nos, w.bands, least(w.any_total, 3) as any_total
               from app_hidden.search_walk($1::tsquery[], array_fill(true, array[cardinality($1::tsquery[])]), null, $2, null, $3, $4) w`,
            [units, city, need, cap],
          )
        ).rows[0];
      const nos = (await c.query(`select array_agg(search_no order by name) as nos from app_public.contractors where id = any($1)`, [ids]))
        .rows[0].nos as number[];
      // The meet itself: the bands where the units meet, unit by unit, under a filter or none.
      for (const [grp, term, groups] of [[[], [], 0] as const, [[1], ['city:Quellmoor Harbor'], 1] as const]) {
        const { rows } = await c.query(
          `select m.band, m.ids from app_hidden.search_walk_meet(array[1, 2, 2], array[1, 2, 3], array['plovrik', 'snarvel', 'zzzqx'],
                  array[1, 1, 1], $1::integer[], $2::text[], $3, array[2, 1], 0::smallint, 500::smallint) m order by m.band desc`,
          [grp, term, groups],
        );
        expect([groups, rows]).toEqual([
          groups,
          [
            { band: 240, ids: [nos[1]] },
            { band: 120, ids: [nos[0]] },
          ],
        ]);
      }
      for (const city of [null, 'quellmoor']) {
        // need 2, cap 2: the best chunk (4.50-5.00) has three matches of either unit and none of
        // both, so the soft matches are complete there and the rest is walked unit by unit.
        const met = await walkWith([`'plovrik'`, `'snarvel'`], 2, 2, city);
        const read = await walkWith([`'plovrik'`, `'snarvel'`], 100, 10000, city);
        expect([city, met.total, met.nos, met.bands]).toEqual([city, 2, read.nos, [240, 120]]);
        expect([city, met.unit_found, met.any_total]).toEqual([city, [true, true], 3]);
        // An alternative of two terms; a unit whose matches meet the others' in one band only.
        const three = await walkWith([`'plovrik'`, `'snarvel' & 'quenbi' | 'zzzqx'`], 1, 1, city);
        expect([city, three.total, three.bands]).toEqual([city, 1, [240]]);
      }
    });
  });

  test("search_unit_terms reads each unit as alternatives of terms; weight A is the top tier's term", async () => {
    const { rows } = await db.pool.query(
      `select * from app_hidden.search_unit_terms(array[$$'a''b' & 'c' | 'd'$$::tsquery, 'zz'::tsquery,
                                                        $$'diesel':A | 'specialty_x':A$$::tsquery], array[true, false, true])`,
    );
    expect(rows).toEqual([
      { unit: 1, alt: 1001, term: "a'b" },
      { unit: 1, alt: 1001, term: 'c' },
      { unit: 1, alt: 1002, term: 'd' },
      { unit: 2, alt: 3001, term: 'a:diesel' },
      { unit: 2, alt: 3002, term: 'a:specialty_x' },
    ]);
  });

  test("search_top_tier: the tier read from the walk's matches is the tier walked over its postings, after a position too", async () => {
    // The stage reads the tier from the walk's matches when the walk returned all of them (its
    // count no more than it returned), else walks the 'a:' postings: told the walk returned fewer
    // than it counted, it takes the second way.
    const tierOf = async (q: string, after: { band: number; no: number } | null, need: number) => {
      const { rows } = await db.pool.query(
        `with t as (select * from app_hidden.search_terms($1)),
              k as (select t.*, array(select true from unnest(t.q1)) as keep, cardinality(t.q1) as units from t),
              w as (select w.* from k, app_hidden.search_walk(k.q1, k.keep, null, null, null, 1000, 10000) w),
              a as (select case when $2::smallint is not null then array[0, k.units, 0, 3 * k.units, $2 / 100.0]::numeric[] end as key from k)
         select w.total, cardinality(w.nos) as n,
                (select to_json(x) from k, a, app_hidden.search_top_tier(w.nos, w.bands, w.total, $1, k.qa, k.qe, k.q3, k.keep, null, null, null,
                                                                           a.key, $2, $3, $4, 0) x) as tier,
                (select to_json(x) from k, a, app_hidden.search_top_tier(w.nos, w.bands, cardinality(w.nos) + 1, $1, k.qa, k.qe, k.q3, k.keep, null, null, null,
                                                                           a.key, $2, $3, $4, 0) x) as walked
           from w`,
        [q, after?.band ?? null, after?.no ?? null, need],
      );
      return rows[0];
    };
    let checked = 0;
    for (const q of ['diesel', 'rigging', 'canvas', 'outboard repair', 'marine electrician', 'sailmaker']) {
      const first = await tierOf(q, null, 5);
      if (first.total > first.n) continue; // not every match in hand: search_contractors walks the tier
      expect(first.tier).toEqual(first.walked);
      if (first.tier?.nos == null) continue; // no tier of five here
      expect(first.tier.nos).toHaveLength(5);
      const band = Math.round(Number(first.tier.keys[2][4]) * 100);
      const next = await tierOf(q, { band, no: first.tier.nos[2] }, 2);
      expect(next.tier).toEqual(next.walked);
      expect(next.tier.nos).toEqual(first.tier.nos.slice(3, 5));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  test('search_top_tier: a typo or a word typed so far is in the tier through its corrections, keyed corrected: the page the rank gives', async () => {
    // Each word's exact form is in no listing, so every match of it is corrected (rule 3) and
    // those with a correction or completion in the name or a specialty have the best key left:
    // the tier's page must be the rank's, which reads every match here (the walk returned them
    // all), and so must the tier walked over its postings.
    let checked = 0;
    for (const q of ['riggin', 'electrican', 'fiberglas', 'outboar', 'refrigeratoin', 'upholstry', 'diesle']) {
      const { rows } = await db.pool.query(
        `with t as (select * from app_hidden.search_terms($1)),
              k as (select t.*, array(select true from unnest(t.q1)) as keep from t),
              w as (select w.* from k, app_hidden.search_walk(k.q1, k.keep, null, null, null, 1000, 10000) w)
         select w.total, cardinality(w.nos) as n,
                (select to_json(x) from k, app_hidden.search_top_tier(w.nos, w.bands, w.total, $1, k.qa, k.qe, k.q3, k.keep,
                                                                       null, null, null, null, null, null, 6, 0) x) as tier,
                (select to_json(x) from k, app_hidden.search_top_tier(w.nos, w.bands, cardinality(w.nos) + 1, $1, k.qa, k.qe, k.q3, k.keep,
                                                                       null, null, null, null, null, null, 6, 0) x) as walked,
                (select json_build_object('nos', json_agg(r.search_no order by r.n), 'keys', json_agg(r.key order by r.n))
                   from k, app_hidden.search_rank(w.nos, w.bands, k.q1, k.qe, k.q2, k.q3, k.keep, false, app_hidden.name_key($1),
                                                  'relevance', null, null, 5, 0, null) with ordinality as r(id, search_no, key, n)) as ranked
           from w`,
        [q],
      );
      const { total, n, tier, walked, ranked } = rows[0];
      if (tier?.nos == null || total > n) continue; // no tier of six, or not every match in hand to rank
      expect([q, { nos: tier.nos, keys: tier.keys }]).toEqual([q, ranked]);
      expect([q, walked]).toEqual([q, tier]);
      expect(tier.keys[0].slice(0, 4)).toEqual([0, 1, -1, 3]);
      expect(tier.best).toEqual([1, -1, 3]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  test('search_top_tier: a word found exactly elsewhere and completed in the name is in the tier, as the rank keys it', async () => {
    // The rank scores a unit 3 where q3 (its words, corrections or completions in the name or a
    // specialty) matches, and counts it corrected only where its exact words are nowhere in the
    // listing: so "Quayloxworks" with "quaylox" in its services has the tier's key. Until stop
    // 52 the tier asked for the exact word in the name (qa), and its page left that row out.
    await inTransaction(async (c) => {
      const [named, completed, rigging] = await make(c, [
        { name: 'Quaylox Marine', rating: 4.2 },
        { name: 'Quayloxworks Boats', services: ['quaylox fitting'], rating: 5 },
        { name: 'Quaylox Rigging', rating: 4.1 },
        { name: 'Quaylox Yard', rating: 4.0 },
        { name: 'Quaylox Docks', rating: 3.9 },
        { name: 'Quayloxworks Only', rating: 4.9 }, // only the completion: corrected, below the tier
        { name: 'Harbor Services', services: ['quaylox'], rating: 5 }, // the word in services: field 2
      ]);
      const page = await search(c, 'quaylox', { limit: 3 });
      expect(page.ids).toEqual([completed, named, rigging]);
      expect(page.next.key).toEqual([0, 1, 0, 3, 4.1]);
    });
  });

  test("search_rank: read in ranges up to search_top_tier's bound, the page is the whole window's, at any size and position", async () => {
    // Brands and their completions have no top tier (no name or specialty holds them), so the
    // rank reads the window, in ranges, until the page's rows all have the bound's key.
    let checked = 0;
    for (const q of ['yamah', 'yamaha outboard', 'mercur', 'volvo penta', 'westerbeke generator']) {
      const page = async (limit: number, offset: number, after: { key: number[]; no: number } | null, bounded: boolean) => {
        const { rows } = await db.pool.query(
          `with t as (select * from app_hidden.search_terms($1)),
                k as (select t.*, array(select true from unnest(t.q1)) as keep from t),
                w as (select w.* from k, app_hidden.search_walk(k.q1, k.keep, null, null, null, 1000, 10000) w),
                b as (select x.* from k, w, app_hidden.search_top_tier(w.nos, w.bands, w.total, $1, k.qa, k.qe, k.q3, k.keep, null, null,
                                                                         null, $4::numeric[], null, $5::integer, $2::integer + $3::integer + 1, 0) x)
           select (select to_json(b) from b) as tier,
                  (select json_agg(json_build_array(r.search_no, r.key) order by r.n)
                     from k, w, app_hidden.search_rank(w.nos, w.bands, k.q1, k.qe, k.q2, k.q3, k.keep, false, app_hidden.name_key($1),
                                                       'relevance', $4::numeric[], $5::integer, $2, $3, case when $6::boolean then (select best from b) end)
                                with ordinality as r(id, search_no, key, n)) as ranked`,
          [q, limit, offset, after?.key ?? null, after?.no ?? null, bounded],
        );
        return rows[0] as { tier: { nos: number[] | null; best: number[] | null } | null; ranked: [number, number[]][] };
      };
      const first = await page(5, 0, null, true);
      if (first.tier?.nos !== null || first.tier?.best == null) continue; // a top tier, or no bound
      expect(first.ranked[0]![1].slice(1, 4)).toEqual(first.tier.best); // the bound is the best key there is
      for (const [limit, offset] of [
        [5, 0],
        [5, 5],
        [20, 0],
        [20, 40],
      ] as const) {
        expect([q, limit, offset, (await page(limit, offset, null, true)).ranked]).toEqual([
          q,
          limit,
          offset,
          (await page(limit, offset, null, false)).ranked,
        ]);
      }
      const [no, key] = first.ranked[3]!;
      expect([q, (await page(5, 0, { key, no }, true)).ranked]).toEqual([q, (await page(5, 0, { key, no }, false)).ranked]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  test("search_band_page takes a band's highest numbers first, at most p_take, after the position in its band", async () => {
    const page = async (ids: number[], band: number, afterBand: number | null, afterNo: number | null, take: number) =>
      (
        await db.pool.query(`select app_hidden.search_band_page($1::int[], $2::smallint, $3::smallint, $4, $5) as nos`, [
          ids,
          band,
          afterBand,
          afterNo,
          take,
        ])
      ).rows[0].nos;
    const ids = Array.from({ length: 2000 }, (_, i) => 3 * i + 1); // sorted, as the postings and intarray give them
    expect(await page(ids, 450, null, null, 3)).toEqual([5998, 5995, 5992]);
    expect(await page(ids.slice(0, 2), 450, null, null, 5)).toEqual([4, 1]);
    expect(await page([], 450, null, null, 5)).toEqual([]);
    expect(await page(ids, 450, 460, 7, 3)).toEqual([5998, 5995, 5992]); // a band below the position's: from its top
    expect(await page(ids, 450, 450, 11, 5)).toEqual([10, 7, 4, 1]); // the position's band: after it
    expect(await page(ids, 450, 450, 13, 2)).toEqual([10, 7]); // after a position that is in the band
    expect(await page(ids, 450, 450, 1, 5)).toEqual([]); // nothing after the band's last
    expect(await page(ids, 450, 450, 11, 0)).toEqual([]); // nothing to take
    expect(await page([], 450, 450, 11, 5)).toEqual([]);
    expect(await page(ids, 470, 460, 7, 3)).toEqual([]); // a band above the position's: read already
  });

  test('request roles cannot read the vocabulary or the words (42501)', async () => {
    for (const table of ['search_vocabulary', 'search_words', 'search_filler_words', 'search_postings']) {
      await inTransaction(async (c) => {
        await c.query('set local role marine_admin');
        expect([table, await sqlState(c.query(`select * from app_private.${table} limit 1`))]).toEqual([table, '42501']);
      });
    }
  });
});

describe('app_hidden.autocomplete', () => {
  const complete = async (c: pg.PoolClient, q: string, limit = 5) => {
    await c.query('set local role marine_anonymous');
    return (await c.query(`select app_hidden.autocomplete($1, $2) as r`, [q, limit])).rows[0].r;
  };

  test('specialties by name or trade word, cities, and contractor names for a prefix', async () => {
    await inTransaction(async (c) => {
      expect((await complete(c, 'die')).specialties.map((s: { slug: string }) => s.slug)).toEqual(['diesel-engines']);
      expect((await complete(c, 'gens')).specialties.map((s: { slug: string }) => s.slug)).toEqual(['generators']);
      const cities = (await complete(c, 'san ')).cities.map((x: { city: string }) => x.city);
      expect(cities.length).toBeGreaterThan(0);
      for (const city of cities) expect(city.toLowerCase()).toMatch(/(^| )san/);
      const names = (await complete(c, 'True N', 10)).contractors.map((x: { name: string }) => x.name);
      expect(names.length).toBeGreaterThan(1);
      for (const n of names) expect(n).toMatch(/^True North/);
    });
  });

  test('at most limit of each; nothing for punctuation only; LIKE characters are not wildcards', async () => {
    await inTransaction(async (c) => {
      const r = await complete(c, 'm', 2);
      expect([r.specialties.length, r.cities.length, r.contractors.length]).toEqual([2, 2, 2]);
      expect(await complete(c, '%_')).toEqual({ specialties: [], cities: [], contractors: [] });
    });
  });
});
