// The pro's door over HTTP (issue 26): where the pro access token may travel, what one token may
// read and write (its own quote only), confirm gating, validation, and the page the e-mailed link
// opens (no script, forms that post and answer with the page). Every JSON answer is checked
// against the OpenAPI document (test/helpers/openapi.ts).
import { issueProToken, makeOpportunity, type Made, OWNER, PRO } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';
import { registerAgent } from '../helpers/staff';

let svc: TestService;
let mine: Made;
let other: Made;
let a: string; // the quote the token is for
let b: string; // the other quote of the same request
let elsewhere: string; // a quote of another request
let token: string;

beforeAll(async () => {
  svc = await startTestService();
  mine = await makeOpportunity(svc, 2, 0);
  other = await makeOpportunity(svc, 2, 2);
  [a, b] = mine.quotes.map((q) => q.quoteId) as [string, string];
  elsewhere = other.quotes[0]!.quoteId;
  token = await issueProToken(svc.db, a);
  await issueProToken(svc.db, b);
});
afterAll(() => svc.stop());

const at = 'x-service-pro-access-token';
const read = (quote: string, headers: Record<string, string> = { [at]: token }, query = '') =>
  svc.get(`${PRO}/${quote}${query}`, { headers });
const write = (quote: string, suffix: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  svc.get(`${PRO}/${quote}/${suffix}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ proAccessToken: token, ...body }),
  });
const count = async (table: string) => (await svc.db.pool.query(`select count(*)::int as n from app_public.${table}`)).rows[0].n as number;

/** Every write with a valid body, and the id its answer carries. */
const WRITES: Array<[string, Record<string, unknown>, string, string]> = [
  ['messages', { content: 'I can look at it Tuesday.' }, 'messageId', 'quote_messages'],
  ['missing-info', { questions: ['Length of the boat?'] }, 'infoRequestId', 'info_requests'],
  ['visit-times', { times: ['2031-03-10T09:00:00-05:00', '2031-03-11T09:00:00-05:00'] }, 'visitId', 'visits'],
  ['estimates', { amount: 1850.5, currency: 'usd', description: 'Strip and repaint', validUntil: '2031-03-31' }, 'estimateId', 'estimates'],
];

describe('reads', () => {
  test('the token reads its own quote: the request and the thread, in a header or as a Bearer', async () => {
    const r = await read(a);
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-limit')).not.toBeNull();
    expect(r.body.data).toMatchObject({
      quoteId: a,
      quoteStatus: 'requested',
      threadStatus: 'open',
      request: { location: 'Annapolis, MD', ownerFirstName: 'Olivia', awarded: false },
    });
    expect((await read(a, { authorization: `Bearer ${token.toUpperCase()}` })).status).toBe(200);
  });

  test("an API key still admits the request while the pro's header carries the token", async () => {
    const agent = await registerAgent(svc);
    const r = await read(a, { [at]: token, authorization: `Bearer ${agent.apiKey}` });
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-limit')).toBe('500');
  });

  test.each([
    ['missing', {}, 'Pro access token required'],
    ['malformed', { [at]: 'abc' }, 'Invalid pro access token'],
    ['unknown', { [at]: 'a'.repeat(64) }, 'Invalid pro access token'],
  ])('%s token: 401', async (_what, headers, error) => {
    const r = await read(a, headers as Record<string, string>);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe(error);
  });

  test("the owner's token is not a pro's token, and a pro's token is not the owner's", async () => {
    expect((await read(a, { [at]: mine.token })).status).toBe(401);
    const r = await svc.get(`${OWNER}/${mine.opportunityId}`, { headers: { 'x-service-owner-access-token': token } });
    expect(r.status).toBe(401);
  });

  test('another quote of the same request, another request, and unknown ids are 404', async () => {
    for (const quote of [b, elsewhere, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const r = await read(quote);
      expect([quote, r.status, r.body.error]).toEqual([quote, 404, 'Quote not found']);
    }
  });

  test('a token in the URL is a 400 that says where it belongs', async () => {
    for (const name of ['token', 'proAccessToken', 'access_token']) {
      const r = await read(a, {}, `?${name}=${token}`);
      expect([name, r.status]).toEqual([name, 400]);
      expect(r.body.details).toContain(at);
    }
  });
});

describe('writes', () => {
  test.each(WRITES)(
    '%s: without confirm a 202 preview that writes nothing; with confirm: true written, and the owner sees it',
    async (suffix, body, idName, table) => {
      const before = await count(table);
      const preview = await write(a, suffix, body);
      expect(preview.status).toBe(202);
      expect(preview.body).toMatchObject({ success: true, confirmationRequired: true, writesPerformed: false, detail: { quoteId: a } });
      expect(await count(table)).toBe(before);
      const done = await write(a, suffix, { ...body, confirm: true });
      expect(done.status).toBe(200);
      expect(done.body.data).toEqual({ quoteId: a, [idName]: expect.any(String) });
      expect(await count(table)).toBe(before + 1);
      const seen = (await svc.get(`${OWNER}/${mine.opportunityId}`, { headers: { 'x-service-owner-access-token': mine.token } })).body.data;
      expect(JSON.stringify(seen.pros.find((p: { quoteId: string }) => p.quoteId === a))).toContain(done.body.data[idName]);
    },
  );

  test.each([...WRITES, ['decline', { reason: 'Booked' }, 'quoteStatus', 'quotes'] as const])(
    '%s with the token of another quote is 404 (same request, another request), without a token 401; nothing written',
    async (suffix, body, _id, table) => {
      const before = await count(table);
      for (const quote of [b, elsewhere]) {
        for (const confirm of [false, true]) {
          const r = await write(quote, suffix, { ...body, confirm });
          expect([quote, confirm, r.status]).toEqual([quote, confirm, 404]);
        }
      }
      const anonymous = await svc.get(`${PRO}/${a}/${suffix}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, confirm: true }),
      });
      expect(anonymous.status).toBe(401);
      expect(await count(table)).toBe(before);
      const declined = await svc.db.pool.query(
        `select count(*)::int as n from app_public.quotes where status = 'declined' and id = any($1)`,
        [[a, b, elsewhere]],
      );
      expect(declined.rows[0].n).toBe(0);
    },
  );

  test.each([
    ['messages', { content: '' }, 'content'],
    ['missing-info', { questions: [] }, 'questions'],
    ['visit-times', { times: ['2031-03-10T09:00:00'] }, 'times.0'],
    ['visit-times', { times: ['2001-03-10T09:00:00Z'] }, null],
    ['estimates', { amount: 0, description: 'x', validUntil: '2031-01-01' }, 'amount'],
    ['estimates', { amount: 10, description: 'x', validUntil: 'next week' }, 'validUntil'],
    ['estimates', { amount: 10, description: 'x', validUntil: '2001-01-01' }, null],
    ['estimates', { amount: 10, currency: 'dollars', description: 'x', validUntil: '2031-01-01' }, 'currency'],
    ['decline', {}, 'reason'],
  ])('%s %j: 400', async (suffix, body, field) => {
    const r = await write(a, suffix, { ...body, confirm: true });
    expect(r.status).toBe(400);
    if (field !== null) expect(r.body.error).toContain(`'${field}'`);
  });

  test.each([
    ['estimates', { amount: 10, currency: 'ZZZ', description: 'x', validUntil: '2031-01-01' }, 'currency'],
    ['estimates', { amount: 10.5, currency: 'JPY', description: 'x', validUntil: '2031-01-01' }, 'amount'],
    ['estimates', { amount: 10, description: 'x', validUntil: '9999-12-31' }, 'validUntil'],
    ['visit-times', { times: ['9999-12-31T09:00:00Z'] }, 'Visit times'],
  ])("%s %j: 400 from the operation's rule, which names the field", async (suffix, body, field) => {
    const before = await count(suffix === 'estimates' ? 'estimates' : 'visits');
    for (const confirm of [false, true]) {
      const r = await write(a, suffix, { ...body, confirm });
      expect([confirm, r.status]).toEqual([confirm, 400]);
      expect(r.body.error).toContain(field);
    }
    expect(await count(suffix === 'estimates' ? 'estimates' : 'visits')).toBe(before);
  });

  test("a pro's writes on one quote have a daily budget: the next is a 429 with Retry-After, and the other pro still writes", async () => {
    const fresh = await makeOpportunity(svc, 2, 14);
    const [q, other] = fresh.quotes.map((x) => x.quoteId) as [string, string];
    const t = await issueProToken(svc.db, q);
    const budget = (await svc.db.pool.query('select app_private.setting_quote_writes_a_day() as n')).rows[0].n as number;
    for (let i = 0; i < budget; i++) {
      expect((await write(q, 'messages', { proAccessToken: t, content: `Update ${i}`, confirm: true })).status).toBe(200);
    }
    const refused = await write(q, 'messages', { proAccessToken: t, content: 'One more', confirm: true });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000);
    const theirs = await write(other, 'messages', { proAccessToken: await issueProToken(svc.db, other), content: 'Hello', confirm: true });
    expect(theirs.status).toBe(200);
  });

  test('a decline closes the thread: the owner sees the reason, further writes are 409; methods and unknown paths', async () => {
    const fresh = await makeOpportunity(svc, 1, 10);
    const q = fresh.quotes[0]!.quoteId;
    const t = await issueProToken(svc.db, q);
    const decline = (confirm: boolean) => write(q, 'decline', { proAccessToken: t, reason: 'Fully booked', confirm });
    expect((await decline(false)).body.detail).toMatchObject({ reason: 'Fully booked', withdrawsEstimates: [] });
    expect((await decline(true)).body.data).toEqual({ quoteId: q, quoteStatus: 'declined' });
    const owner = await svc.get(`${OWNER}/${fresh.opportunityId}`, { headers: { 'x-service-owner-access-token': fresh.token } });
    expect(owner.body.data).toMatchObject({ status: 'closed', pros: [{ quoteStatus: 'declined', declineReason: 'Fully booked' }] });
    expect((await write(q, 'messages', { proAccessToken: t, content: 'Hello?' })).status).toBe(409);
    expect((await svc.get(`${PRO}/${q}/messages`, { headers: { [at]: t } })).status).toBe(405);
    expect((await svc.get(`/api/v1/pro/nothing`, { headers: { [at]: t } })).status).toBe(404);
  });
});

describe('the page the e-mailed link opens', () => {
  const page = (quote: string, query: string) => svc.get(`/pro/quotes/${quote}${query}`);
  const post = (quote: string, suffix: string, fields: Record<string, string>) =>
    svc.get(`/pro/quotes/${quote}/${suffix}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  /** A post that wrote: a 303 to the page (token and zone in its query), which says what was done. */
  const posted = async (quote: string, suffix: string, fields: Record<string, string>) => {
    const r = await post(quote, suffix, fields);
    expect([suffix, r.status]).toEqual([suffix, 303]);
    const location = new URL(r.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe(`/pro/quotes/${quote}`);
    expect(location.searchParams.get('token')).toBe(fields.proAccessToken);
    expect(location.searchParams.get('done')).toBe(suffix);
    return svc.get(`${location.pathname}${location.search}`);
  };

  test('shows the request and the thread with forms, no script, not cached, no referrer, strict CSP', async () => {
    const r = await page(a, `?token=${token}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.body).not.toMatch(/<script/i);
    expect(r.body).toContain('Blistered bottom paint needs stripping.');
    expect(r.body).toContain('Estimate sent; thread: Open');
    for (const suffix of ['messages', 'missing-info', 'visit-times', 'estimates', 'decline']) {
      expect(r.body).toContain(`<form method="post" action="/pro/quotes/${a}/${suffix}">`);
    }
    // Every form and link carries the zone; the page names it.
    expect(r.body).toContain('<input type="hidden" name="tz" value="UTC">');
    expect(r.body).toContain('(UTC)');
    // Nothing of the owner's beyond the first name; nothing of the other pro's thread.
    const seen = (await svc.get(`${OWNER}/${mine.opportunityId}`, { headers: { 'x-service-owner-access-token': mine.token } })).body.data;
    for (const hidden of [seen.owner.email, mine.opportunityId, b]) expect([hidden, r.body.includes(hidden)]).toEqual([hidden, false]);
  });

  test('without a token, with a wrong token, or for another quote: an HTML error page', async () => {
    for (const [quote, query, status] of [
      [a, '', 401],
      [a, `?token=${'b'.repeat(64)}`, 401],
      [b, `?token=${token}`, 404],
      [elsewhere, `?token=${token}`, 404],
    ] as const) {
      const r = await page(quote, query);
      expect([quote, query, r.status]).toEqual([quote, query, status]);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  test("times show in the reader's zone, named; an unknown zone falls back to UTC and says so", async () => {
    const fresh = await makeOpportunity(svc, 1, 16);
    const q = fresh.quotes[0]!.quoteId;
    const t = await issueProToken(svc.db, q);
    await posted(q, 'visit-times', { proAccessToken: t, tz: 'UTC', time1: '2031-03-10T09:00', zone: 'America/New_York' });
    const ny = await page(q, `?token=${t}&tz=${encodeURIComponent('america/new_york')}`);
    expect(ny.body).toContain('Mon, Mar 10, 2031, 09:00 (America/New_York)');
    expect(ny.body).toContain('<option selected>America/New_York</option>');
    const tokyo = await page(q, `?token=${t}&tz=Asia/Tokyo`);
    expect(tokyo.body).toContain('Mon, Mar 10, 2031, 22:00 (Asia/Tokyo)');
    const mars = await page(q, `?token=${t}&tz=Mars/Olympus`);
    expect(mars.status).toBe(200);
    expect(mars.body).toContain('&quot;Mars/Olympus&quot; is not a time zone this page knows; times are shown in UTC.');
    expect(mars.body).toContain('Mon, Mar 10, 2031, 13:00 (UTC)');
    // The visit form reads its times in the reader's zone when no other is chosen.
    await posted(q, 'visit-times', { proAccessToken: t, tz: 'Asia/Tokyo', time1: '2031-03-12T09:00' });
    const thread = (await svc.get(`${PRO}/${q}`, { headers: { [at]: t } })).body.data;
    expect(thread.visits[1].options).toEqual(['2031-03-12T00:00:00.000Z']);
  });

  test('each form posts, writes, and redirects to the page, which says what was done; a reload posts nothing', async () => {
    const fresh = await makeOpportunity(svc, 1, 12);
    const q = fresh.quotes[0]!.quoteId;
    const t = await issueProToken(svc.db, q);
    const m = await posted(q, 'messages', { proAccessToken: t, content: 'Happy to help & quote <soon>' });
    expect(m.status).toBe(200);
    expect(m.body).toContain('Your message was sent to the owner.');
    expect(m.body).toContain('Happy to help &amp; quote &lt;soon&gt;');
    const before = await count('quote_messages');
    const location = (await post(q, 'messages', { proAccessToken: t, content: 'Once' })).headers.get('location')!;
    expect(await count('quote_messages')).toBe(before + 1);
    for (let i = 0; i < 2; i++) expect((await svc.get(location)).status).toBe(200);
    expect(await count('quote_messages')).toBe(before + 1);
    // A notice is one of the page's own: a link cannot make it say anything else.
    expect((await page(q, `?token=${t}&done=${encodeURIComponent('<b>Paid</b>')}`)).body).not.toContain('Paid');
    await posted(q, 'missing-info', { proAccessToken: t, questions: 'Boat length?\r\n\r\nHull material?' });
    await posted(q, 'visit-times', {
      proAccessToken: t,
      time1: '2031-03-10T09:00',
      time2: '',
      time3: '2031-03-11T14:30',
      zone: 'America/New_York',
    });
    const e = await posted(q, 'estimates', {
      proAccessToken: t,
      amount: '1850.50',
      currency: 'USD',
      description: 'Strip and repaint',
      validUntil: '2031-03-31',
    });
    expect(e.body).toContain('1850.50 USD: Strip and repaint, valid until 2031-03-31 (UTC) (Waiting for an answer)');
    const thread = (await svc.get(`${PRO}/${q}`, { headers: { [at]: t } })).body.data;
    expect(thread.conversation.missingInfoRequests[0].questions).toEqual(['Boat length?', 'Hull material?']);
    expect(thread.visits[0].options).toEqual(['2031-03-10T13:00:00.000Z', '2031-03-11T18:30:00.000Z']);
    expect(thread.estimates[0]).toMatchObject({ amount: 1850.5, currency: 'USD', validUntil: '2031-03-31' });
    // An amount is read as a decimal number only: not hexadecimal, not an exponent; the page
    // says why in words, with the 400, and keeps its forms.
    for (const amount of ['0x10', '1e3', '12,50']) {
      const r = await post(q, 'estimates', { proAccessToken: t, amount, currency: 'USD', description: 'x', validUntil: '2031-03-31' });
      expect([amount, r.status]).toEqual([amount, 400]);
      expect(r.body).toContain('role="alert"');
      expect(r.body).toContain('amount');
      expect(r.body).toContain(`action="/pro/quotes/${q}/estimates"`);
    }
    expect((await svc.get(`${PRO}/${q}`, { headers: { [at]: t } })).body.data.estimates).toHaveLength(1);
    // A form for another quote, a bad field, or JSON: an error page or a 415, nothing written.
    expect((await post(a, 'messages', { proAccessToken: t, content: 'x' })).status).toBe(404);
    const bad = await post(q, 'visit-times', { proAccessToken: t, time1: '2031-03-10T09:00', zone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^text\/html/);
    expect(bad.body).toContain('must be an IANA time zone');
    const json = await svc.get(`/pro/quotes/${q}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proAccessToken: t, content: 'x' }),
    });
    expect(json.status).toBe(415);
    const d = await posted(q, 'decline', { proAccessToken: t, reason: 'Booked' });
    expect(d.body).toContain('You declined this request.');
    expect(d.body).toContain('This thread is closed');
    expect(d.body).not.toContain('<form method="post"');
    // A post the thread's state refuses: the page again, with the 409 in words.
    const closed = await post(q, 'messages', { proAccessToken: t, content: 'Still there?' });
    expect(closed.status).toBe(409);
    expect(closed.body).toContain('role="alert"');
  });
});
