// The event log in SQL: a whole request flow driven through the functions the API calls (owner
// and pro tokens, as the anonymous role), with each event's type, ids and payload; previews
// write none; the lapse of an unverified draft; no payload holds a secret; event_types' shared flags.
import { sha256 } from '../../src/credentials';
import { EVENT_PAGE } from '../../src/events/params';
import { EVENT_TYPES, eventType } from '../../src/events/types';
import { callAs, createTestDatabase, type TestDatabase } from '../helpers/db';
import { confirmedOpportunity, issueProToken } from '../helpers/opportunities';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const FUTURE = '2031-01-01T10:00:00.000Z';
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

/** An app_hidden function as the API calls it: the anonymous role, the token's digest (hex). */
const call = (fn: string, args: unknown[]) =>
  callAs(db, 'marine_anonymous', `select app_hidden.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as r`, args).then(
    (r) => r.rows[0].r,
  );

interface Row {
  id: string;
  type: string;
  request_id: string | null;
  opportunity_id: string | null;
  quote_id: string | null;
  detail: Record<string, unknown>;
}

/** Every event the tests made, for the checks over all of them (secrets). */
const seen: Row[] = [];
/** Secrets the flows handled (tokens, digests, codes, e-mail addresses), none of which may be in a payload. */
const secrets: string[] = ['11112222', 'k'.repeat(64)];

async function eventsAfter(requestId: string, afterId = '0'): Promise<Row[]> {
  const { rows } = await db.pool.query<Row>(
    `select e.id::text, e.type, e.request_id, e.opportunity_id, e.quote_id, e.detail from app_public.request_events e
      where e.request_id = $1 and e.id > $2 order by e.id`,
    [requestId, afterId],
  );
  seen.push(...rows);
  return rows;
}
const last = async () => (await db.pool.query('select coalesce(max(id), 0)::text as id from app_public.request_events')).rows[0].id;
const count = async () => (await db.pool.query('select count(*)::int as n from app_public.request_events')).rows[0].n;

/** A confirmed Opportunity with two quotes, its pros' tokens, and the secrets it involves recorded. */
async function setUp() {
  const o = await confirmedOpportunity(db);
  const [a, b] = o.quotes as [string, string];
  const tokens = [await issueProToken(db, a), await issueProToken(db, b)];
  const {
    rows: [info],
  } = await db.pool.query(
    `select o.request_id, o.owner_email, array_agg(c.name order by q.id) as names, array_agg(coalesce(c.email::text, '') order by q.id) as emails
       from app_public.opportunities o join app_public.quotes q on q.opportunity_id = o.id
       join app_public.contractors c on c.id = q.contractor_id where o.id = $1 group by o.id`,
    [o.id],
  );
  secrets.push(o.token, info.owner_email, ...tokens, ...tokens.map((t) => sha256(t).toString('hex')), ...info.emails.filter(Boolean));
  const name = async (quoteId: string) =>
    (
      await db.pool.query(
        'select c.name from app_public.quotes q join app_public.contractors c on c.id = q.contractor_id where q.id = $1',
        [quoteId],
      )
    ).rows[0].name as string;
  return {
    o,
    a,
    b,
    requestId: info.request_id as string,
    pro: tokens.map((t) => sha256(t).toString('hex')),
    nameA: await name(a),
    nameB: await name(b),
  };
}

describe('a whole flow', () => {
  test('every change writes one event with its type, ids and payload, in order; previews write none', async () => {
    const { o, a, b, requestId, pro, nameA, nameB } = await setUp();
    const verified = await eventsAfter(requestId);
    expect(verified.map((e) => e.type)).toEqual(['request.created', 'request.verified']);
    expect(verified[1]).toMatchObject({ opportunity_id: o.id, quote_id: null });
    expect(verified[1]!.detail).toEqual({
      service: expect.any(String),
      location: 'Here',
      description: 'A description of twenty+',
      quotes: [
        { quoteId: a, contractorName: nameA },
        { quoteId: b, contractorName: nameB },
      ],
    });
    let mark = await last();

    // Each step: its preview writes no event, then the write writes exactly the expected ones.
    const steps: Array<[string, unknown[], boolean]> = [];
    const preview = async (fn: string, args: unknown[]) => {
      const before = await count();
      expect(await call(fn, [...args, false])).toHaveProperty('preview');
      expect(await count()).toBe(before);
      steps.push([fn, args, false]);
    };
    const write = async (fn: string, args: unknown[]) => {
      await preview(fn, args);
      const r = await call(fn, [...args, true]);
      const made = await eventsAfter(requestId, mark);
      mark = made.length ? made[made.length - 1]!.id : mark;
      return { r, made };
    };
    const only = (made: Row[], type: string, quoteId: string, detail: Record<string, unknown>) => {
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ type, request_id: requestId, opportunity_id: o.id, quote_id: quoteId });
      expect(made[0]!.detail).toEqual(detail);
    };

    await db.pool.query('select app_private.mark_pro_notified($1, true)', [a]);
    only(await eventsAfter(requestId, mark), 'quote.pro_contacted', a, { contractorName: nameA, delivered: true });
    mark = await last();

    const msg = await write('pro_message_owner', [pro[0], a, 'Hello from the yard']);
    only(msg.made, 'quote.pro_message_sent', a, { contractorName: nameA, messageId: msg.r.messageId, content: 'Hello from the yard' });
    const ask = await write('pro_ask_missing_info', [pro[0], a, ['Boat length?', 'Where is she kept?']]);
    only(ask.made, 'quote.info_requested', a, {
      contractorName: nameA,
      infoRequestId: ask.r.infoRequestId,
      questions: ['Boat length?', 'Where is she kept?'],
    });
    const visit = await write('pro_offer_visit_times', [pro[0], a, ['2031-01-02T10:00:00+02:00', FUTURE]]);
    only(visit.made, 'quote.visit_times_proposed', a, {
      contractorName: nameA,
      visitId: visit.r.visitId,
      times: [FUTURE, '2031-01-02T08:00:00.000Z'],
    });
    const first = await write('pro_send_estimate', [pro[0], a, 950, 'usd', 'Haul and paint', '2031-01-01']);
    const estimate = (amount: string, estimateId: string, supersedes: string | null) => ({
      contractorName: nameA,
      estimateId,
      amount,
      currency: 'USD',
      description: 'Haul and paint',
      validUntil: '2031-01-01',
      supersedes,
    });
    only(first.made, 'quote.estimate_submitted', a, estimate('950.00', first.r.estimateId, null));
    const second = await write('pro_send_estimate', [pro[0], a, 1850.5, 'USD', 'Haul and paint', '2031-01-01']);
    only(second.made, 'quote.estimate_submitted', a, estimate('1850.50', second.r.estimateId, first.r.estimateId));
    const other = await write('pro_send_estimate', [pro[1], b, 185000, 'JPY', 'Paint only', '2031-01-01']);
    expect(other.made[0]!.detail).toMatchObject({ contractorName: nameB, amount: '185000', currency: 'JPY', supersedes: null });

    const reply = await write('owner_send_message', [o.token, o.id, a, 'Thanks, see you']);
    only(reply.made, 'quote.owner_message_sent', a, { contractorName: nameA, messageId: UUID, content: 'Thanks, see you' });
    const answers = await write('owner_answer_missing_info', [o.token, o.id, a, ['38 ft', 'Annapolis']]);
    only(answers.made, 'quote.info_provided', a, {
      contractorName: nameA,
      infoRequestId: ask.r.infoRequestId,
      questions: ['Boat length?', 'Where is she kept?'],
      answers: ['38 ft', 'Annapolis'],
    });
    const chosen = await write('owner_select_visit_time', [o.token, o.id, a, visit.r.visitId, '2031-01-01T11:00:00+01:00']);
    only(chosen.made, 'quote.visit_time_selected', a, { contractorName: nameA, visitId: visit.r.visitId, time: FUTURE });

    const award = await write('owner_accept_estimate', [o.token, o.id, second.r.estimateId]);
    expect(award.made.map((e) => [e.type, e.quote_id])).toEqual([
      ['quote.awarded', a],
      ['quote.closed', b],
    ]);
    expect(award.made[0]!.detail).toEqual({
      contractorName: nameA,
      estimateId: second.r.estimateId,
      amount: '1850.50',
      currency: 'USD',
      description: 'Haul and paint',
    });
    expect(award.made[1]!.detail).toEqual({ contractorName: nameB, reason: 'awarded_elsewhere' });

    only((await write('owner_mark_complete', [o.token, o.id, a])).made, 'quote.completed', a, { contractorName: nameA });
    only((await write('owner_review', [o.token, o.id, a, 4.5, 'Came when he said.'])).made, 'quote.reviewed', a, {
      contractorName: nameA,
      rating: 4.5,
      text: 'Came when he said.',
    });
    expect(steps.length).toBeGreaterThanOrEqual(12);

    // Ids increase in the order the changes committed.
    const all = await db.pool.query<{ id: string }>(
      'select e.id::text from app_public.request_events e where e.request_id = $1 order by e.id',
      [requestId],
    );
    const ids = all.rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a decline names the reason; a request without pros is opportunity.no_coverage', async () => {
    const { a, requestId, pro, nameA } = await setUp();
    const mark = await last();
    await call('pro_decline_request', [pro[0], a, 'Fully booked', true]);
    const [declined] = await eventsAfter(requestId, mark);
    expect(declined).toMatchObject({ type: 'quote.declined', quote_id: a, detail: { contractorName: nameA, reason: 'Fully booked' } });

    const {
      rows: [s],
    } = await db.pool.query('select slug from app_public.specialties limit 1');
    const d = await call('create_service_request', [
      'Ann',
      'Lee',
      'ann-none@example.com',
      null,
      s.slug,
      'Here',
      'A description of twenty+',
      [],
      null,
      null,
      3600,
    ]);
    await db.pool.query('select app_private.set_verification_credentials($1, $2, $3)', [
      d.requestId,
      Buffer.alloc(32, 1),
      Buffer.alloc(32, 2),
    ]);
    // The staff-only steps around it: the e-mails sent, a wrong code.
    await db.pool.query('select app_private.mark_verification_sent($1)', [d.requestId]);
    expect(await call('confirm_service_request', [d.requestId, Buffer.alloc(32, 9), null, 5, Buffer.alloc(32, 3)])).toHaveProperty(
      'refusal',
    );
    const c = await call('confirm_service_request', [d.requestId, Buffer.alloc(32, 1), null, 5, Buffer.alloc(32, 3)]);
    await db.pool.query('select app_private.mark_coverage_notified($1), app_private.mark_owner_access_sent($1)', [c.opportunityId]);
    const made = await eventsAfter(d.requestId);
    expect(made.map((e) => [e.type, e.detail])).toEqual([
      ['request.created', { pros: 0 }],
      ['request.verification_sent', {}],
      ['request.verification_failed', { attempt: 1 }],
      ['request.verified', expect.objectContaining({ quotes: [] })],
      ['opportunity.no_coverage', {}],
      ['opportunity.coverage_notified', {}],
      ['opportunity.owner_access_sent', {}],
    ]);
    secrets.push('ann-none@example.com', Buffer.alloc(32, 1).toString('hex'), Buffer.alloc(32, 3).toString('hex'));
  });
});

describe('request.lapsed', () => {
  const draft = async (email: string) => {
    const {
      rows: [s],
    } = await db.pool.query('select slug from app_public.specialties limit 1');
    secrets.push(email);
    return (
      await call('create_service_request', ['Ann', 'Lee', email, null, s.slug, 'Here', 'A description of twenty+', [], null, null, 3600])
    ).requestId as string;
  };
  const lapse = async (id: string) => (await db.pool.query('select app_private.lapse_service_request($1) as r', [id])).rows[0].r;

  test('the draft queues its lapse at its expiry; an expired draft lapses once; a live draft does not', async () => {
    const id = await draft('lapse-1@example.com');
    const {
      rows: [job],
    } = await db.pool.query(
      `select j.run_at = r.expires_at as at_expiry from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id, app_public.service_requests r
        where t.identifier = 'service_requests__lapse' and j.payload->>'requestId' = $1 and r.id = $1::uuid`,
      [id],
    );
    expect(job).toEqual({ at_expiry: true });
    expect(await lapse(id)).toBe(false);
    await db.pool.query(`update app_public.service_requests set expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect(await lapse(id)).toBe(true);
    expect(await lapse(id)).toBe(false);
    const made = (await eventsAfter(id)).filter((e) => e.type === 'request.lapsed');
    const {
      rows: [r],
    } = await db.pool.query('select app_hidden.iso_time(expires_at) as at from app_public.service_requests where id = $1', [id]);
    expect(made).toEqual([expect.objectContaining({ opportunity_id: null, quote_id: null, detail: { expiredAt: r.at } })]);
  });

  test('a verified request never lapses, and its lapse job is removed', async () => {
    const { requestId } = await setUp();
    const jobs = await db.pool.query(
      `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'service_requests__lapse' and j.payload->>'requestId' = $1`,
      [requestId],
    );
    expect(jobs.rows[0].n).toBe(0);
    await db.pool.query(`update app_public.service_requests set expires_at = now() - interval '1 second' where id = $1`, [requestId]);
    expect(await lapse(requestId)).toBe(false);
  });
});

describe('payloads and types', () => {
  test('no payload holds a secret: tokens, digests, codes, e-mail addresses', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const e of seen) {
      const text = JSON.stringify(e.detail);
      for (const secret of secrets) expect([e.type, text.includes(secret)]).toEqual([e.type, false]);
      expect([e.type, /@|[0-9a-f]{64}|\\x/i.test(text)]).toEqual([e.type, false]);
    }
  });

  test("every event written validates against its type's payload schema in the registry (src/events/types.ts)", () => {
    // The flows above wrote every type there is.
    expect([...new Set(seen.map((e) => e.type))].sort()).toEqual(EVENT_TYPES.map((t) => t.type).sort());
    for (const e of seen) {
      const result = eventType(e.type)?.payload.safeParse(e.detail);
      expect([e.type, result?.success, result?.error?.issues]).toEqual([e.type, true, undefined]);
    }
  });

  test('the registry is app_public.event_types: the same types, shared flags and descriptions', async () => {
    const { rows } = await db.pool.query('select type, shared, description from app_public.event_types order by type');
    const registry = EVENT_TYPES.map(({ type, shared, description }) => ({ type, shared, description }));
    expect([...registry].sort((x, y) => x.type.localeCompare(y.type))).toEqual(rows);
  });

  test("the API's largest feed page is the SQL's", async () => {
    const { rows } = await db.pool.query('select app_private.setting_event_page_max() as max');
    expect(rows[0].max).toBe(EVENT_PAGE.max);
  });

  test("event_types' shared flag: the parties see the flow, staff see the sends and failed verifications", async () => {
    const { rows } = await db.pool.query('select type, shared from app_public.event_types order by type');
    expect(rows.filter((r) => !r.shared).map((r) => r.type)).toEqual([
      'opportunity.coverage_notified',
      'opportunity.owner_access_sent',
      'request.created',
      'request.verification_failed',
      'request.verification_sent',
    ]);
    expect(rows.filter((r) => r.shared)).toHaveLength(16);
  });
});
