// Relevance over HTTP (issue 16): the sort parameter and its cursors, what the response says
// about matching, typo tolerance measured as the issue asks, and type-ahead.
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const search = (query: string) => svc.get(`/api/v1/public/contractors/search?${query}`);
const ids = (list: Array<{ id: string }>) => list.map((c) => c.id);

describe('sort', () => {
  test('relevance by default with q, rating without; matching says which', async () => {
    const withQ = await search('q=rigger');
    expect(withQ.body.matching).toEqual({ sort: 'relevance', ignoredWords: [], corrections: [], place: null });
    expect(withQ.body.data.matching).toEqual(withQ.body.matching);
    expect((await search('state=FL')).body.matching.sort).toBe('rating');
    const byRating = await search('q=rigging&state=FL&sort=rating&limit=100');
    expect(byRating.body.matching.sort).toBe('rating');
    expect(byRating.body.contractors.length).toBeGreaterThan(10);
    expect(byRating.body.data.pagination.total).toBeLessThan(100);
    // Same matches, another order.
    const byRelevance = await search('q=rigging&state=FL&limit=100');
    expect(ids(byRelevance.body.contractors).sort()).toEqual(ids(byRating.body.contractors).sort());
    expect(ids(byRelevance.body.contractors)).not.toEqual(ids(byRating.body.contractors));
  });

  test('an unknown sort is a 400 naming it', async () => {
    const r = await search('q=diesel&sort=newest');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/sort/);
  });

  test('cursors follow the sort, and belong to it', async () => {
    const all = await search('q=diesel+mechanic&limit=60');
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await search(`q=diesel+mechanic&limit=20${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      walked.push(...ids(r.body.contractors));
      cursor = r.body.nextCursor;
    } while (cursor && walked.length < 60);
    expect(walked).toEqual(ids(all.body.contractors));
    const first = await search('q=diesel+mechanic&limit=5');
    const other = await search(`q=diesel+mechanic&limit=5&sort=rating&cursor=${first.body.nextCursor}`);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/cursor/);
  });
});

describe('forgiving matching', () => {
  // The acceptance test of issue 16: one edit in a word of 5+ letters finds what the word finds.
  test.each([
    ['disel', 'diesel'],
    ['outbord', 'outboard'],
    ['electricain', 'electrician'],
    ['generater', 'generator'],
    ['riging', 'rigging'],
    ['upholstry', 'upholstery'],
    ['watermakr', 'watermaker'],
    ['fibreglas', 'fibreglass'],
    ['survayor', 'surveyor'],
    ['yamaha outbord', 'yamaha outboard'],
  ])('%s finds what %s finds (top 5 overlap at least 4)', async (typo, word) => {
    const [a, b] = await Promise.all([search(`q=${encodeURIComponent(typo)}&limit=5`), search(`q=${encodeURIComponent(word)}&limit=5`)]);
    expect(b.body.contractors).toHaveLength(5);
    const overlap = ids(a.body.contractors).filter((id) => ids(b.body.contractors).includes(id)).length;
    expect([typo, overlap]).toEqual([typo, expect.any(Number)]);
    expect(overlap).toBeGreaterThanOrEqual(4);
    expect(a.body.matching.corrections.length).toBeGreaterThan(0);
  });

  test('a word that matches nothing is ignored, not fatal', async () => {
    const r = await search('q=diesel+qwzxv&limit=5');
    expect(r.body.contractors).toHaveLength(5);
    expect(r.body.matching.ignoredWords).toEqual(['qwzxv']);
    expect(ids(r.body.contractors)).toEqual(ids((await search('q=diesel&limit=5')).body.contractors));
  });
});

describe('GET /api/v1/public/contractors/autocomplete', () => {
  const complete = (query: string) => svc.get(`/api/v1/public/contractors/autocomplete?${query}`);

  test('specialties, cities and contractors for a prefix, in both readings, admitted like every read', async () => {
    const r = await complete('q=wat');
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-limit')).not.toBeNull();
    expect(r.body.success).toBe(true);
    expect(r.body.data.specialties.map((s: { slug: string }) => s.slug)).toContain('watermakers');
    for (const key of ['specialties', 'cities', 'contractors']) expect(r.body[key]).toEqual(r.body.data[key]);
    const names = await complete('q=true+north&limit=3');
    expect(names.body.contractors).toHaveLength(3);
    for (const c of names.body.contractors) {
      expect(c).toEqual({
        id: expect.any(String),
        slug: expect.any(String),
        name: expect.stringMatching(/^True North/),
        city: expect.any(String),
        state: expect.any(String),
      });
    }
  });

  test('q is required; limit is 1 to 10', async () => {
    for (const query of ['', 'q=', 'q=ab&limit=11', 'q=ab&limit=0', 'q=a&q=b']) {
      const r = await complete(query);
      expect([query, r.status]).toEqual([query, 400]);
    }
  });
});
