// The directory's SQL functions, policies and derived counts, role by role. Each test runs in a
// rolled-back transaction (asRole) on this file's own clone of the seeded template.
import { asRole, createTestDatabase, sqlState, type Queryable, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let active: { id: string; slug: string };
let inactive: { id: string; slug: string };
let specialty: { id: string; slug: string };

beforeAll(async () => {
  db = await createTestDatabase();
  ({
    rows: [active],
  } = (await db.pool.query(`select id, slug from app_public.contractors where is_active and review_count > 0 order by id limit 1`)) as any);
  ({
    rows: [inactive],
  } = (await db.pool.query(`select id, slug from app_public.contractors where not is_active order by id limit 1`)) as any);
  ({
    rows: [specialty],
  } = (await db.pool.query(`select id, slug from app_public.specialties order by contractor_count desc limit 1`)) as any);
});
afterAll(() => db.drop());

/** What the directory is made of: readable by every request role, written only by staff. */
const directoryTables = ['contractors', 'contractor_specialties', 'specialties', 'posts', 'reviews'];

const call = async (client: Queryable, sql: string, args: unknown[] = []) => (await client.query(`select ${sql} as r`, args)).rows[0].r;
// The searches return one row (items, total, next) rather than one JSON value.
const callRow = async (client: Queryable, sql: string, args: unknown[] = []) => (await client.query(`select * from ${sql}`, args)).rows[0];

describe('row-level security: anonymous', () => {
  test('sees active contractors only', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      const { rows } = await c.query('select count(*)::int as n, bool_and(is_active) as all_active from app_public.contractors');
      const {
        rows: [total],
      } = await db.pool.query('select count(*) filter (where is_active)::int as n from app_public.contractors');
      expect(rows[0]).toEqual({ n: total.n, all_active: true });
    });
  });

  test('sees published posts only, never drafts or scheduled ones', async () => {
    const {
      rows: [published],
    } = await db.pool.query(`select count(*)::int as n from app_public.posts where status = 'published' and published_at <= now()`);
    expect(published.n).toBeGreaterThan(0);
    await asRole(db, 'marine_anonymous', async (c) => {
      const { rows } = await c.query(`select count(*)::int as n from app_public.posts where status <> 'published' or published_at > now()`);
      expect(rows[0].n).toBe(0);
      // ... and every published one.
      expect((await c.query('select count(*)::int as n from app_public.posts')).rows[0].n).toBe(published.n);
    });
    const { rows } = await db.pool.query(
      `select count(*)::int as n from app_public.posts where status <> 'published' or published_at > now()`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });

  test('sees published reviews only', async () => {
    await db.pool.query(
      `update app_public.reviews set is_published = false where id = (select id from app_public.reviews order by id limit 1)`,
    );
    const {
      rows: [published],
    } = await db.pool.query('select count(*)::int as n from app_public.reviews where is_published');
    expect(published.n).toBeGreaterThan(0);
    await asRole(db, 'marine_anonymous', async (c) => {
      const { rows } = await c.query('select count(*)::int as n from app_public.reviews where not is_published');
      expect(rows[0].n).toBe(0);
      // ... and every published one.
      expect((await c.query('select count(*)::int as n from app_public.reviews')).rows[0].n).toBe(published.n);
    });
  });

  test('cannot write any directory table (42501)', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(c.query(`update app_public.contractors set name = 'x' where id = $1`, [active.id]))).toBe('42501');
    });
    for (const table of directoryTables) {
      for (const sql of [`insert into app_public.${table} default values`, `delete from app_public.${table}`]) {
        await asRole(db, 'marine_anonymous', async (c) => {
          expect([sql, await sqlState(c.query(sql))]).toEqual([sql, '42501']);
        });
      }
    }
  });

  test('agents see what anonymous callers see', async () => {
    const seen = (role: 'marine_anonymous' | 'marine_agent') =>
      asRole(db, role, async (c) => {
        const counts: Record<string, number> = {};
        for (const table of directoryTables) {
          counts[table] = (await c.query(`select count(*)::int as n from app_public.${table}`)).rows[0].n;
        }
        return counts;
      });
    const anonymous = await seen('marine_anonymous');
    expect(Object.values(anonymous).every((n) => n > 0)).toBe(true);
    expect(await seen('marine_agent')).toEqual(anonymous);
    await asRole(db, 'marine_agent', async (c) => {
      const { rows } = await c.query('select count(*)::int as n from app_public.contractors where not is_active');
      expect(rows[0].n).toBe(0);
    });
  });
});

describe('row-level security: admin', () => {
  test('sees inactive contractors and drafts', async () => {
    await asRole(db, 'marine_admin', async (c) => {
      const { rows } = await c.query('select count(*)::int as n from app_public.contractors where not is_active');
      expect(rows[0].n).toBeGreaterThan(0);
      const { rows: drafts } = await c.query(`select count(*)::int as n from app_public.posts where status = 'draft'`);
      expect(drafts[0].n).toBeGreaterThan(0);
    });
  });

  test('cannot write derived columns (42501)', async () => {
    await asRole(db, 'marine_admin', async (c) => {
      expect(await sqlState(c.query(`update app_public.contractors set review_count = 99 where id = $1`, [active.id]))).toBe('42501');
    });
    await asRole(db, 'marine_admin', async (c) => {
      expect(await sqlState(c.query(`update app_public.specialties set contractor_count = 0`))).toBe('42501');
    });
  });
});

describe('app_hidden.search_contractors', () => {
  test('returns active matches with a total and a next key', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      const r = await callRow(c, `app_hidden.search_contractors(null, $1, null, null, 'rating', 5)`, [specialty.slug]);
      expect(r.contractors).toHaveLength(5);
      expect(r.total).toBeGreaterThan(5);
      expect(r.next).toEqual({ key: [expect.any(Number)], id: r.contractors[4].id });
      for (const item of r.contractors) expect(item.specialties).toContain(specialty.slug);
    });
  });

  test('hides inactive contractors even from admins', async () => {
    await asRole(db, 'marine_admin', async (c) => {
      const r = await callRow(c, `app_hidden.search_contractors(null, null, null, null, 'rating', 100000)`);
      expect(r.contractors.map((x: { id: string }) => x.id)).not.toContain(inactive.id);
    });
  });

  test('an unknown specialty is INVAL', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(callRow(c, `app_hidden.search_contractors(null, 'no-such-thing', null, null, 'rating', 5)`))).toBe('INVAL');
    });
  });

  test('a query of stop words only matches nothing', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await callRow(c, `app_hidden.search_contractors('the and of', null, null, null, 'relevance', 5)`)).toEqual({
        contractors: [],
        total: 0,
        total_exact: true,
        place: null,
        next: null,
        ignored_words: [],
        corrections: [],
      });
    });
  });

  // Without q, a specialty's matches and total come from the search postings (its term, and the
  // state's or the cities' terms), band by band. Each is held to a count of the links
  // themselves, with the page in rated order (ties by search number).
  test('specialty totals and pages without q match the links, alone, in a state and in a city, and past the cap', async () => {
    await asRole(db, 'marine_admin', async (c) => {
      const oracle = async (slug: string, state: string | null, city: string | null) =>
        (
          await c.query(
            `select count(*)::int as n, (array_agg(c.id order by coalesce(c.public_rating, 0) desc, c.search_no desc))[1:5] as ids
               from app_public.contractors c join app_public.contractor_specialties cs on cs.contractor_id = c.id
               join app_public.specialties s on s.id = cs.specialty_id
              where c.is_active and s.slug = $1 and ($2::text is null or c.state = $2) and ($3::text is null or c.city ilike app_hidden.like_pattern($3))`,
            [slug, state, city],
          )
        ).rows[0];
      const search = (slug: string, state: string | null, city: string | null, offset = 0) =>
        callRow(c, `app_hidden.search_contractors(null, $1, $2, $3, 'rating', 5, $4)`, [slug, city, state, offset]);
      const {
        rows: [place],
      } = await c.query(`select state, city from app_public.contractors c
        where is_active and city is not null group by state, city order by count(*) desc limit 1`);
      // Alone, in the biggest city's state, in the city, in both.
      const places: [string | null, string | null][] = [
        [null, null],
        [place.state, null],
        [null, place.city],
        [place.state, place.city],
      ];
      // The four biggest and the two smallest specialties.
      const { rows: specialties } = await c.query(`(select slug from app_public.specialties order by contractor_count desc limit 4)
        union all (select slug from app_public.specialties order by contractor_count limit 2)`);
      let checked = 0;
      for (const { slug } of specialties) {
        for (const [state, city] of places) {
          const want = await oracle(slug, state, city);
          const got = await search(slug, state, city);
          expect([slug, state, city, got.total, got.total_exact, got.contractors.map((x: { id: string }) => x.id)]).toEqual([
            slug,
            state,
            city,
            want.n,
            true,
            want.ids ?? [],
          ]);
          checked += want.n > 5 ? 1 : 0;
        }
      }
      expect(checked).toBeGreaterThan(8);
      // The second page follows the first.
      const all = await oracle(specialty.slug, place.state, null);
      expect(all.n).toBeGreaterThan(10);
      const { rows: second } = await c.query(
        `select c.id from app_public.contractors c where c.is_active and c.state = $1 and c.specialty_slugs @> array[$2]
          order by coalesce(c.public_rating, 0) desc, c.search_no desc offset 5 limit 5`,
        [place.state, specialty.slug],
      );
      expect((await search(specialty.slug, place.state, null, 5)).contractors.map((x: { id: string }) => x.id)).toEqual(
        second.map((r) => r.id),
      );

      // 10,001 more of that specialty in that city, loaded as the seed loads (triggers off, then
      // the recount; row by row, each link's count update would leave the specialty 10,001 row
      // versions for every later lookup): every total says it is a lower bound.
      await c.query('reset role');
      await c.query('set local session_replication_role = replica');
      await c.query(
        `with made as (insert into app_public.contractors (slug, name, city, state)
           select 'quahog-' || i, 'Quahog Marine ' || i, $1, $2 from generate_series(1, 10001) i returning id)
         insert into app_public.contractor_specialties (contractor_id, specialty_id) select id, $3 from made`,
        [place.city, place.state, specialty.id],
      );
      await c.query('set local session_replication_role = origin');
      await c.query('select app_private.recount_directory()');
      await c.query('set local role marine_admin');
      for (const [state, city] of places) {
        expect([state, city, await search(specialty.slug, state, city)]).toMatchObject([state, city, { total: 10000, total_exact: false }]);
      }
    });
  });

  test('total is exact up to 10,000 matches, then a lower bound that says so', async () => {
    await asRole(db, 'marine_admin', async (c) => {
      const {
        rows: [small],
      } = await c.query(`select state, count(*)::int as n from app_public.contractors
        where is_active group by state having count(*) between 2 and 59 order by n desc limit 1`);
      expect(await callRow(c, `app_hidden.search_contractors(null, null, null, $1, 'rating', 5)`, [small.state])).toMatchObject({
        total: small.n,
        total_exact: true,
      });
      // 10,001 more in that state, all with one made-up word in the name: counted up to the cap.
      await c.query(
        `insert into app_public.contractors (slug, name, city, state)
        select 'zyzzyva-' || i, 'Zyzzyva Marine ' || i, 'Zyzzyva Bay', $1 from generate_series(1, 10001) i`,
        [small.state],
      );
      for (const [q, sort] of [
        [null, 'rating'],
        ['zyzzyva', 'relevance'],
        ['zyzzyva', 'rating'],
      ]) {
        expect([
          q,
          sort,
          await callRow(c, `app_hidden.search_contractors($1, null, null, $2, $3, 5)`, [q, small.state, sort]),
        ]).toMatchObject([q, sort, { total: 10000, total_exact: false }]);
      }
      await c.query(`delete from app_public.contractors where slug = 'zyzzyva-1'`);
      expect(await callRow(c, `app_hidden.search_contractors('zyzzyva', null, null, null, 'relevance', 5)`)).toMatchObject({
        total: 10000,
        total_exact: true,
      });
    });
  });

  // A text search's top tier is read off the 'a:' postings: the A part of the document. A lexeme
  // of the name or a specialty missing from it would drop a row from the top of the ranking.
  test('the A part of every search document is its name and specialty tokens', async () => {
    const {
      rows: [r],
    } = await db.pool.query(`select count(*)::int as rows,
        count(*) filter (where not tsvector_to_array(to_tsvector('english', c.name)) <@ tsvector_to_array(h.head))::int as name_missing,
        count(*) filter (where not array(select 'specialty_' || s from unnest(c.specialty_slugs) s) <@ tsvector_to_array(h.head))::int as specialty_missing,
        count(*) filter (where tsvector_to_array(to_tsvector('english', c.city)) && tsvector_to_array(h.head)
                           and not tsvector_to_array(to_tsvector('english', c.city)) && tsvector_to_array(to_tsvector('english', c.name)))::int as city_in_head
      from app_public.contractors c, lateral (select ts_filter(c.search, '{a}') as head) h`);
    expect(r.rows).toBeGreaterThan(100);
    expect(r).toMatchObject({ name_missing: 0, specialty_missing: 0, city_in_head: 0 });
  });

  // The document's fields and weights, written out here as the SQL functions before 0044 built
  // them (stored documents were made that way): every seeded contractor, and inputs the seed
  // never has (nulls, no specialties, a null slug, quotes and a backslash in a token).
  test('the search document is each field at its weight, plus a specialty token at A per specialty', async () => {
    const expected = `setweight(to_tsvector('english', d.name), 'A') ||
        setweight(to_tsvector('english', array_to_string(d.services, ' ') || ' ' || coalesce(d.marina, '') || ' ' ||
          coalesce(d.city, '') || ' ' || coalesce(d.state, '') || ' ' || coalesce(d.location_text, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(d.tagline, '') || ' ' || coalesce(d.about, '')), 'C') ||
        coalesce((select string_agg(quote_literal('specialty_' || s) || ':1A', ' ') from unnest(d.specialty_slugs) s), '')::tsvector`;
    const actual = `app_hidden.contractor_search_document(d.name, d.services, d.marina, d.city, d.state, d.location_text, d.tagline, d.about, d.specialty_slugs)`;
    const {
      rows: [seeded],
    } = await db.pool.query(`select count(*)::int as rows,
        count(*) filter (where ${actual} is distinct from ${expected})::int as differ,
        count(*) filter (where d.search is distinct from ${expected})::int as stored_differ
      from app_public.contractors d`);
    expect(seeded.rows).toBeGreaterThan(100);
    expect(seeded).toMatchObject({ differ: 0, stored_differ: 0 });
    const { rows } = await db.pool
      .query(`select ${actual} as actual, ${expected} as expected, ${actual} is not distinct from ${expected} as same
      from (values
        ('Reed''s Outboards', '{outboard repair,"bottom paint"}'::text[], 'Bay Marina', 'Annapolis', 'MD', 'near the bridge', 'Fast', 'Yamaha dealer', '{outboard-engines,canvas}'::text[]),
        ('Solo', '{}', null, null, null, null, null, null, '{}'),
        ('Solo', '{}', null, null, null, null, null, null, null),
        ('Nulls', '{a,null}', null, 'Erie', null, null, null, 'docks', '{rigging,null}'),
        ('Quotes', '{}', null, null, null, null, null, null, array['it''s', 'back\\slash']),
        ('No services', null, null, null, null, null, null, null, '{rigging}')
      ) as d(name, services, marina, city, state, location_text, tagline, about, specialty_slugs)`);
    expect(rows.map((r) => r.same)).toEqual([true, true, true, true, true, true]);
    // Each token at weight A, placed after the fields (tsvector || shifts the right side's positions).
    expect(rows[0].actual).toMatch(/'specialty_outboard-engines':18A/);
    expect(rows[1].actual).toBe(`'solo':1A`);
    expect(rows[3].actual).toMatch(/'specialty_rigging':\d+A/);
    expect(rows[5].actual).toBeNull(); // no services (the column is not null): no document, as before
  });

  test('a name change is in the head at once: the renamed row leads a search for the new word', async () => {
    await asRole(db, 'marine_admin', async (c) => {
      const before = await callRow(c, `app_hidden.search_contractors('quixotic', null, null, null, 'relevance', 5)`);
      expect(before.total).toBe(0);
      await c.query(`update app_public.contractors set name = 'Quixotic ' || name where id = $1`, [active.id]);
      const {
        rows: [s],
      } = await c.query(`select ts_filter(search, '{a}') @@ 'quixot:A'::tsquery as has from app_public.contractors where id = $1`, [
        active.id,
      ]);
      expect(s.has).toBe(true);
      const after = await callRow(c, `app_hidden.search_contractors('quixotic', null, null, null, 'relevance', 5)`);
      expect(after.contractors.map((x: { id: string }) => x.id)).toEqual([active.id]);
    });
  });

  test('city patterns are literal: % and _ match only themselves', async () => {
    // No city of the demo data holds either.
    await asRole(db, 'marine_anonymous', async (c) => {
      for (const city of ['%', '_']) {
        expect([city, (await callRow(c, `app_hidden.search_contractors(null, null, $1, null, 'rating', 5)`, [city])).total]).toEqual([
          city,
          0,
        ]);
      }
    });
    await asRole(db, 'marine_admin', async (c) => {
      const {
        rows: [added],
      } = await c.query(`insert into app_public.contractors (slug, name, city, state)
        values ('percent-marine', 'Percent Marine', 'Port 100% Bay_Side', 'ME') returning id`);
      await c.query('set local role marine_anonymous');
      const found = async (city: string) =>
        (await callRow(c, `app_hidden.search_contractors(null, null, $1, null, 'rating', 5)`, [city])).contractors.map(
          (x: { id: string }) => x.id,
        );
      expect(await found('0% Bay_S')).toEqual([added.id]);
      // Taken as wildcards, these would match the city above.
      expect(await found('Port 1_0')).toEqual([]);
      expect(await found('Port%Side')).toEqual([]);
    });
  });
});

describe('app_hidden.geo_search_point and geo_search_box', () => {
  test('point: nearest first, within the radius', async () => {
    const {
      rows: [p],
    } = await db.pool.query('select latitude, longitude from app_public.contractors where id = $1', [active.id]);
    await asRole(db, 'marine_anonymous', async (c) => {
      const r = await callRow(c, 'app_hidden.geo_search_point($1, $2, 25, null, null, 10)', [p.latitude, p.longitude]);
      expect(r.contractors[0].id).toBe(active.id);
      expect(r.contractors[0].distanceMiles).toBe(0);
      const d = r.contractors.map((x: { distanceMiles: number }) => x.distanceMiles);
      expect([...d].sort((a, b) => a - b)).toEqual(d);
      expect(Math.max(...d)).toBeLessThanOrEqual(25);
    });
  });

  test('an unknown specialty is INVAL in both modes', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(callRow(c, `app_hidden.geo_search_point(26, -80, 25, 'nope', null, 10)`))).toBe('INVAL');
    });
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(callRow(c, `app_hidden.geo_search_box(20, 30, -90, -70, 'nope', null, 10)`))).toBe('INVAL');
    });
  });

  test('box: only contractors inside, best rated first', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      const r = await callRow(c, 'app_hidden.geo_search_box(24, 31, -88, -79, null, 4, 50)');
      for (const x of r.contractors) {
        expect(x.latitude).toBeGreaterThanOrEqual(24);
        expect(x.latitude).toBeLessThanOrEqual(31);
        expect(x.longitude).toBeGreaterThanOrEqual(-88);
        expect(x.longitude).toBeLessThanOrEqual(-79);
      }
      expect(r.contractors.length).toBeGreaterThan(1);
      // Best rated first: the public rating (not in the item) never rises down the list.
      const ids = r.contractors.map((x: { id: string }) => x.id);
      const { rows } = await db.pool.query('select id, public_rating::float8 as rating from app_public.contractors where id = any($1)', [
        ids,
      ]);
      const ratings = ids.map((id: string) => rows.find((row) => row.id === id)!.rating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    });
  });

  // A box holding many contractors is answered by the scan in rated order, one holding few (or
  // none) by the GiST index: both give exactly the reference order, edges included.
  test.each([
    ['many', 24, 31, -88, -79],
    ['few', 0, 0, 0, 0],
  ])('box with %s contractors: the exact rated order, edges included', async (_label, ...given) => {
    let [minLat, maxLat, minLng, maxLng] = given as number[];
    if (minLat === 0) {
      // A box whose edges pass exactly through one contractor's position.
      const {
        rows: [p],
      } = await db.pool.query('select latitude, longitude from app_public.contractors where id = $1', [active.id]);
      [minLat, maxLat, minLng, maxLng] = [p.latitude, p.latitude + 0.01, p.longitude - 0.01, p.longitude];
    }
    const { rows } = await db.pool.query(
      `select id from app_public.contractors c
      where c.is_active and c.latitude between $1 and $2 and c.longitude between $3 and $4
      order by coalesce(c.public_rating, 0) desc, c.id desc limit 30`,
      [minLat, maxLat, minLng, maxLng],
    );
    expect(rows.length).toBeGreaterThan(0);
    await asRole(db, 'marine_anonymous', async (c) => {
      const r = await callRow(c, 'app_hidden.geo_search_box($1, $2, $3, $4, null, null, 30)', [minLat, maxLat, minLng, maxLng]);
      expect(r.contractors.map((x: { id: string }) => x.id)).toEqual(rows.map((x) => x.id));
      if (rows.length === 1) expect(r.contractors[0].id).toBe(active.id);
    });
  });

  // Both rated geo searches read the first rows in rated order from the rated index (at most a
  // budget of them, whatever the filters), and the GiST index when those did not fill the page:
  // with every filter, the pages walked by cursor are the rated order of every match.
  test.each([
    ['a box', 'box', null, null],
    ['a box, a specialty', 'box', 'specialty', null],
    ['a box, a minimum rating', 'box', null, 4],
    ['a box, both', 'box', 'specialty', 3.5],
    ['a circle by rating', 'circle', null, null],
    ['a circle by rating, a specialty', 'circle', 'specialty', null],
    ['a circle by rating, both', 'circle', 'specialty', 3.5],
  ])('%s: the pages walked by cursor are the rated order of every match', async (_label, shape, withSpecialty, minRating) => {
    const slug = withSpecialty ? specialty.slug : null;
    const {
      rows: [p],
    } = await db.pool.query('select latitude, longitude from app_public.contractors where id = $1', [active.id]);
    const where =
      shape === 'box'
        ? 'c.latitude between $1::float8 - 3 and $1::float8 + 3 and c.longitude between $2::float8 - 3 and $2::float8 + 3'
        : 'extensions.st_dwithin(c.geog, extensions.st_setsrid(extensions.st_makepoint($2, $1), 4326)::extensions.geography, 150 * 1609.344, false)';
    const { rows } = await db.pool.query(
      `select id from app_public.contractors c
        where c.is_active and ${where} and ($3::text is null or c.specialty_slugs @> array[$3::text])
          and ($4::numeric is null or c.public_rating >= $4)
        order by coalesce(c.public_rating, 0) desc, c.id desc`,
      [p.latitude, p.longitude, slug, minRating],
    );
    expect(rows.length).toBeGreaterThan(7);
    const call =
      shape === 'box'
        ? 'app_hidden.geo_search_box($1::float8 - 3, $1::float8 + 3, $2::float8 - 3, $2::float8 + 3, $3, $4, 7, $5, $6)'
        : 'app_hidden.geo_search_point_rated($1, $2, 150, $3, $4, 7, $5, $6)';
    const walked: string[] = [];
    await asRole(db, 'marine_anonymous', async (c) => {
      let next: { score: number; id: string } | null = null;
      do {
        const r = await callRow(c, call, [p.latitude, p.longitude, slug, minRating, next?.score ?? null, next?.id ?? null]);
        walked.push(...r.contractors.map((x: { id: string }) => x.id));
        next = r.next;
      } while (next);
    });
    expect(walked).toEqual(rows.map((x) => x.id));
  });
});

describe('profiles', () => {
  test('by slug and by id give the same profile', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      const bySlug = await call(c, 'app_hidden.contractor_by_slug($1)', [active.slug]);
      const byId = await call(c, 'app_hidden.contractor_by_id($1)', [active.id]);
      expect(bySlug).toEqual(byId);
      expect(bySlug.reviews.length).toBeGreaterThan(0);
    });
  });

  test.each([
    ['an unknown slug', 'app_hidden.contractor_by_slug($1)', 'no-such-contractor'],
    ['an unknown id', 'app_hidden.contractor_by_id($1)', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a UUID', 'app_hidden.contractor_by_id($1)', 'not-a-uuid'],
  ])('%s is NTFND', async (_name, sql, arg) => {
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(call(c, sql, [arg]))).toBe('NTFND');
    });
  });

  test('an inactive contractor is NTFND, also for admins', async () => {
    for (const role of ['marine_anonymous', 'marine_admin'] as const) {
      await asRole(db, role, async (c) => {
        expect(await sqlState(call(c, 'app_hidden.contractor_by_slug($1)', [inactive.slug]))).toBe('NTFND');
      });
    }
  });
});

describe('app_hidden.list_posts', () => {
  test('newest first, published only, also for admins', async () => {
    await asRole(db, 'marine_admin', async (c) => {
      const r = await call(c, `app_hidden.list_posts('article', 100)`);
      const times = r.items.map((p: { publishedAt: string }) => p.publishedAt);
      expect([...times].sort().reverse()).toEqual(times);
      const { rows } = await c.query(`select count(*)::int as n from app_public.posts
        where kind = 'article' and status = 'published' and published_at <= now()`);
      expect(r.items).toHaveLength(Math.min(100, rows[0].n));
    });
  });
});

describe('derived counts', () => {
  const liveCounts = `select s.id, s.contractor_count,
      (select count(*)::int from app_public.contractor_specialties cs join app_public.contractors c
        on c.id = cs.contractor_id and c.is_active where cs.specialty_id = s.id) as live
    from app_public.specialties s`;

  test('specialty counts follow links, activation and deletion', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`update app_public.contractors set is_active = not is_active where id in (
        select id from app_public.contractors order by id limit 20)`);
      await client.query(`delete from app_public.contractors where id in (
        select id from app_public.contractors order by id desc limit 5)`);
      await client.query(`delete from app_public.contractor_specialties where contractor_id in (
        select id from app_public.contractors order by slug limit 5)`);
      await client.query(
        `insert into app_public.contractor_specialties (contractor_id, specialty_id)
        select c.id, $1 from app_public.contractors c
         where not exists (select 1 from app_public.contractor_specialties x where x.contractor_id = c.id and x.specialty_id = $1)
         order by c.name limit 7`,
        [specialty.id],
      );
      const { rows } = await client.query(liveCounts);
      for (const r of rows) expect(r.contractor_count).toBe(r.live);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  test('the city list follows inserts, renames, activation and deletion', async () => {
    const client = await db.pool.connect();
    const live = `select city, count(*)::int as n from app_public.contractors where is_active and city is not null group by city order by city`;
    const kept = 'select city, active_contractors as n from app_private.directory_cities order by city';
    try {
      await client.query('begin');
      expect((await client.query(kept)).rows).toEqual((await client.query(live)).rows);
      await client.query(`update app_public.contractors set city = 'Xanadu Harbor' where id in (
        select id from app_public.contractors where is_active order by id limit 3)`);
      await client.query(`update app_public.contractors set is_active = not is_active where id in (
        select id from app_public.contractors order by slug limit 20)`);
      await client.query(`delete from app_public.contractors where id in (
        select id from app_public.contractors order by id desc limit 5)`);
      await client.query(`insert into app_public.contractors (slug, name, city, state)
        values ('new-harbor-marine', 'New Harbor Marine', 'Nowhere Cove', 'ME')`);
      const after = (await client.query(kept)).rows;
      expect(after).toEqual((await client.query(live)).rows);
      expect(after).toContainEqual({ city: 'Xanadu Harbor', n: 3 });
      expect(after).toContainEqual({ city: 'Nowhere Cove', n: 1 });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  test("a city's states: every state its active contractors are in, perhaps one more until the recount", async () => {
    const client = await db.pool.connect();
    // The states each directory city's active contractors are in ('' for none), as the list keeps them.
    const live = `select city, array_agg(distinct coalesce(state, '') order by coalesce(state, '')) as states
                    from app_public.contractors where is_active and city is not null group by city order by city`;
    const kept = 'select city, states from app_private.directory_cities order by city';
    try {
      await client.query('begin');
      expect((await client.query(kept)).rows).toEqual((await client.query(live)).rows);
      const {
        rows: [two],
      } = await client.query<{ id: string; city: string; state: string }>(
        `select id, city, state from app_public.contractors where is_active and city is not null and state is not null order by id limit 1`,
      );
      // A contractor moves to another state in the same city: the city gains that state...
      await client.query(`update app_public.contractors set state = 'ZZ' where id = $1`, [two!.id]);
      // ...and one without a state joins it ('').
      await client.query(`insert into app_public.contractors (slug, name, city) values ('no-state-marine', 'No State Marine', $1)`, [
        two!.city,
      ]);
      const states = async () =>
        (await client.query<{ states: string[] }>(kept.replace('order by city', 'where city = $1'), [two!.city])).rows[0]!.states;
      expect(await states()).toEqual(expect.arrayContaining(['', 'ZZ']));
      // Never fewer than the live states, whatever moves.
      await client.query(`update app_public.contractors set is_active = not is_active where id in (
        select id from app_public.contractors order by slug limit 20)`);
      await client.query(`update app_public.contractors set state = 'ME' where id in (
        select id from app_public.contractors where is_active order by id desc limit 7)`);
      for (const r of (await client.query<{ city: string; states: string[] }>(live)).rows) {
        const { rows } = await client.query<{ states: string[] }>(kept.replace('order by city', 'where city = $1'), [r.city]);
        expect(rows[0]!.states).toEqual(expect.arrayContaining(r.states));
      }
      // The state left behind stays listed until the recount, which makes the list exact again.
      await client.query(`update app_public.contractors set state = $2 where id = $1`, [two!.id, two!.state]);
      expect(await states()).toContain('ZZ');
      await client.query('select app_private.recount_counts()');
      expect((await client.query(kept)).rows).toEqual((await client.query(live)).rows);
      expect(await states()).not.toContain('ZZ');
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  test('a review updates the native rating and review count', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query('delete from app_public.reviews where contractor_id = $1', [active.id]);
      await client.query(
        `insert into app_public.reviews (contractor_id, rating, body, author_name)
        values ($1, 5, 'Great work', 'Ann B.'), ($1, 2, 'Late again', 'Bo C.')`,
        [active.id],
      );
      const {
        rows: [c],
      } = await client.query('select rating::float8, review_count from app_public.contractors where id = $1', [active.id]);
      expect(c).toEqual({ rating: 3.5, review_count: 2 });
      await client.query('delete from app_public.reviews where contractor_id = $1', [active.id]);
      const {
        rows: [d],
      } = await client.query('select rating, review_count from app_public.contractors where id = $1', [active.id]);
      expect(d).toEqual({ rating: null, review_count: 0 });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
