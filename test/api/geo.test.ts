// GET /api/v1/public/contractors/geo-search, checked against a brute-force computation over
// every contractor of the demo data (independent of PostGIS: haversine in JavaScript).
import { startTestService, type TestService } from '../helpers/server';
import { expectContractorListItem, variantBItem } from '../helpers/shapes';

let svc: TestService;
let all: Array<{ id: string; lat: number; lng: number; rating: number | null; specialties: string[] }>;

// PostGIS measures geography on the sphere of the WGS 84 mean radius.
const EARTH_RADIUS_MILES = 6371008.7714 / 1609.344;
function greatCircleMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

beforeAll(async () => {
  svc = await startTestService();
  const { rows } = await svc.db.pool.query(`
    select c.id, c.latitude as lat, c.longitude as lng, c.public_rating::float8 as rating,
           coalesce(array_agg(s.slug) filter (where s.slug is not null), '{}') as specialties
      from app_public.contractors c
      left join app_public.contractor_specialties cs on cs.contractor_id = c.id
      left join app_public.specialties s on s.id = cs.specialty_id
     where c.is_active and c.geog is not null
     group by c.id`);
  all = rows;
});
afterAll(() => svc.stop());

const geo = (query: string) => svc.get(`/api/v1/public/contractors/geo-search?${query}`);

async function walk(query: string): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const r = await geo(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    out.push(...r.body.contractors);
    cursor = r.body.nextCursor;
  } while (cursor);
  return out;
}

// Centres: a busy harbour (many results), a quiet coast, and open water (none).
const centres: Array<[string, number, number]> = [
  ['Fort Lauderdale', 26.1224, -80.1373],
  ['Annapolis', 38.9784, -76.4922],
  ['San Diego', 32.7157, -117.1611],
  ['mid-Atlantic ocean', 30.0, -50.0],
];

describe('point mode', () => {
  test.each(centres)('around %s: exactly the contractors within the radius, nearest first, distances right', async (_name, lat, lng) => {
    const radius = 25;
    const got = await walk(`lat=${lat}&lng=${lng}&radiusMiles=${radius}&limit=7`);
    const expected = all
      .map((c) => ({ id: c.id, d: greatCircleMiles(lat, lng, c.lat, c.lng) }))
      .filter((c) => c.d <= radius)
      .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1));
    // Rows within a hair of the edge could fall either way in floating point; none are expected.
    expect(expected.filter((c) => Math.abs(c.d - radius) < 1e-6)).toEqual([]);
    if (expected.length > 0) expect(expected.length).toBeGreaterThan(7); // several pages were walked
    expect(got.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    got.forEach((c, i) => {
      expect(Math.abs(c.distanceMiles - expected[i]!.d)).toBeLessThan(0.01);
      expectContractorListItem(c);
    });
  });

  test('Variant B spelling: radius (default 30), specialtySlug, minRating on the blended rating', async () => {
    const [lat, lng] = [26.1224, -80.1373];
    const {
      rows: [s],
    } = await svc.db.pool.query('select slug from app_public.specialties order by contractor_count desc limit 1');
    const got = await walk(`lat=${lat}&lng=${lng}&specialtySlug=${s.slug}&minRating=4`);
    const expected = all
      .filter((c) => c.specialties.includes(s.slug) && c.rating !== null && c.rating >= 4)
      .map((c) => ({ id: c.id, d: greatCircleMiles(lat, lng, c.lat, c.lng) }))
      .filter((c) => c.d <= 30)
      .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1));
    expect(expected.length).toBeGreaterThan(0);
    expect(got.map((c) => c.id)).toEqual(expected.map((c) => c.id));
  });

  test('the blended rating is (rating*n + googleRating*m) / (n + m)', async () => {
    const r = await geo('lat=26.1224&lng=-80.1373&radius=30&minRating=4.5&limit=500');
    expect(r.body.contractors.length).toBeGreaterThan(0);
    for (const c of r.body.contractors) {
      const n = c.reviewCount,
        m = c.googleReviewCount;
      const blended = ((c.rating ?? 0) * n + (c.googleRating ?? 0) * m) / (n + m);
      expect(Math.round(blended * 100) / 100).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('specialty (Variant A) filters like specialtySlug; limit defaults to 25, 100 with Variant B parameters', async () => {
    const [lat, lng] = [26.1224, -80.1373];
    const {
      rows: [s],
    } = await svc.db.pool.query('select slug from app_public.specialties order by contractor_count desc limit 1');
    const bySpecialty = await walk(`lat=${lat}&lng=${lng}&radiusMiles=30&specialty=${s.slug}`);
    const expected = all
      .filter((c) => c.specialties.includes(s.slug))
      .map((c) => ({ id: c.id, d: greatCircleMiles(lat, lng, c.lat, c.lng) }))
      .filter((c) => c.d <= 30)
      .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1));
    expect(expected.length).toBeGreaterThan(0);
    expect(bySpecialty.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    expect((await walk(`lat=${lat}&lng=${lng}&radius=30&specialtySlug=${s.slug}`)).map((c) => c.id)).toEqual(expected.map((c) => c.id));

    const a = await geo('lat=26.1224&lng=-80.1373&radiusMiles=250');
    expect(a.body.contractors).toHaveLength(25);
    const b = await geo('lat=26.1224&lng=-80.1373&radius=250');
    expect(b.body.contractors).toHaveLength(100);
    expect(b.body.success).toBe(true);
    expect(b.body.data.contractors).toEqual(b.body.contractors.map(variantBItem));
  });
});

describe('bounding-box mode', () => {
  test.each([
    [24.5, 27.0, -82.5, -79.9],
    [38.0, 40.0, -77.0, -75.5],
    [47.0, 48.5, -123.0, -122.0],
  ])('box %d..%d, %d..%d: exactly the contractors inside', async (minLat, maxLat, minLng, maxLng) => {
    const got = await walk(`minLat=${minLat}&maxLat=${maxLat}&minLng=${minLng}&maxLng=${maxLng}&limit=9`);
    const expected = all.filter((c) => c.lat >= minLat && c.lat <= maxLat && c.lng >= minLng && c.lng <= maxLng);
    expect(expected.length).toBeGreaterThan(0);
    expect(got.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
    for (const c of got) expect(c).not.toHaveProperty('distanceMiles');
    // Best public rating first.
    const ratings = got.map((c) => all.find((x) => x.id === c.id)!.rating ?? 0);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
  });
});

test('box edges are exact: a point a hair outside is out, one on the edge is in', async () => {
  // Index boxes are float4-rounded outwards, so only the exact comparison can tell these apart.
  const inserted = await svc.db.pool.query(`insert into app_public.contractors (slug, name, geog) values
      ('edge-outside', 'Edge Outside', 'SRID=4326;POINT(-80.5 26.0000001)'),
      ('edge-on', 'Edge On', 'SRID=4326;POINT(-80.5 26)') returning slug`);
  expect(inserted.rowCount).toBe(2);
  const r = await geo('minLat=25.9&maxLat=26&minLng=-80.6&maxLng=-80.4&limit=500');
  const slugs = r.body.contractors.map((c: { slug: string }) => c.slug);
  expect(slugs).toContain('edge-on');
  expect(slugs).not.toContain('edge-outside');
});

test('contractors at the very same point (one marina) page in id order, none lost or repeated', async () => {
  // Far from the demo data, so only these are in the radius.
  const slugs = ['tie-a', 'tie-b', 'tie-c', 'tie-d', 'tie-e', 'tie-f', 'tie-g'];
  const { rows } = await svc.db.pool.query(
    `insert into app_public.contractors (slug, name, geog)
    select s, 'Same Marina ' || s, 'SRID=4326;POINT(-40 10)' from unnest($1::text[]) s returning id`,
    [slugs],
  );
  await svc.db.pool.query(`insert into app_public.contractors (slug, name, geog)
    values ('tie-near', 'Nearer', 'SRID=4326;POINT(-40.001 10)'), ('tie-far', 'Farther', 'SRID=4326;POINT(-40.01 10)')`);
  for (const limit of [1, 2, 3, 7]) {
    const got = await walk(`lat=10&lng=-40.001&radiusMiles=5&limit=${limit}`);
    expect(got.map((c) => c.slug)).toEqual([
      'tie-near',
      ...rows
        .map((r) => r.id)
        .sort()
        .map((id) => got.find((c) => c.id === id).slug),
      'tie-far',
    ]);
  }
});
