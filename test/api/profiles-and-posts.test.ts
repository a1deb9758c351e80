// Profiles by slug and id, specialties, articles and blog over HTTP.
import { startTestService, type TestService } from '../helpers/server';
import { expectContractorProfile } from '../helpers/shapes';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

describe('profiles', () => {
  test('by slug and by id: every Variant B field plus latitude, longitude, website, in both envelopes', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query(`select id, slug from app_public.contractors
      where is_active and review_count > 0 and jsonb_array_length(photos) > 0 and jsonb_array_length(videos) > 0
      order by id limit 1`);
    const bySlug = await svc.get(`/api/v1/public/contractors/${c.slug}`);
    const byId = await svc.get(`/api/v1/public/contractors/by-id/${c.id}`);
    expect(bySlug.status).toBe(200);
    expect(byId.body).toEqual(bySlug.body);
    const { success, data, ...variantA } = bySlug.body;
    expect(success).toBe(true);
    // The top level is Variant A's reading: specialties as slugs (data keeps the objects).
    expect(variantA).toEqual({ ...data, specialties: data.specialties.map((s: { slug: string }) => s.slug) });
    expectContractorProfile(data);
    expect(data.reviews[0]).toEqual({
      id: expect.any(String),
      rating: expect.any(Number),
      review: expect.any(String),
      authorName: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(data.photos[0]).toHaveProperty('url');
    expect(data.videos[0]).toHaveProperty('url');
  });

  test.each([
    ['an unknown slug', '/api/v1/public/contractors/no-such-pro'],
    ['an unknown id', '/api/v1/public/contractors/by-id/00000000-0000-4000-8000-000000000000'],
    ['a malformed id', '/api/v1/public/contractors/by-id/12345'],
  ])('%s: 404 in the error shape', async (_name, path) => {
    const r = await svc.get(path);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, error: 'Contractor not found' });
  });

  test('an inactive contractor is not found', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query('select id, slug from app_public.contractors where not is_active limit 1');
    expect((await svc.get(`/api/v1/public/contractors/${c.slug}`)).status).toBe(404);
    expect((await svc.get(`/api/v1/public/contractors/by-id/${c.id}`)).status).toBe(404);
  });
});

describe('specialties', () => {
  test('every specialty with id, slug, name, label and the count of active contractors, in both envelopes', async () => {
    const r = await svc.get('/api/v1/public/contractors/specialties');
    expect(r.status).toBe(200);
    expect(r.body.data.specialties).toEqual(r.body.specialties);
    const { rows } = await svc.db.pool.query(`select s.id, s.slug, s.name,
      (select count(*)::int from app_public.contractor_specialties cs join app_public.contractors c
         on c.id = cs.contractor_id and c.is_active where cs.specialty_id = s.id) as n
      from app_public.specialties s`);
    expect(r.body.specialties).toHaveLength(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const s of r.body.specialties) {
      const row = rows.find((x) => x.id === s.id);
      expect(s).toEqual({ id: row.id, slug: row.slug, name: row.name, label: row.name, contractorCount: row.n });
    }
  });
});

describe.each([
  ['articles', 'article', 'articles'],
  ['blog', 'blog', 'posts'],
])('/api/v1/public/%s', (path, kind, field) => {
  test('default limit 25, newest first, cursor paging through every published post once; drafts hidden', async () => {
    const { rows } = await svc.db.pool.query(
      `select id from app_public.posts
      where kind = $1 and status = 'published' and published_at <= now() order by published_at desc, id desc`,
      [kind],
    );
    const first = await svc.get(`/api/v1/public/${path}`);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual([field, 'nextCursor'].sort());
    expect(first.body[field]).toHaveLength(Math.min(25, rows.length));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await svc.get(`/api/v1/public/${path}?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      for (const p of r.body[field]) {
        expect(p).toEqual({
          id: expect.any(String),
          slug: expect.any(String),
          title: expect.any(String),
          excerpt: p.excerpt === null ? null : expect.any(String),
          publishedAt: expect.any(String),
          url: expect.any(String),
        });
      }
      seen.push(...r.body[field].map((p: { id: string }) => p.id));
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(rows.map((r) => r.id));
  });
});
