// Bad input is a 400 in the error shape that names the parameter, never a 500.
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const SEARCH = '/api/v1/public/contractors/search';
const GEO = '/api/v1/public/contractors/geo-search';

test.each([
  ['state of 1 letter', `${SEARCH}?state=F`, 'state'],
  ['state of 3 letters', `${SEARCH}?state=FLA`, 'state'],
  ['state with a digit', `${SEARCH}?state=F1`, 'state'],
  ['limit 0', `${SEARCH}?limit=0`, 'limit'],
  ['limit 101 (Variant A)', `${SEARCH}?limit=101`, 'limit'],
  ['limit 21 with page (Variant B)', `${SEARCH}?page=1&limit=21`, 'limit'],
  ['page 0', `${SEARCH}?page=0`, 'page'],
  ['page 4', `${SEARCH}?page=4`, 'page'],
  ['page and cursor together', `${SEARCH}?page=2&cursor=abc`, 'page'],
  ['a garbage cursor', `${SEARCH}?cursor=not-a-cursor`, 'cursor'],
  ['a cursor of valid base64 but no cursor', `${SEARCH}?cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor'],
  ['a non-numeric limit', `${SEARCH}?limit=ten`, 'limit'],
  ['a fractional limit', `${SEARCH}?limit=2.5`, 'limit'],
  ['a repeated parameter', `${SEARCH}?state=FL&state=GA`, 'state'],
  ['lat 91', `${GEO}?lat=91&lng=0`, 'lat'],
  ['lng -181', `${GEO}?lat=0&lng=-181`, 'lng'],
  ['radiusMiles 0', `${GEO}?lat=26&lng=-80&radiusMiles=0`, 'radiusMiles'],
  ['radiusMiles 251', `${GEO}?lat=26&lng=-80&radiusMiles=251`, 'radiusMiles'],
  ['a non-numeric lat', `${GEO}?lat=north&lng=-80`, 'lat'],
  ['lat as Infinity', `${GEO}?lat=Infinity&lng=-80`, 'lat'],
  ['a missing point (Variant A)', `${GEO}?radiusMiles=10`, 'lat'],
  ['lat without lng', `${GEO}?lat=26`, 'lng'],
  ['a box with minLat above maxLat', `${GEO}?minLat=30&maxLat=20&minLng=-90&maxLng=-80`, 'minLat'],
  ['a box with minLng above maxLng', `${GEO}?minLat=20&maxLat=30&minLng=-70&maxLng=-80`, 'minLng'],
  ['a partial box', `${GEO}?minLat=20&maxLat=30&minLng=-90`, 'maxLng'],
  ['both a point and a box', `${GEO}?lat=26&lng=-80&minLat=20&maxLat=30&minLng=-90&maxLng=-80`, 'minLat'],
  ['a radius with a box', `${GEO}?radius=10&minLat=20&maxLat=30&minLng=-90&maxLng=-80`, 'radius'],
  ['geo limit 101 (Variant A)', `${GEO}?lat=26&lng=-80&limit=101`, 'limit'],
  ['geo limit 501 (Variant B)', `${GEO}?lat=26&lng=-80&radius=10&limit=501`, 'limit'],
  ['minRating 6', `${GEO}?lat=26&lng=-80&minRating=6`, 'minRating'],
  ['radius and radiusMiles that disagree', `${GEO}?lat=26&lng=-80&radius=10&radiusMiles=20`, 'radius'],
  ['an unknown specialty', `${GEO}?lat=26&lng=-80&specialty=nope`, 'specialty'],
  ['articles limit 0', '/api/v1/public/articles?limit=0', 'limit'],
  ['blog limit 101', '/api/v1/public/blog?limit=101', 'limit'],
  ['a blog cursor used on articles', '/api/v1/public/articles?cursor=BLOG', 'cursor'],
])('%s: 400 naming the parameter', async (_name, path, parameter) => {
  let url = path;
  if (url.endsWith('cursor=BLOG')) {
    const first = await svc.get('/api/v1/public/blog?limit=1');
    url = url.replace('BLOG', first.body.nextCursor);
  }
  const r = await svc.get(url);
  expect(r.status).toBe(400);
  expect(r.body.success).toBe(false);
  expect(r.body.error).toContain(parameter);
  expect(typeof r.body.details).toBe('string');
  expect(Object.keys(r.body).sort()).toEqual(['details', 'error', 'success']);
});

test('every limit at its edge is accepted', async () => {
  for (const path of [
    `${SEARCH}?limit=1`,
    `${SEARCH}?limit=100`,
    `${SEARCH}?page=3&limit=20`,
    `${GEO}?lat=90&lng=180&radiusMiles=1`,
    `${GEO}?lat=-90&lng=-180&radiusMiles=250&limit=100`,
    `${GEO}?lat=26&lng=-80&radius=250&limit=500`,
    '/api/v1/public/articles?limit=100',
    '/api/v1/public/blog?limit=1',
  ]) {
    const r = await svc.get(path);
    expect([path, r.status]).toEqual([path, 200]);
  }
});
