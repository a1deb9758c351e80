// The pro's door in SQL (issue 26): the pro access token's scope and expiry, what a pro sees,
// previews that write nothing and fail as the writes do, and the rules the pro's door and staff
// share (app_private.pro_act_*).
import { sha256 } from '../../src/credentials';
import { asRole, callAs, createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';
import { asStaff, confirmedOpportunity, issueProToken } from '../helpers/opportunities';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const digest = (token: string) => sha256(token).toString('hex');
const FUTURE = '2031-01-01T10:00:00Z';
const NOWHERE = '00000000-0000-4000-8000-000000000000';

/** An app_hidden pro function as the API calls it: the anonymous role, the token's digest. */
const pro = (fn: string, args: unknown[]) =>
  callAs(db, 'marine_anonymous', `select app_hidden.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as r`, args).then(
    (r) => r.rows[0].r,
  );
const owner = pro;

/** Every pro write with valid arguments, after the token and the quote id. */
const WRITES: Array<[string, unknown[]]> = [
  ['pro_message_owner', ['Hello']],
  ['pro_ask_missing_info', [['Boat length?']]],
  ['pro_offer_visit_times', [[FUTURE]]],
  ['pro_send_estimate', [950, 'usd', 'Haul and paint', '2031-01-01']],
  ['pro_decline_request', ['Fully booked']],
];

/** Rows a pro write could leave: thread rows, events, jobs, audit rows. */
async function footprint(): Promise<number[]> {
  const { rows } = await db.pool.query(`select
    (select count(*) from app_public.quote_messages)::int as messages, (select count(*) from app_public.info_requests)::int as questions,
    (select count(*) from app_public.visits)::int as visits, (select count(*) from app_public.estimates)::int as estimates,
    (select count(*) from app_public.request_events)::int as events, (select count(*) from graphile_worker._private_jobs)::int as jobs,
    (select count(*) from app_public.staff_audit)::int as audit,
    (select count(*) from app_public.quotes where status = 'declined')::int as declined`);
  expect(Object.keys(rows[0])).toHaveLength(8);
  return Object.values(rows[0]) as number[];
}

async function setUp() {
  const mine = await confirmedOpportunity(db);
  const other = await confirmedOpportunity(db);
  const [a, b] = mine.quotes as [string, string];
  return { mine, other, a, b, token: digest(await issueProToken(db, a)) };
}

describe('pro access token scope', () => {
  test('a token reads its own quote only: the other quote of the request and another request are NTFND; unknown tokens CREDS', async () => {
    const { other, a, b, token } = await setUp();
    expect((await pro('pro_get_quote', [token, a])).quoteId).toBe(a);
    expect(await pro('pro_get_quote', [token, a.toUpperCase()])).toMatchObject({ quoteId: a });
    for (const quote of [b, other.quotes[0], NOWHERE, 'not-a-uuid']) {
      expect([quote, await sqlState(pro('pro_get_quote', [token, quote]))]).toEqual([quote, 'NTFND']);
    }
    expect(await sqlState(pro('pro_get_quote', ['0'.repeat(64), a]))).toBe('CREDS');
    expect(await sqlState(pro('pro_get_quote', ['xyz', a]))).toBe('CREDS');
    // Neither the owner's token nor the owner's functions open to a pro's token.
    const { mine } = await setUp();
    expect(await sqlState(pro('pro_get_quote', [mine.token, mine.quotes[0]]))).toBe('CREDS');
    expect(await sqlState(owner('owner_get_opportunity', [token, mine.id]))).toBe('CREDS');
  });

  test.each(WRITES)('%s with a token for another quote is NTFND, previewed or not, and writes nothing', async (fn, args) => {
    const { other, a, b, token } = await setUp();
    const before = await footprint();
    for (const quote of [b, other.quotes[0], NOWHERE]) {
      for (const confirm of [false, true]) {
        expect([quote, confirm, await sqlState(pro(fn, [token, quote, ...args, confirm]))]).toEqual([quote, confirm, 'NTFND']);
      }
    }
    expect(await sqlState(pro(fn, ['1'.repeat(64), a, ...args, true]))).toBe('CREDS');
    expect(await footprint()).toEqual(before);
  });

  test('a token expires at its expires_at and 90 days after the work was completed; a new token replaces the old', async () => {
    const { mine, a, token } = await setUp();
    await db.pool.query(`update app_private.pro_access_tokens set expires_at = now() - interval '1 second' where quote_id = $1`, [a]);
    expect(await sqlState(pro('pro_get_quote', [token, a]))).toBe('CREDS');
    const fresh = digest(await issueProToken(db, a));
    expect((await pro('pro_get_quote', [fresh, a])).quoteId).toBe(a);
    expect(await sqlState(pro('pro_get_quote', [token, a]))).toBe('CREDS');
    const { rows } = await db.pool.query(
      `select count(*)::int as n, bool_and(expires_at between now() + interval '179 days' and now() + interval '181 days') as days
         from app_private.pro_access_tokens where quote_id = $1`,
      [a],
    );
    expect(rows[0]).toEqual({ n: 1, days: true });
    await db.pool.query(`update app_public.opportunities set completed_at = now() - interval '89 days' where id = $1`, [mine.id]);
    expect((await pro('pro_get_quote', [fresh, a])).quoteId).toBe(a);
    await db.pool.query(`update app_public.opportunities set completed_at = now() - interval '91 days' where id = $1`, [mine.id]);
    expect(await sqlState(pro('pro_get_quote', [fresh, a]))).toBe('CREDS');
  });

  test("a pro sees the request and its own thread, as the owner sees that thread, and nothing else of the owner's", async () => {
    const { mine, a, b, token } = await setUp();
    await owner('owner_send_message', [mine.token, mine.id, a, 'Only for pro A', true]);
    await owner('owner_send_message', [mine.token, mine.id, b, 'Only for pro B', true]);
    await pro('pro_message_owner', [token, a, 'From pro A', true]);
    const seen = await pro('pro_get_quote', [token, a]);
    const ownerView = await owner('owner_get_opportunity', [mine.token, mine.id]);
    const thread = ownerView.pros.find((p: { quoteId: string }) => p.quoteId === a);
    const { request, ...rest } = seen;
    expect(rest).toEqual(thread);
    expect(request).toEqual({
      service: { slug: expect.any(String), name: expect.any(String) },
      location: 'Here',
      description: 'A description of twenty+',
      ownerFirstName: 'Ann',
      requestedAt: ownerView.createdAt,
      source: 'demand-side-search-mcp',
      awarded: false,
    });
    const text = JSON.stringify(seen);
    for (const hidden of [ownerView.owner.email, 'Lee', mine.id, b, 'Only for pro B']) {
      expect([hidden, text.includes(JSON.stringify(hidden))]).toEqual([hidden, false]);
    }
  });
});

describe('pro writes', () => {
  test.each(WRITES)('%s: the preview writes nothing and says what would be done; the confirmed write does it', async (fn, args) => {
    const { a, token } = await setUp();
    const before = await footprint();
    const preview = await pro(fn, [token, a, ...args, false]);
    expect(preview).toEqual({ preview: { action: expect.any(String), detail: expect.objectContaining({ quoteId: a }) } });
    expect(await footprint()).toEqual(before);
    const done = await pro(fn, [token, a, ...args, true]);
    expect(done).toMatchObject({ quoteId: a });
    // One event and one owner e-mail job; no staff audit row (the pro acted, not staff).
    const after = await footprint();
    expect([after[4]! - before[4]!, after[5]! - before[5]!, after[6]! - before[6]!]).toEqual([1, 1, 0]);
  });

  test.each<[string, unknown[]]>([
    ['pro_message_owner', ['']],
    ['pro_ask_missing_info', [[]]],
    ['pro_ask_missing_info', [['x'.repeat(1001)]]],
    ['pro_offer_visit_times', [['2001-01-01T00:00:00Z']]],
    ['pro_offer_visit_times', [[]]],
    ['pro_send_estimate', [0, 'USD', 'x', '2031-01-01']],
    ['pro_send_estimate', [10.005, 'USD', 'x', '2031-01-01']],
    ['pro_send_estimate', [10, 'US', 'x', '2031-01-01']],
    ['pro_send_estimate', [10, 'USD', 'x', '2001-01-01']],
    // ISO 4217 only (app_public.currencies): three letters that are no currency, or not money.
    ['pro_send_estimate', [10, 'ZZZ', 'x', '2031-01-01']],
    ['pro_send_estimate', [10, 'XAU', 'x', '2031-01-01']],
    // No more decimals than the currency has: yen have none, dinars three.
    ['pro_send_estimate', [10.5, 'JPY', 'x', '2031-01-01']],
    ['pro_send_estimate', [10.0005, 'BHD', 'x', '2031-01-01']],
    // Within the booking horizon (app_private.setting_booking_horizon).
    ['pro_send_estimate', [10, 'USD', 'x', '9999-12-31']],
    ['pro_offer_visit_times', [['9999-12-31T10:00:00Z']]],
    ['pro_decline_request', ['x'.repeat(1001)]],
  ])('%s %j is INVAL, in the preview too', async (fn, args) => {
    const { a, token } = await setUp();
    for (const confirm of [false, true]) {
      expect([confirm, await sqlState(pro(fn, [token, a, ...args, confirm]))]).toEqual([confirm, 'INVAL']);
    }
  });

  test('the estimate and the decline land in the thread both sides see; a closed thread is CONFL for every write', async () => {
    const { mine, a, token } = await setUp();
    const { estimateId } = await pro('pro_send_estimate', [token, a, 1850.5, 'usd', 'Strip and repaint', '2031-01-31', true]);
    const view = await pro('pro_get_quote', [token, a]);
    expect(view.estimates).toEqual([
      expect.objectContaining({
        estimateId,
        amount: 1850.5,
        currency: 'USD',
        description: 'Strip and repaint',
        validUntil: '2031-01-31',
        status: 'submitted',
      }),
    ]);
    await pro('pro_decline_request', [token, a, 'Fully booked', true]);
    const closed = (await owner('owner_get_opportunity', [mine.token, mine.id])).pros.find((p: { quoteId: string }) => p.quoteId === a);
    expect(closed).toMatchObject({ quoteStatus: 'declined', threadStatus: 'closed', declineReason: 'Fully booked' });
    expect(closed.estimates[0].status).toBe('withdrawn');
    for (const [fn, args] of WRITES) expect([fn, await sqlState(pro(fn, [token, a, ...args, false]))]).toEqual([fn, 'CONFL']);
  });

  test('after the award: questions, visits, estimates and declining are CONFL; messages still flow', async () => {
    const { mine, a, token } = await setUp();
    const { estimateId } = await pro('pro_send_estimate', [token, a, 100, 'USD', 'All', '2031-01-01', true]);
    await owner('owner_accept_estimate', [mine.token, mine.id, estimateId, true]);
    for (const [fn, args] of WRITES.slice(1)) expect([fn, await sqlState(pro(fn, [token, a, ...args, true]))]).toEqual([fn, 'CONFL']);
    expect(await pro('pro_message_owner', [token, a, 'See you Monday', true])).toMatchObject({ quoteId: a });
    expect((await pro('pro_get_quote', [token, a])).request.awarded).toBe(true);
  });

  test('amounts in the decimals of their currency are taken: 185000 JPY, 12.345 BHD', async () => {
    const { a, token } = await setUp();
    await pro('pro_send_estimate', [token, a, 185000, 'jpy', 'Yen', '2031-01-01', true]);
    await pro('pro_send_estimate', [token, a, 12.345, 'BHD', 'Dinars', '2031-01-01', true]);
    const view = await pro('pro_get_quote', [token, a]);
    expect(view.estimates.map((e: { amount: number; currency: string }) => [e.amount, e.currency])).toEqual([
      [185000, 'JPY'],
      [12.345, 'BHD'],
    ]);
  });

  test("a new estimate supersedes the pro's earlier submitted one: the preview says so, the owner can accept the newest only", async () => {
    const { mine, a, b, token } = await setUp();
    const first = await pro('pro_send_estimate', [token, a, 900, 'USD', 'First', '2031-01-01', true]);
    const theirs = await asStaff(db, 'app_public.pro_submit_estimate($1, 700, $2, null)', [b, 'USD']);
    const preview = await pro('pro_send_estimate', [token, a, 850, 'USD', 'Second', '2031-01-01', false]);
    expect(preview.preview.detail.supersedesEstimates).toEqual([first.estimateId]);
    const second = await pro('pro_send_estimate', [token, a, 850, 'USD', 'Second', '2031-01-01', true]);
    const statuses = async () =>
      (
        await db.pool.query('select id, status from app_public.estimates where id = any ($1) order by created_at', [
          [first.estimateId, theirs.id, second.estimateId],
        ])
      ).rows.map((r) => [r.id, r.status]);
    // Another pro's estimate is untouched.
    expect(await statuses()).toEqual([
      [first.estimateId, 'superseded'],
      [theirs.id, 'submitted'],
      [second.estimateId, 'submitted'],
    ]);
    expect(await sqlState(owner('owner_accept_estimate', [mine.token, mine.id, first.estimateId, false]))).toBe('CONFL');
    expect(await owner('owner_accept_estimate', [mine.token, mine.id, second.estimateId, false])).toMatchObject({
      preview: expect.anything(),
    });
  });

  test('a pro has a write budget per quote: the write after it is RATEL with the seconds to wait, in the preview too', async () => {
    const { a, b, token } = await setUp();
    const { rows } = await db.pool.query('select app_private.setting_quote_writes_a_day() as n');
    const budget = rows[0].n as number;
    for (let i = 0; i < budget; i++) await pro('pro_message_owner', [token, a, `Message ${i}`, true]);
    for (const confirm of [false, true]) {
      const err = await pro('pro_message_owner', [token, a, 'One more', confirm]).catch((e: { code: string; detail: string }) => e);
      expect([confirm, err.code]).toEqual([confirm, 'RATEL']);
      expect(Number(err.detail)).toBeGreaterThan(86_000);
    }
    expect(await sqlState(pro('pro_send_estimate', [token, a, 10, 'USD', 'x', '2031-01-01', true]))).toBe('RATEL');
    // The budget is the quote's: the other pro of the request still writes.
    expect(await asStaff(db, 'app_public.pro_send_message($1, $2)', [b, 'Hello'])).toBeDefined();
    // Writes older than 24 hours leave the budget.
    await db.pool.query(`update app_public.request_events set created_at = created_at - interval '25 hours' where quote_id = $1`, [a]);
    expect(await pro('pro_message_owner', [token, a, 'A new day', true])).toMatchObject({ quoteId: a });
  });

  test('the owner cannot accept an estimate after its last day (CONFL), in the preview too', async () => {
    const { mine, a, token } = await setUp();
    const { estimateId } = await pro('pro_send_estimate', [token, a, 100, 'USD', 'All', '2031-01-01', true]);
    await db.pool.query(`update app_public.estimates set valid_until = current_date - 1 where id = $1`, [estimateId]);
    for (const confirm of [false, true]) {
      expect(await sqlState(owner('owner_accept_estimate', [mine.token, mine.id, estimateId, confirm]))).toBe('CONFL');
    }
  });
});

describe('staff act for a pro through the same rules', () => {
  test("the pro's rules hold for staff, and staff actions are audited", async () => {
    const { a } = await setUp();
    expect(await sqlState(asStaff(db, 'app_public.pro_submit_estimate($1, 10, $2, $3, $4)', [a, 'USD', 'x', '2001-01-01']))).toBe('INVAL');
    expect(await sqlState(asStaff(db, 'app_public.pro_send_message($1, $2)', [a, '']))).toBe('INVAL');
    const estimate = await asStaff(db, 'app_public.pro_submit_estimate($1, 10, $2, $3, $4)', [a, 'eur', 'Survey', '2031-02-01']);
    expect(estimate).toMatchObject({ currency: 'EUR', description: 'Survey', status: 'submitted' });
    const declined = await asStaff(db, 'app_public.pro_decline($1, $2)', [a, 'Booked']);
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'Booked' });
    const { rows } = await db.pool.query(`select action from app_public.staff_audit where row_key->>'id' = $1 order by id`, [a]);
    expect(rows.map((r) => r.action)).toEqual(['quote.estimate_submitted', 'quote.declined']);
  });
});

describe('privileges', () => {
  test.each(['marine_anonymous', 'marine_agent'] as const)('%s reads no token digest and calls no pro rule directly', async (role) => {
    await asRole(db, role, async (c) => {
      expect(await sqlState(c.query('select * from app_private.pro_access_tokens'))).toBe('42501');
    });
    await asRole(db, role, async (c) => {
      expect(await sqlState(c.query(`select app_private.set_pro_token($1, '\\x00')`, [NOWHERE]))).toBe('42501');
    });
  });
});
