// GET /api/v1/public/contractors/search over HTTP against the seeded demo directory.
import { startTestService, type TestService } from '../helpers/server';
import { expectContractorListItem, variantBItem } from '../helpers/shapes';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const search = (query: string) => svc.get(`/api/v1/public/contractors/search?${query}`);
const ids = (list: Array<{ id: string }>) => list.map((c) => c.id);

async function sqlIds(where: string, args: unknown[] = []): Promise<string[]> {
  const { rows } = await svc.db.pool.query(`select id from app_public.contractors c where c.is_active and ${where}`, args);
  return rows.map((r) => r.id).sort();
}

/** The same matches in the search's order: best public rating first, ties by search number descending (docs/search.md, rule 6). */
async function sqlOrdered(where: string, args: unknown[] = []): Promise<string[]> {
  const { rows } = await svc.db.pool.query(
    `select id from app_public.contractors c where c.is_active and ${where}
    order by coalesce(c.public_rating, 0) desc, c.search_no desc`,
    args,
  );
  return rows.map((r) => r.id);
}

/** What pagination says of n matches: exact up to 10,000 (docs/decisions.md). */
function counted(n: number): { total: number; totalExact: boolean } {
  return { total: Math.min(n, 10000), totalExact: n <= 10000 };
}

async function topSpecialty(): Promise<string> {
  const { rows } = await svc.db.pool.query('select slug from app_public.specialties order by contractor_count desc, slug limit 1');
  return rows[0].slug;
}

describe('both variants in one body', () => {
  test('Variant A reading: {contractors, nextCursor} with A fields', async () => {
    const r = await search('limit=5');
    expect(r.status).toBe(200);
    expect(r.body.contractors).toHaveLength(5);
    expect(typeof r.body.nextCursor).toBe('string');
    for (const c of r.body.contractors) expectContractorListItem(c);
  });

  test('Variant B reading: {success, data: {contractors, pagination}} with B fields', async () => {
    const r = await search('page=1');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.contractors).toHaveLength(20);
    expect(r.body.data.contractors).toEqual(r.body.contractors.map(variantBItem));
    expect(r.body.data.nextCursor).toBe(r.body.nextCursor);
    const all = (await sqlIds('true')).length;
    expect(all).toBeGreaterThan(60);
    expect(r.body.data.pagination).toEqual({ page: 1, limit: 20, total: all, totalExact: true, totalPages: 3 });
    expect(r.body.data.matching).toEqual({ sort: 'rating', ignoredWords: [], corrections: [], place: null });
    expect(r.body.matching).toEqual(r.body.data.matching);
  });
});

describe('filters', () => {
  test('q matches name, services, marina, description and location', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query(`select name from app_public.contractors where is_active and marina is not null order by id limit 1`);
    const r = await search(`q=${encodeURIComponent(c.name)}&limit=100`);
    expect(r.body.contractors[0].name).toBe(c.name);
    // A word found in only one field of one contractor, for each field.
    const {
      rows: [made],
    } = await svc.db.pool.query(`insert into app_public.contractors (slug, name, services, marina, about, location_text)
      values ('zorblax-marine', 'Zorblax Marine', '{Quuxfitting}', 'Wibblemoor Marina', 'Frobnicating hulls since 1990.', 'Glimmerfjord Point')
      returning id`);
    for (const word of ['zorblax', 'quuxfitting', 'wibblemoor', 'frobnicating', 'glimmerfjord']) {
      const found = await search(`q=${word}`);
      expect([word, ids(found.body.contractors)]).toEqual([word, [made.id]]);
    }
  });

  // sort=rating: the matches of q (each word, or a trade phrase, through its lexemes or the
  // specialties the vocabulary gives it; a trailing space turns completion of the last word
  // off) in rated order, counted exactly: the same as SQL written by hand.
  test.each([
    ['diesel ', `c.search @@ $$diesel | 'specialty_diesel-engines'$$::tsquery`],
    ['watermaker ', `c.search @@ $$watermak | 'specialty_watermakers'$$::tsquery`],
    ['heat exchanger ', `c.search @@ $$(heat & exchang) | 'specialty_diesel-engines'$$::tsquery`],
    ['gelcoat stuart ', `c.search @@ $$(gelcoat | 'specialty_fiberglass-gelcoat') & stuart$$::tsquery`],
    ['xyzzy ', 'false'],
  ])('q=%s&sort=rating&state=FL gives the exact order and count', async (q, where) => {
    const r = await search(`q=${encodeURIComponent(q)}&state=FL&limit=20&sort=rating`);
    const expected = await sqlOrdered(`c.state = 'FL' and ${where}`);
    expect(ids(r.body.contractors)).toEqual(expected.slice(0, 20));
    expect(r.body.data.pagination).toMatchObject(counted(expected.length));
  });

  // Location text is checked above: in the demo data it repeats the city and state.
  test('q over a whole marina name', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query(`select marina from app_public.contractors where is_active and marina is not null order by id limit 1`);
    const r = await search(`q=${encodeURIComponent(`"${c.marina}"`)}&limit=100`);
    expect(r.body.data.pagination.total).toBeGreaterThan(0);
    const { rows } = await svc.db.pool.query(`select count(*)::int as n from app_public.contractors where is_active and marina = $1`, [
      c.marina,
    ]);
    expect(r.body.data.pagination.total).toBeGreaterThanOrEqual(rows[0].n);
  });

  test('specialty filters by slug; specialtySlug is the same filter', async () => {
    const slug = await topSpecialty();
    const r = await search(`specialty=${slug}&limit=100`);
    const expected = await sqlOrdered(
      `exists (select 1 from app_public.contractor_specialties cs join app_public.specialties s
      on s.id = cs.specialty_id where cs.contractor_id = c.id and s.slug = $1)`,
      [slug],
    );
    expect(r.body.data.pagination).toMatchObject(counted(expected.length));
    expect(ids(r.body.contractors)).toEqual(expected.slice(0, 100));
    for (const c of r.body.contractors) expect(c.specialties).toContain(slug);
    const r2 = await search(`specialtySlug=${slug}&limit=100`);
    expect(ids(r2.body.contractors)).toEqual(ids(r.body.contractors));
  });

  test('city is a case-insensitive partial match', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query(`select city from app_public.contractors where is_active and length(city) > 6 order by id limit 1`);
    const part = c.city.slice(1, 5).toUpperCase();
    const r = await search(`city=${encodeURIComponent(part)}&limit=100`);
    const expected = await sqlOrdered(`c.city ilike $1`, [`%${part}%`]);
    expect(r.body.data.pagination).toMatchObject(counted(expected.length));
    expect(ids(r.body.contractors)).toEqual(expected.slice(0, 100));
    for (const x of r.body.contractors) expect(x.city.toUpperCase()).toContain(part);
  });

  test('state is a two-letter code, in any letter case', async () => {
    const r = await search('state=fl&limit=100');
    expect(r.status).toBe(200);
    expect(r.body.data.pagination).toMatchObject(counted((await sqlIds(`c.state = 'FL'`)).length));
    for (const x of r.body.contractors) expect(x.state).toBe('FL');
  });

  test('filters combine', async () => {
    const slug = await topSpecialty();
    const r = await search(`specialty=${slug}&state=FL&q=gelcoat+&sort=rating&limit=100`);
    const expected = await sqlOrdered(
      `c.state = 'FL' and c.search @@ $$gelcoat | 'specialty_fiberglass-gelcoat'$$::tsquery and exists (
      select 1 from app_public.contractor_specialties cs join app_public.specialties s on s.id = cs.specialty_id
       where cs.contractor_id = c.id and s.slug = $1)`,
      [slug],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(r.body.data.pagination).toMatchObject(counted(expected.length));
    expect(ids(r.body.contractors)).toEqual(expected.slice(0, 100));
  });

  test('an unknown specialty is a 400 that names the parameter', async () => {
    const r = await search('specialty=underwater-basket-weaving');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, error: expect.stringContaining('specialty'), details: expect.stringContaining('specialty') });
  });
});

describe('paging', () => {
  test('walking every nextCursor returns each match once, in a stable order, despite inserts', async () => {
    const slug = await topSpecialty();
    const before = await sqlIds(
      `exists (select 1 from app_public.contractor_specialties cs join app_public.specialties s
      on s.id = cs.specialty_id where cs.contractor_id = c.id and s.slug = $1)`,
      [slug],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await search(`specialty=${slug}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...ids(r.body.contractors));
      cursor = r.body.nextCursor;
      pages += 1;
      expect(r.body.data.pagination.page).toBe(pages);
      if (pages === 2 || pages === 5) {
        // New contractors that sort first, last and in between must not disturb the walk.
        for (const [n, rating] of [
          [1, null],
          [2, 5.0],
          [3, 3.0],
        ] as const) {
          const {
            rows: [c],
          } = await svc.db.pool.query(
            `insert into app_public.contractors (slug, name, google_rating, google_review_count, state)
             values ($1, 'Inserted During Walk', $2::numeric, $3, 'FL') returning id`,
            [`inserted-${pages}-${n}`, rating, rating === null ? 0 : 10],
          );
          await svc.db.pool.query(
            `insert into app_public.contractor_specialties (contractor_id, specialty_id)
            select $1, id from app_public.specialties where slug = $2`,
            [c.id, slug],
          );
        }
      }
    } while (cursor);
    const original = seen.filter((id) => before.includes(id));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...original].sort()).toEqual(before);

    // The same walk again gives the same order (inserted rows included now).
    const again: string[] = [];
    cursor = null;
    do {
      const r = await search(`specialty=${slug}&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      again.push(...ids(r.body.contractors));
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(again.filter((id) => before.includes(id))).toEqual(original);
  });

  test('page mode: limit 20 by default, at most 3 pages, pages do not overlap', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => search(`page=${p}`)));
    const all = pages.flatMap((p) => ids(p.body.contractors));
    expect(all).toHaveLength(60);
    expect(new Set(all).size).toBe(60);
    const total = (await sqlIds('true')).length;
    pages.forEach((p, i) => expect(p.body.data.pagination).toEqual({ page: i + 1, limit: 20, total, totalExact: true, totalPages: 3 }));
    expect((await search('page=4')).status).toBe(400);
    // Page 2 by cursor is page 2 by number.
    const byCursor = await search(`cursor=${pages[0]!.body.nextCursor}&limit=20`);
    expect(ids(byCursor.body.contractors)).toEqual(ids(pages[1]!.body.contractors));
  });

  test('totalPages counts the pages there are, up to 3', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query(`select state, count(*)::int as n from app_public.contractors
      where is_active group by state having count(*) between 2 and 39 order by n limit 1`);
    const r = await search(`state=${c.state}&page=1&limit=20`);
    expect(r.body.data.pagination).toEqual({ page: 1, limit: 20, total: c.n, totalExact: true, totalPages: Math.ceil(c.n / 20) });
    const last = await search(`state=${c.state}&page=${Math.ceil(c.n / 20)}&limit=20`);
    expect(last.body.nextCursor).toBeNull();
  });

  test('a cursor from another query is refused', async () => {
    const first = await search('state=FL&limit=5');
    const r = await search(`state=CA&limit=5&cursor=${first.body.nextCursor}`);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/cursor/);
  });
});
