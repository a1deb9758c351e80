// Quote threads in SQL: every error code of the owner and pro functions, and the policies of the
// thread tables for each role.
import { asRole, callAs, createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';
import { asStaff, confirmedOpportunity } from '../helpers/opportunities';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const opportunity = () => confirmedOpportunity(db);

const staff = (sql: string, args: unknown[]) => asStaff(db, sql, args);

// The owner operations run as the anonymous role (the token is the credential), as from the API.
const owner = (fn: string, args: unknown[]) =>
  callAs(db, 'marine_anonymous', `select app_hidden.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as r`, args).then(
    (r) => r.rows[0].r,
  );

describe('owner access', () => {
  test('an unknown token is CREDS; another Opportunity is NTFND; expired access is CREDS', async () => {
    const o = await opportunity();
    const p = await opportunity();
    expect(await sqlState(owner('owner_get_opportunity', ['0'.repeat(64), o.id]))).toBe('CREDS');
    expect(await sqlState(owner('owner_get_opportunity', [p.token, o.id]))).toBe('NTFND');
    expect(await sqlState(owner('owner_get_opportunity', [o.token, 'not-a-uuid']))).toBe('NTFND');
    await db.pool.query(`update app_public.opportunities set completed_at = now() - interval '91 days' where id = $1`, [o.id]);
    expect(await sqlState(owner('owner_list_opportunities', [o.token]))).toBe('CREDS');
  });
});

describe('owner writes', () => {
  test('previews write nothing; confirmed writes do', async () => {
    const o = await opportunity();
    expect(await owner('owner_send_message', [o.token, o.id, o.quotes[0], 'Hello', false])).toEqual({
      preview: { action: 'send_message', detail: expect.objectContaining({ content: 'Hello' }) },
    });
    expect(
      (await db.pool.query('select count(*)::int as n from app_public.quote_messages where quote_id = $1', [o.quotes[0]])).rows[0].n,
    ).toBe(0);
    expect(await owner('owner_send_message', [o.token, o.id, o.quotes[0], 'Hello', true])).toEqual({ opportunityId: o.id });
    expect(
      (await db.pool.query('select count(*)::int as n from app_public.quote_messages where quote_id = $1', [o.quotes[0]])).rows[0].n,
    ).toBe(1);
  });

  test('a proposed time that has passed cannot be chosen (INVAL, in the preview too); a later one of the same visit can', async () => {
    const o = await opportunity();
    const [a] = o.quotes;
    const visit = await staff('app_public.pro_propose_visits($1, $2)', [a, ['2031-01-01T10:00:00Z', '2031-01-02T10:00:00Z']]);
    // The first time passes while the owner decides.
    await db.pool.query(
      `update app_public.visits set proposed_times = array[date_trunc('second', now()) - interval '1 hour', '2031-01-02T10:00:00Z'] where id = $1`,
      [visit.id],
    );
    const { rows } = await db.pool.query('select proposed_times[1] as passed from app_public.visits where id = $1', [visit.id]);
    for (const confirm of [false, true]) {
      expect(await sqlState(owner('owner_select_visit_time', [o.token, o.id, a, visit.id, rows[0].passed, confirm]))).toBe('INVAL');
    }
    expect(await owner('owner_select_visit_time', [o.token, o.id, a, visit.id, '2031-01-02T10:00:00Z', true])).toEqual({
      opportunityId: o.id,
    });
  });

  test('CONFL: answers without an open request, a second visit choice, a second award, completing or reviewing the wrong thread', async () => {
    const o = await opportunity();
    const [a, b] = o.quotes;
    expect(await sqlState(owner('owner_answer_missing_info', [o.token, o.id, a, ['x'], true]))).toBe('CONFL');
    const visit = await staff('app_public.pro_propose_visits($1, $2)', [a, ['2031-01-01T10:00:00Z']]);
    expect(await sqlState(owner('owner_select_visit_time', [o.token, o.id, a, visit.id, '2031-01-02T10:00:00Z', true]))).toBe('INVAL');
    await owner('owner_select_visit_time', [o.token, o.id, a, visit.id, '2031-01-01T10:00:00Z', true]);
    expect(await sqlState(owner('owner_select_visit_time', [o.token, o.id, a, visit.id, '2031-01-01T10:00:00Z', true]))).toBe('CONFL');
    expect(
      await sqlState(
        owner('owner_select_visit_time', [o.token, o.id, a, '00000000-0000-4000-8000-000000000000', '2031-01-01T10:00:00Z', true]),
      ),
    ).toBe('NTFND');
    const est = await staff('app_public.pro_submit_estimate($1, 100)', [a]);
    const estB = await staff('app_public.pro_submit_estimate($1, 120)', [b]);
    expect(await sqlState(owner('owner_mark_complete', [o.token, o.id, a, true]))).toBe('CONFL');
    await owner('owner_accept_estimate', [o.token, o.id, est.id, true]);
    expect(await sqlState(owner('owner_accept_estimate', [o.token, o.id, estB.id, true]))).toBe('CONFL');
    expect(await sqlState(owner('owner_mark_complete', [o.token, o.id, b, true]))).toBe('CONFL');
    expect(await sqlState(owner('owner_review', [o.token, o.id, a, 5, 'Good', true]))).toBe('CONFL');
    await owner('owner_mark_complete', [o.token, o.id, a, true]);
    expect(await sqlState(owner('owner_mark_complete', [o.token, o.id, a, true]))).toBe('CONFL');
    expect(await sqlState(owner('owner_review', [o.token, o.id, b, 5, 'Good', true]))).toBe('CONFL');
    await owner('owner_review', [o.token, o.id, a, 5, 'Good', true]);
    expect(await sqlState(owner('owner_review', [o.token, o.id, a, 4, 'Again', true]))).toBe('CONFL');
    expect(await sqlState(owner('owner_accept_estimate', [o.token, o.id, '00000000-0000-4000-8000-000000000000', true]))).toBe('NTFND');
  });

  test('a review rating is 1 to 5 in half points, stored exactly (INVAL otherwise, in a preview too)', async () => {
    const o = await opportunity();
    const [a] = o.quotes;
    const est = await staff('app_public.pro_submit_estimate($1, 100)', [a]);
    await owner('owner_accept_estimate', [o.token, o.id, est.id, true]);
    await owner('owner_mark_complete', [o.token, o.id, a, true]);
    for (const bad of [0.5, 4.3, 4.25, 5.5, 0, null]) {
      for (const confirm of [false, true]) {
        expect([bad, confirm, await sqlState(owner('owner_review', [o.token, o.id, a, bad, 'Good', confirm]))]).toEqual([
          bad,
          confirm,
          'INVAL',
        ]);
      }
    }
    expect(await owner('owner_review', [o.token, o.id, a, 4.5, 'Good', false])).toMatchObject({
      preview: { action: 'review', detail: expect.objectContaining({ rating: 4.5 }) },
    });
    await owner('owner_review', [o.token, o.id, a, 4.5, 'Good', true]);
    const { rows } = await db.pool.query('select rating::text as rating from app_public.reviews where quote_id = $1', [a]);
    expect(rows).toEqual([{ rating: '4.5' }]);
    // The table holds the rule for every writer, not only this function.
    await expect(db.pool.query('update app_public.reviews set rating = 4.3 where quote_id = $1', [a])).rejects.toMatchObject({
      code: '23514',
    });
    await expect(db.pool.query('update app_public.reviews set rating = 3.5 where quote_id = $1', [a])).resolves.toBeDefined();
  });
});

describe('pro actions (staff)', () => {
  test('NTFND for an unknown quote; CONFL on a closed thread and after the award; INVAL for past visit times', async () => {
    const o = await opportunity();
    const [a, b] = o.quotes;
    expect(await sqlState(staff('app_public.pro_send_message($1, $2)', ['00000000-0000-4000-8000-000000000000', 'x']))).toBe('NTFND');
    expect(await sqlState(staff('app_public.pro_propose_visits($1, $2)', [a, ['2001-01-01T00:00:00Z']]))).toBe('INVAL');
    await staff('app_public.pro_decline($1)', [b]);
    expect(await sqlState(staff('app_public.pro_submit_estimate($1, 10)', [b]))).toBe('CONFL');
    expect(await sqlState(staff('app_public.pro_send_message($1, $2)', [b, 'x']))).toBe('CONFL');
    const est = await staff('app_public.pro_submit_estimate($1, 10)', [a]);
    await owner('owner_accept_estimate', [o.token, o.id, est.id, true]);
    expect(await sqlState(staff('app_public.pro_request_missing_info($1, $2)', [a, ['?']]))).toBe('CONFL');
    expect(await sqlState(staff('app_public.pro_decline($1)', [a]))).toBe('CONFL');
    // Messages still flow in the awarded thread.
    expect((await staff('app_public.pro_send_message($1, $2)', [a, 'See you Monday'])).author).toBe('pro');
  });

  test("the actions queue one owner notice job between them (the owner's e-mails are coalesced)", async () => {
    const o = await opportunity();
    const [a, b] = o.quotes;
    await staff('app_public.pro_send_message($1, $2)', [a, 'Hi']);
    await staff('app_public.pro_request_missing_info($1, $2)', [a, ['Length?']]);
    await staff('app_public.pro_propose_visits($1, $2)', [a, ['2031-01-01T10:00:00Z']]);
    await staff('app_public.pro_submit_estimate($1, 100)', [a]);
    await staff('app_public.pro_decline($1)', [b]);
    const { rows } = await db.pool.query(
      `select r.quote_id from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
         join app_private.notice_recipients r on r.id = (j.payload->>'recipientId')::bigint
        where t.identifier = 'notices__send' and r.opportunity_id = $1`,
      [o.id],
    );
    expect(rows).toEqual([{ quote_id: null }]);
  });
});

describe('row-level security', () => {
  test.each(['marine_anonymous', 'marine_agent'] as const)('%s reads no thread table and calls no pro action', async (role) => {
    for (const table of ['quote_messages', 'info_requests', 'visits', 'estimates']) {
      await asRole(db, role, async (c) => {
        expect(await sqlState(c.query(`select * from app_public.${table}`))).toBe('42501');
      });
    }
    const quote = '00000000-0000-4000-8000-000000000000';
    for (const [call, args] of [
      ['app_public.pro_decline($1)', [quote]],
      ['app_public.pro_send_message($1, $2)', [quote, 'x']],
      ['app_public.pro_request_missing_info($1, $2)', [quote, ['x']]],
      ['app_public.pro_propose_visits($1, $2)', [quote, ['2031-01-01T10:00:00Z']]],
      ['app_public.pro_submit_estimate($1, 10)', [quote]],
    ] as const) {
      await asRole(db, role, async (c) => {
        expect([call, await sqlState(c.query(`select ${call}`, [...args]))]).toEqual([call, '42501']);
      });
    }
  });

  test('admins read the threads and the derived status', async () => {
    const o = await opportunity();
    await staff('app_public.pro_send_message($1, $2)', [o.quotes[0], 'Hi']);
    await asRole(db, 'marine_admin', async (c) => {
      const { rows } = await c.query(
        `select app_hidden.opportunity_status(o) as s,
        (select count(*)::int from app_public.quote_messages m join app_public.quotes q on q.id = m.quote_id where q.opportunity_id = o.id) as m
        from app_public.opportunities o where o.id = $1`,
        [o.id],
      );
      expect(rows[0]).toEqual({ s: 'waiting_on_pros', m: 1 });
    });
  });
});
