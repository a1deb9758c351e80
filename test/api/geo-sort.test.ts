// sort on GET /api/v1/public/contractors/geo-search (issue 16): a point search by rating.
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
let point: { lat: number; lng: number };
beforeAll(async () => {
  svc = await startTestService();
  const { rows } = await svc.db.pool.query(`select latitude as lat, longitude as lng from app_public.contractors
    where is_active and city = (select city from app_private.directory_cities order by active_contractors desc limit 1) limit 1`);
  point = rows[0];
});
afterAll(() => svc.stop());

const geo = (query: string) => svc.get(`/api/v1/public/contractors/geo-search?${query}`);
const ids = (list: Array<{ id: string }>) => list.map((c) => c.id);

test('sort=rating: every contractor within the radius, best rated first, ties by id; cursors walk it', async () => {
  const { rows } = await svc.db.pool.query(
    `select id from app_public.contractors c where c.is_active
        and extensions.st_dwithin(c.geog, extensions.st_setsrid(extensions.st_makepoint($2, $1), 4326)::extensions.geography, 40 * 1609.344, false)
      order by coalesce(c.public_rating, 0) desc, c.id desc`,
    [point.lat, point.lng],
  );
  expect(rows.length).toBeGreaterThan(15);
  const base = `lat=${point.lat}&lng=${point.lng}&radiusMiles=40&sort=rating`;
  const walked: string[] = [];
  let cursor: string | null = null;
  do {
    const r = await geo(`${base}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    for (const c of r.body.contractors) expect(c.distanceMiles).toBeLessThanOrEqual(40);
    walked.push(...ids(r.body.contractors));
    cursor = r.body.nextCursor;
  } while (cursor);
  expect(walked).toEqual(rows.map((r) => r.id));
});

test('distance is the default with a point; a distance cursor is refused by sort=rating; a box cannot sort by distance', async () => {
  const near = await geo(`lat=${point.lat}&lng=${point.lng}&radiusMiles=40&limit=5`);
  const distances = near.body.contractors.map((c: { distanceMiles: number }) => c.distanceMiles);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  const r = await geo(`lat=${point.lat}&lng=${point.lng}&radiusMiles=40&limit=5&sort=rating&cursor=${near.body.nextCursor}`);
  expect(r.status).toBe(400);
  const box = await geo('minLat=20&maxLat=30&minLng=-90&maxLng=-80&sort=distance');
  expect(box.status).toBe(400);
  expect(box.body.error).toMatch(/sort/);
  expect((await geo('minLat=20&maxLat=30&minLng=-90&maxLng=-80&sort=rating')).status).toBe(200);
  expect((await geo(`lat=${point.lat}&lng=${point.lng}&sort=nearest`)).status).toBe(400);
});
