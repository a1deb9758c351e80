// The event feeds over HTTP: the owner's (every shared event of the Opportunity) and the pro's
// (its own quote's only), oldest first, paged by `after`; bad cursors and limits are 400; another
// Opportunity's or quote's token is 404. Every answer is checked against the OpenAPI document.
import { sha256 } from '../../src/credentials';
import { issueProToken, makeOpportunity, type Made, OWNER, PRO } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
let mine: Made;
let other: Made;
let a: string;
let b: string;
let proA: string;
let proB: string;

const OWNER_AT = 'x-service-owner-access-token';
const PRO_AT = 'x-service-pro-access-token';

const post = (path: string, body: Record<string, unknown>, headers: Record<string, string>) =>
  svc.get(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...body, confirm: true }),
  });
const ownerFeed = (query = '', made: Made = mine, token = mine.token) =>
  svc.get(`${OWNER}/${made.opportunityId}/events${query}`, { headers: { [OWNER_AT]: token } });
const proFeed = (quote: string, token: string, query = '') => svc.get(`${PRO}/${quote}/events${query}`, { headers: { [PRO_AT]: token } });
const kinds = (events: Array<{ type: string; quoteId: string | null }>) => events.map((e) => [e.type, e.quoteId]);

beforeAll(async () => {
  svc = await startTestService();
  mine = await makeOpportunity(svc, 2, 0);
  other = await makeOpportunity(svc, 2, 2);
  [a, b] = mine.quotes.map((q) => q.quoteId) as [string, string];
  proA = await issueProToken(svc.db, a);
  proB = await issueProToken(svc.db, b);
  expect((await post(`${PRO}/${a}/messages`, { content: 'A here: Tuesday?' }, { [PRO_AT]: proA })).status).toBe(200);
  expect((await post(`${PRO}/${b}/messages`, { content: 'B here: Friday?' }, { [PRO_AT]: proB })).status).toBe(200);
  expect(
    (await post(`${OWNER}/${mine.opportunityId}/messages`, { quoteId: a, content: 'Tuesday it is' }, { [OWNER_AT]: mine.token })).status,
  ).toBe(200);
  // A staff-only event of the same Opportunity: in no feed.
  await svc.db.pool.query('select app_private.mark_owner_access_sent($1)', [mine.opportunityId]);
});
afterAll(() => svc.stop());

describe("the owner's feed", () => {
  test('every shared event of the Opportunity, oldest first, with its payload; no staff-only event', async () => {
    const r = await ownerFeed();
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(kinds(r.body.data.events)).toEqual([
      ['request.verified', null],
      ['quote.pro_message_sent', a],
      ['quote.pro_message_sent', b],
      ['quote.owner_message_sent', a],
    ]);
    expect(r.body.data.nextCursor).toBeNull();
    const [verified, fromA] = r.body.data.events;
    expect(verified).toMatchObject({ id: expect.stringMatching(/^evt_\d+$/), opportunityId: mine.opportunityId });
    expect(verified.data.quotes).toEqual(mine.quotes.map((q) => ({ quoteId: q.quoteId, contractorName: q.contractorName })));
    expect(fromA.data).toMatchObject({ contractorName: mine.quotes[0]!.contractorName, content: 'A here: Tuesday?' });
    const ids = r.body.data.events.map((e: { id: string }) => Number(e.id.slice(4)));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  test('pages by after: each page starts after the id given; nextCursor while a page is full', async () => {
    const all = (await ownerFeed()).body.data.events;
    const first = await ownerFeed('?limit=3');
    expect(first.body.data.events).toEqual(all.slice(0, 3));
    expect(first.body.data.nextCursor).toBe(all[2].id);
    const rest = await ownerFeed(`?limit=3&after=${first.body.data.nextCursor}`);
    expect(rest.body.data).toEqual({ events: all.slice(3), nextCursor: null });
    expect((await ownerFeed(`?after=${all[0].id}`)).body.data.events).toEqual(all.slice(1));
    expect((await ownerFeed(`?after=${all[all.length - 1].id}`)).body.data).toEqual({ events: [], nextCursor: null });
  });

  test.each([['after=bogus'], ['after=evt_'], ['after=evt_1x'], ['after=123'], ['limit=0'], ['limit=201'], ['limit=ten']])(
    'a bad cursor or limit (%s) is 400',
    async (query) => {
      const r = await ownerFeed(`?${query}`);
      expect([r.status, r.body.success]).toEqual([400, false]);
      expect(r.body.error).toMatch(/after|limit/);
    },
  );

  test("another Opportunity's token is 404; no token 401; the token in the URL 400", async () => {
    expect((await ownerFeed('', mine, other.token)).status).toBe(404);
    expect((await svc.get(`${OWNER}/${mine.opportunityId}/events`)).status).toBe(401);
    expect((await svc.get(`${OWNER}/${mine.opportunityId}/events?ownerAccessToken=${mine.token}`)).status).toBe(400);
  });
});

describe("the pro's feed", () => {
  test("its own quote's events only: never the other pro's, never the Opportunity's", async () => {
    const ra = await proFeed(a, proA);
    expect(ra.status).toBe(200);
    expect(kinds(ra.body.data.events)).toEqual([
      ['quote.pro_message_sent', a],
      ['quote.owner_message_sent', a],
    ]);
    const rb = await proFeed(b, proB);
    expect(kinds(rb.body.data.events)).toEqual([['quote.pro_message_sent', b]]);
    expect(JSON.stringify(rb.body)).not.toContain('A here');
    expect(JSON.stringify(rb.body)).not.toContain(a);
    // Paging as the owner's.
    const page = await proFeed(a, proA, '?limit=1');
    expect(page.body.data).toEqual({ events: ra.body.data.events.slice(0, 1), nextCursor: ra.body.data.events[0].id });
    expect((await proFeed(a, proA, '?after=nope')).status).toBe(400);
  });

  test("another quote's token is 404, the same request's or another's", async () => {
    expect((await proFeed(b, proA)).status).toBe(404);
    expect((await proFeed(other.quotes[0]!.quoteId, proA)).status).toBe(404);
    expect((await proFeed(a, sha256('nope').toString('hex'))).status).toBe(401);
  });

  test('the award: the winner sees quote.awarded, the other pro quote.closed, the owner both', async () => {
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const est = await post(
      `${PRO}/${a}/estimates`,
      { amount: 1850.5, description: 'Strip and repaint', validUntil: due },
      { [PRO_AT]: proA },
    );
    expect(est.status).toBe(200);
    const seenA = (await proFeed(a, proA)).body.data.events;
    const seenB = (await proFeed(b, proB)).body.data.events;
    const award = await post(
      `${OWNER}/${mine.opportunityId}/accept-estimate`,
      { estimateId: est.body.data.estimateId },
      { [OWNER_AT]: mine.token },
    );
    expect(award.status).toBe(200);
    const newA = await proFeed(a, proA, `?after=${seenA[seenA.length - 1].id}`);
    expect(kinds(newA.body.data.events)).toEqual([['quote.awarded', a]]);
    expect(newA.body.data.events[0].data).toMatchObject({ amount: '1850.50', currency: 'USD' });
    const newB = await proFeed(b, proB, `?after=${seenB[seenB.length - 1].id}`);
    expect(kinds(newB.body.data.events)).toEqual([['quote.closed', b]]);
    expect(newB.body.data.events[0].data).toEqual({ contractorName: mine.quotes[1]!.contractorName, reason: 'awarded_elsewhere' });
    expect(kinds((await ownerFeed()).body.data.events).slice(-3)).toEqual([
      ['quote.estimate_submitted', a],
      ['quote.awarded', a],
      ['quote.closed', b],
    ]);
  });
});
