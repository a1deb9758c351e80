// The owner's operations over HTTP: where the token may travel, who may see what (object-level
// authorization), confirm gating, and every limit of the spec's write table at its edges.
import { asStaff, makeOpportunity, type Made, OWNER } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
let mine: Made;
let other: Made;
let visitId: string;
let estimateId: string;
let otherVisitId: string;
let otherEstimateId: string;
const future = (days: number) => new Date(Date.UTC(2030, 0, days, 15, 0, 0)).toISOString();

beforeAll(async () => {
  svc = await startTestService();
  mine = await makeOpportunity(svc, 2, 0);
  other = await makeOpportunity(svc, 2, 2);
  const q = mine.quotes[0]!.quoteId;
  await asStaff(svc.db, 'app_public.pro_request_missing_info($1, $2)', [q, ['Length of the boat?', 'Hull material?']]);
  visitId = (await asStaff(svc.db, 'app_public.pro_propose_visits($1, $2)', [q, [future(10), future(11)]])).id;
  estimateId = (await asStaff(svc.db, 'app_public.pro_submit_estimate($1, 1850.50, $2, $3)', [q, 'USD', 'Strip and repaint'])).id;
  const oq = other.quotes[0]!.quoteId;
  otherVisitId = (await asStaff(svc.db, 'app_public.pro_propose_visits($1, $2)', [oq, [future(12)]])).id;
  otherEstimateId = (await asStaff(svc.db, 'app_public.pro_submit_estimate($1, 900, $2, null)', [oq, 'USD'])).id;
});
afterAll(() => svc.stop());

const read = (path: string, headers: Record<string, string> = { 'x-service-owner-access-token': mine.token }) =>
  svc.get(`${OWNER}${path}`, { headers });
const write = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  svc.get(`${OWNER}/${mine.opportunityId}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ownerAccessToken: mine.token, ...body }),
  });

describe('reads', () => {
  test("the list holds only the token's Opportunity", async () => {
    const r = await read('');
    expect(r.status).toBe(200);
    expect(r.body.data.ownerAccessScope).toBe('single_opportunity');
    expect(r.body.data.opportunities.map((o: { opportunityId: string }) => o.opportunityId)).toEqual([mine.opportunityId]);
  });

  test('the Owner Opportunity with every listed field of each pro', async () => {
    const r = await read(`/${mine.opportunityId}`);
    expect(r.status).toBe(200);
    const o = r.body.data;
    expect(o).toMatchObject({
      opportunityId: mine.opportunityId,
      status: 'needs_owner_info',
      owner: { firstName: 'Olivia' },
      project: { location: 'Annapolis, MD' },
    });
    expect(o.pros).toHaveLength(2);
    for (const p of o.pros) {
      expect(Object.keys(p).sort()).toEqual(
        [
          'contractorId',
          'contractorName',
          'contractorSlug',
          'conversation',
          'declineReason',
          'estimates',
          'quoteId',
          'quoteStatus',
          'review',
          'threadStatus',
          'visits',
        ].sort(),
      );
    }
    const a = o.pros.find((p: { quoteId: string }) => p.quoteId === mine.quotes[0]!.quoteId);
    expect(a.conversation.missingInfoRequests[0]).toMatchObject({ status: 'open', questions: ['Length of the boat?', 'Hull material?'] });
    expect(a.estimates[0]).toMatchObject({ estimateId, amount: 1850.5, currency: 'USD', status: 'submitted' });
    expect(a.visits[0]).toMatchObject({ visitId, options: [future(10), future(11)], status: 'proposed' });
  });

  test('status and visit options', async () => {
    const s = await read(`/${mine.opportunityId}/status`);
    expect(s.body.data).toMatchObject({ opportunityId: mine.opportunityId, status: 'needs_owner_info' });
    expect(s.body.data.pros).toHaveLength(2);
    const v = await read(`/${mine.opportunityId}/visit-options`);
    expect(v.body.data).toEqual({
      opportunityId: mine.opportunityId,
      visits: [
        expect.objectContaining({
          visitId,
          quoteId: mine.quotes[0]!.quoteId,
          options: [future(10), future(11)],
          status: 'proposed',
        }),
      ],
    });
  });

  test('the token may be a Bearer that is not an API key', async () => {
    expect((await read('', { authorization: `Bearer ${mine.token}` })).status).toBe(200);
  });
});

describe('token rules', () => {
  test.each([
    ['missing', 401, {}, 'Owner access token required'],
    ['malformed', 401, { 'x-service-owner-access-token': 'abc' }, 'Invalid owner access token'],
    ['unknown', 401, { 'x-service-owner-access-token': 'a'.repeat(64) }, 'Invalid owner access token'],
    ['an API key as Bearer', 401, { authorization: `Bearer svc_public_${'0'.repeat(40)}` }, 'Invalid or inactive API key'],
  ])('%s: %d', async (_name, status, headers, error) => {
    const r = await read(`/${mine.opportunityId}`, headers as Record<string, string>);
    expect([r.status, r.body.error]).toEqual([status, error]);
  });

  test('in the URL: 400 saying where it belongs (reads and writes)', async () => {
    const r = await svc.get(`${OWNER}/${mine.opportunityId}?ownerAccessToken=${mine.token}`);
    expect(r.status).toBe(400);
    expect(r.body.details).toContain('x-service-owner-access-token');
    const w = await svc.get(`${OWNER}/${mine.opportunityId}/messages?token=${mine.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quoteId: mine.quotes[0]!.quoteId, content: 'hi' }),
    });
    expect(w.status).toBe(400);
  });

  test('90 days after completion the token expires (401)', async () => {
    const done = await makeOpportunity(svc, 1, 4);
    await svc.db.pool.query(`update app_public.opportunities set completed_at = now() - interval '91 days' where id = $1`, [
      done.opportunityId,
    ]);
    const r = await svc.get(`${OWNER}/${done.opportunityId}`, { headers: { 'x-service-owner-access-token': done.token } });
    expect([r.status, r.body.error]).toEqual([401, 'Owner access has expired']);
    await svc.db.pool.query(`update app_public.opportunities set completed_at = now() - interval '89 days' where id = $1`, [
      done.opportunityId,
    ]);
    expect((await svc.get(`${OWNER}/${done.opportunityId}`, { headers: { 'x-service-owner-access-token': done.token } })).status).toBe(200);
  });
});

describe('object-level authorization: anything of another Opportunity is 404', () => {
  test.each(['', '/status', '/visit-options'])('GET %s with a token of another Opportunity', async (suffix) => {
    const r = await svc.get(`${OWNER}/${mine.opportunityId}${suffix}`, { headers: { 'x-service-owner-access-token': other.token } });
    expect([r.status, r.body.error]).toEqual([404, 'Opportunity not found']);
  });

  test('every write with a token of another Opportunity', async () => {
    const q = mine.quotes[0]!.quoteId;
    for (const [path, body] of [
      ['messages', { quoteId: q, content: 'x' }],
      ['missing-info', { quoteId: q, answers: ['x'] }],
      ['select-visit-time', { quoteId: q, visitId, selectedTime: future(10) }],
      ['accept-estimate', { estimateId }],
      ['mark-complete', { quoteId: q }],
      ['review', { quoteId: q, rating: 5, review: 'Great' }],
      ['notice-emails', { send: false }],
    ] as const) {
      const r = await write(path, { ...body, ownerAccessToken: other.token, confirm: true });
      expect([path, r.status]).toEqual([path, 404]);
    }
  });

  test("ids of another Opportunity's quotes, estimates and visits", async () => {
    const oq = other.quotes[0]!.quoteId;
    const q = mine.quotes[0]!.quoteId;
    for (const [path, body] of [
      ['messages', { quoteId: oq, content: 'x' }],
      ['missing-info', { quoteId: oq, answers: ['x'] }],
      ['select-visit-time', { quoteId: oq, visitId: otherVisitId, selectedTime: future(12) }],
      ['select-visit-time', { quoteId: q, visitId: otherVisitId, selectedTime: future(12) }],
      ['accept-estimate', { estimateId: otherEstimateId }],
      ['mark-complete', { quoteId: oq }],
      ['review', { quoteId: oq, rating: 5, review: 'Great' }],
      ['messages', { quoteId: 'not-an-id', content: 'x' }],
    ] as const) {
      const r = await write(path, { ...body, confirm: true });
      expect([path, r.status]).toEqual([path, 404]);
    }
  });
});

describe('confirm gating', () => {
  const snapshot = async () =>
    (
      await svc.db.pool.query(`select md5(string_agg(t, '|' order by t)) as h from (
      select 'm' || x::text as t from app_public.quote_messages x union all select 'i' || x::text from app_public.info_requests x
      union all select 'v' || x::text from app_public.visits x union all select 'e' || x::text from app_public.estimates x
      union all select 'q' || x::text from app_public.quotes x union all select 'o' || x::text from app_public.opportunities x
      union all select 'r' || x::text from app_public.reviews x union all select 'ev' || x::text from app_public.request_events x) s`)
    ).rows[0].h;

  test('each write without confirm: true is a 202 that says what it would do, and writes nothing', async () => {
    const q = mine.quotes[0]!.quoteId;
    const before = await snapshot();
    const cases: Array<[string, Record<string, unknown>, string, Record<string, unknown>]> = [
      ['messages', { quoteId: q, content: 'When can you start?' }, 'send_message', { quoteId: q, content: 'When can you start?' }],
      [
        'missing-info',
        { quoteId: q, answers: ['38 ft', 'Fiberglass'], confirm: false },
        'answer_missing_info',
        { answers: ['38 ft', 'Fiberglass'] },
      ],
      ['select-visit-time', { quoteId: q, visitId, selectedTime: future(11) }, 'select_visit_time', { visitId, selectedTime: future(11) }],
      ['accept-estimate', { estimateId }, 'accept_estimate', { estimateId, amount: 1850.5, currency: 'USD' }],
    ];
    for (const [path, body, action, detail] of cases) {
      const r = await write(path, body);
      expect([path, r.status]).toEqual([path, 202]);
      expect(r.body).toEqual({
        success: true,
        confirmationRequired: true,
        writesPerformed: false,
        action,
        detail: expect.objectContaining(detail),
      });
      expect(r.body.detail.contractorName).toBe(mine.quotes[0]!.contractorName);
    }
    expect(await snapshot()).toBe(before);

    // Completing and reviewing need an award and then the completed work: on an Opportunity of their own.
    const done = await makeOpportunity(svc, 1, 6);
    const q2 = done.quotes[0]!.quoteId;
    const post = (path: string, body: Record<string, unknown>) =>
      svc.get(`${OWNER}/${done.opportunityId}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ownerAccessToken: done.token, ...body }),
      });
    const estimate = await asStaff(svc.db, 'app_public.pro_submit_estimate($1, 500, $2, null)', [q2, 'USD']);
    expect((await post('accept-estimate', { estimateId: estimate.id, confirm: true })).status).toBe(200);
    for (const [path, body, action] of [
      ['mark-complete', { quoteId: q2 }, 'mark_complete'],
      ['review', { quoteId: q2, rating: 5, review: 'Fine work' }, 'review'],
    ] as const) {
      const unwritten = await snapshot();
      const r = await post(path, body);
      expect([path, r.status, r.body.writesPerformed, r.body.action]).toEqual([path, 202, false, action]);
      expect(r.body.detail).toMatchObject({ quoteId: q2, contractorName: done.quotes[0]!.contractorName });
      expect(await snapshot()).toBe(unwritten);
      // Confirmed, it is written (and the next step becomes possible).
      expect([path, (await post(path, { ...body, confirm: true })).status]).toEqual([path, 200]);
      expect(await snapshot()).not.toBe(unwritten);
    }
  });

  test('a preview still validates and authorizes (400, 401, 404)', async () => {
    expect((await write('messages', { quoteId: mine.quotes[0]!.quoteId, content: '' })).status).toBe(400);
    expect((await write('messages', { quoteId: mine.quotes[0]!.quoteId, content: 'x', ownerAccessToken: 'f'.repeat(64) })).status).toBe(
      401,
    );
    expect((await write('messages', { quoteId: other.quotes[0]!.quoteId, content: 'x' })).status).toBe(404);
    expect((await write('messages', { quoteId: mine.quotes[0]!.quoteId, content: 'x', confirm: 'yes' })).status).toBe(400);
  });
});

describe('notice e-mails', () => {
  const stopped = async (made: Made) =>
    (
      await svc.db.pool.query('select stopped_at from app_private.notice_recipients where opportunity_id = $1 and quote_id is null', [
        made.opportunityId,
      ])
    ).rows[0]?.stopped_at ?? null;

  test('send: false is previewed (202), then stops them (200); send: true resumes; send is required and a boolean', async () => {
    const made = await makeOpportunity(svc, 1, 8);
    const post = (body: Record<string, unknown>) =>
      svc.get(`${OWNER}/${made.opportunityId}/notice-emails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-owner-access-token': made.token },
        body: JSON.stringify(body),
      });
    const preview = await post({ send: false });
    expect([preview.status, preview.body.action, preview.body.detail]).toEqual([202, 'set_notice_emails', { send: false }]);
    expect(await stopped(made)).toBeNull();
    expect((await post({ send: false, confirm: true })).body).toEqual({ success: true, data: { opportunityId: made.opportunityId } });
    expect(await stopped(made)).not.toBeNull();
    expect((await post({ send: true, confirm: true })).status).toBe(200);
    expect(await stopped(made)).toBeNull();
    for (const body of [{ confirm: true }, { send: 'no', confirm: true }]) {
      const r = await post(body);
      expect([r.status, JSON.stringify(r.body)]).toEqual([400, expect.stringContaining('send')]);
    }
  });
});

describe('limits at their edges', () => {
  const q = () => mine.quotes[1]!.quoteId;
  test.each([
    ['content of 5000 characters', 'messages', () => ({ quoteId: q(), content: 'x'.repeat(5000) }), 202],
    ['content of 5001 characters', 'messages', () => ({ quoteId: q(), content: 'x'.repeat(5001) }), 400],
    ['empty content', 'messages', () => ({ quoteId: q(), content: '' }), 400],
    ['one answer for two questions', 'missing-info', () => ({ quoteId: mine.quotes[0]!.quoteId, answers: ['38 ft'] }), 400],
    ['three answers for two questions', 'missing-info', () => ({ quoteId: mine.quotes[0]!.quoteId, answers: ['a', 'b', 'c'] }), 400],
    ['21 answers', 'missing-info', () => ({ quoteId: mine.quotes[0]!.quoteId, answers: Array(21).fill('a') }), 400],
    ['no answers', 'missing-info', () => ({ quoteId: mine.quotes[0]!.quoteId, answers: [] }), 400],
    ['an answer of 1000 characters', 'missing-info', () => ({ quoteId: mine.quotes[0]!.quoteId, answers: ['a'.repeat(1000), 'b'] }), 202],
    ['an answer of 1001 characters', 'missing-info', () => ({ quoteId: mine.quotes[0]!.quoteId, answers: ['a'.repeat(1001), 'b'] }), 400],
    ['rating 0', 'review', () => ({ quoteId: q(), rating: 0, review: 'Fine work' }), 400],
    ['rating 6', 'review', () => ({ quoteId: q(), rating: 6, review: 'Fine work' }), 400],
    ['rating 4.3 (not a half point)', 'review', () => ({ quoteId: q(), rating: 4.3, review: 'Fine work' }), 400],
    ['rating 0.5', 'review', () => ({ quoteId: q(), rating: 0.5, review: 'Fine work' }), 400],
    ['rating 5.5', 'review', () => ({ quoteId: q(), rating: 5.5, review: 'Fine work' }), 400],
    ['rating "4.5" (text)', 'review', () => ({ quoteId: q(), rating: '4.5', review: 'Fine work' }), 400],
    ['review text of 2 characters', 'review', () => ({ quoteId: q(), rating: 5, review: 'ok' }), 400],
    ['review text of 2001 characters', 'review', () => ({ quoteId: q(), rating: 5, review: 'x'.repeat(2001) }), 400],
    ['a visit time not offered', 'select-visit-time', () => ({ quoteId: mine.quotes[0]!.quoteId, visitId, selectedTime: future(12) }), 400],
    [
      'a visit time without a zone',
      'select-visit-time',
      () => ({ quoteId: mine.quotes[0]!.quoteId, visitId, selectedTime: '2030-01-10T15:00:00' }),
      400,
    ],
    [
      'an offered time in another ISO spelling',
      'select-visit-time',
      () => ({ quoteId: mine.quotes[0]!.quoteId, visitId, selectedTime: '2030-01-10T10:00:00-05:00' }),
      202,
    ],
  ])('%s', async (_name, path, body, status) => {
    const r = await write(path, body());
    expect([r.status, r.body.error]).toEqual([status, status === 202 ? undefined : expect.any(String)]);
  });

  test.each([
    ['rating 1 and text of 3 characters', { rating: 1, review: 'Meh' }],
    ['rating 5', { rating: 5, review: 'Superb' }],
    ['rating 4.5 (a half point)', { rating: 4.5, review: 'Very good' }],
    ['rating 1.5', { rating: 1.5, review: 'Poor' }],
  ])('%s pass validation (then 409: the work is not complete)', async (_name, body) => {
    const r = await write('review', { quoteId: q(), ...body });
    expect(r.status).toBe(409);
  });
});
