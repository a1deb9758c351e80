// Where the two variants of the spec type a field differently, each reading gets its own type
// (DESIGN.md, "The two variants"): a profile's top level (Variant A) has specialty slugs, its
// `data` (Variant B) the objects; Variant B's rating and googleRating are numbers (0 with a count
// of 0), Variant A's rating stays number-or-null.
import { startTestService, type TestService } from '../helpers/server';
import { variantBItem } from '../helpers/shapes';

let svc: TestService;
// A contractor with no native and no Google reviews, and one with both.
let unrated: { id: string; slug: string; name: string; latitude: number; longitude: number };
let rated: { slug: string; rating: number };
beforeAll(async () => {
  svc = await startTestService();
  const pick = (where: string) =>
    svc.db.pool.query(`select id, slug, name, latitude, longitude, rating::float8 as rating from app_public.contractors
      where is_active and latitude is not null and ${where} order by id limit 1`);
  unrated = (await pick('review_count = 0 and google_review_count = 0 and rating is null and google_rating is null')).rows[0];
  rated = (await pick('review_count > 0 and google_review_count > 0')).rows[0];
  expect(unrated).toBeDefined();
  expect(rated).toBeDefined();
});
afterAll(() => svc.stop());

type Item = Record<string, unknown> & { id: string };

describe('profile', () => {
  test('top level (A): specialties are slugs; data (B): specialty objects', async () => {
    const r = await svc.get(`/api/v1/public/contractors/${rated.slug}`);
    expect(r.status).toBe(200);
    const objects = r.body.data.specialties as Array<{ id: string; name: string; slug: string }>;
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects) expect(Object.keys(o).sort()).toEqual(['id', 'name', 'slug']);
    expect(r.body.specialties).toEqual(objects.map((o) => o.slug));
    expect([r.body.rating, r.body.data.rating]).toEqual([rated.rating, rated.rating]);
  });

  test('unrated: B reads rating 0 with reviewCount 0, A reads null', async () => {
    for (const path of [`/api/v1/public/contractors/${unrated.slug}`, `/api/v1/public/contractors/by-id/${unrated.id}`]) {
      const r = await svc.get(path);
      expect([path, r.status]).toEqual([path, 200]);
      expect([r.body.data.rating, r.body.data.reviewCount]).toEqual([0, 0]);
      expect([r.body.rating, r.body.reviewCount]).toEqual([null, 0]);
    }
  });
});

describe('list items', () => {
  const check = (body: { contractors: Item[]; data: { contractors: Item[] } }) => {
    const a = body.contractors.find((c) => c.id === unrated.id)!;
    const b = body.data.contractors.find((c) => c.id === unrated.id)!;
    expect(a).toMatchObject({ rating: null, reviewCount: 0, googleRating: null, googleReviewCount: 0 });
    expect(b).toMatchObject({ rating: 0, reviewCount: 0, googleRating: 0, googleReviewCount: 0 });
    // Nothing else differs, in any item.
    expect(body.data.contractors).toEqual(body.contractors.map(variantBItem));
    for (const c of body.data.contractors) {
      expect(typeof c.rating).toBe('number');
      expect(typeof c.googleRating).toBe('number');
    }
  };

  test('geo-search: B items carry 0, A items null', async () => {
    const r = await svc.get(`/api/v1/public/contractors/geo-search?lat=${unrated.latitude}&lng=${unrated.longitude}&radiusMiles=5`);
    expect(r.status).toBe(200);
    check(r.body);
  });

  test('geo-search (Variant B parameters): the same', async () => {
    const r = await svc.get(`/api/v1/public/contractors/geo-search?lat=${unrated.latitude}&lng=${unrated.longitude}&radius=5`);
    expect(r.status).toBe(200);
    check(r.body);
  });

  test('search: B items carry 0, A items null', async () => {
    const r = await svc.get(`/api/v1/public/contractors/search?q=${encodeURIComponent(unrated.name)}&limit=100`);
    expect(r.status).toBe(200);
    check(r.body);
  });
});
