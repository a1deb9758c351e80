// Webhook endpoints in SQL: creation rules (URL syntax, event filter, per-account limit), the
// secret no request role reads, row-level security across accounts, the fan-out of an event to
// the endpoints of the account whose key created the request, and the delivery state machine
// (order, success, failure, disabling after days of failures).
import { mintApiKey } from '../../src/credentials';
import { asRole, callAs, createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let slug: string;
let sharedTypes: string[];
beforeAll(async () => {
  db = await createTestDatabase();
  slug = (await db.pool.query('select slug from app_public.specialties order by slug limit 1')).rows[0].slug;
  sharedTypes = (await db.pool.query('select type from app_public.event_types where shared order by type')).rows.map((r) => r.type);
});
afterAll(() => db.drop());

let n = 0;
async function agent(): Promise<string> {
  const m = mintApiKey();
  const { rows } = await callAs(
    db,
    'marine_anonymous',
    `select app_hidden.register_agent('Hook', 'Agent', $1, 'correct horse battery', null, $2, $3, $4) as r`,
    [`hooks${++n}@example.com`, m.publicDigest, m.adminDigest, m.head],
  );
  return rows[0].r.agent.id;
}

const create = (userId: string | null, url: string, events: string[] | null = null, allowHttp = false) =>
  callAs(
    db,
    userId ? 'marine_agent' : 'marine_anonymous',
    'select app_hidden.create_webhook_endpoint($1, $2, $3) as r',
    [url, events, allowHttp],
    userId,
  ).then((r) => r.rows[0].r);
const as = (userId: string, sql: string, args: unknown[] = []) => callAs(db, 'marine_agent', sql, args, userId).then((r) => r.rows[0].r);

/** A service request created with the key of `userId` (null: without a key). */
async function serviceRequest(userId: string | null): Promise<string> {
  const { rows } = await callAs(
    db,
    userId ? 'marine_agent' : 'marine_anonymous',
    `select app_hidden.create_service_request('Wes', null, 'wes@example.com', null, $1, 'Mystic, CT',
      'Teak deck needs refinishing before June.', '{}', null, null, 3600) as r`,
    [slug],
    userId,
  );
  return rows[0].r.requestId;
}

async function recordEvent(type: string, requestId: string, detail: object = {}): Promise<number> {
  const { rows } = await db.pool.query('select (app_private.record_event($1, $2, null, null, $3)).id as id', [type, requestId, detail]);
  return Number(rows[0].id);
}

describe('create_webhook_endpoint', () => {
  test('answers the endpoint and its whsec_ secret once; the secret is stored where no request role reads it', async () => {
    const user = await agent();
    const e = await create(user, 'https://hooks.example.com/marine');
    expect(e).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/marine',
      events: null,
      status: 'active',
      createdAt: expect.stringMatching(/Z$/),
      failingSince: null,
      disabledAt: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const stored = await db.pool.query('select secret from app_private.webhook_secrets where endpoint_id = $1', [e.id]);
    expect(stored.rows).toEqual([{ secret: e.secret }]);
    for (const role of ['marine_anonymous', 'marine_agent', 'marine_admin'] as const) {
      expect(await sqlState(asRole(db, role, (c) => c.query('select * from app_private.webhook_secrets'), user))).toBe('42501');
    }
    const listed = await as(user, 'select app_hidden.list_webhook_endpoints() as r');
    expect(listed.endpoints).toEqual([{ ...e, secret: undefined }].map(({ secret: _, ...rest }) => rest));
    expect(JSON.stringify(listed)).not.toContain(e.secret);
  });

  test('refuses an anonymous caller, bad URLs and unknown or private event types', async () => {
    const user = await agent();
    expect(await sqlState(create(null, 'https://hooks.example.com/'))).toBe('CREDS');
    for (const url of [
      'http://hooks.example.com/',
      'ftp://hooks.example.com/',
      'https://user:pass@hooks.example.com/',
      'https://hooks.example.com/#frag',
      'https:///path',
      'https://hooks.example.com/a b',
      `https://hooks.example.com/${'a'.repeat(2000)}`,
    ]) {
      expect([url, await sqlState(create(user, url))]).toEqual([url, 'INVAL']);
    }
    // http only where the API found every address inside WEBHOOK_ALLOWED_PRIVATE_CIDRS.
    expect((await create(user, 'http://127.0.0.1:8080/hook', null, true)).url).toBe('http://127.0.0.1:8080/hook');
    expect(await sqlState(create(user, 'https://hooks.example.com/', []))).toBe('INVAL');
    expect(await sqlState(create(user, 'https://hooks.example.com/', ['no.such_type']))).toBe('INVAL');
    const internal = (await db.pool.query('select type from app_public.event_types where not shared limit 1')).rows[0]?.type;
    if (internal) expect(await sqlState(create(user, 'https://hooks.example.com/', [internal]))).toBe('INVAL');
    const filtered = await create(user, 'https://hooks.example.com/f', [sharedTypes[1]!, sharedTypes[0]!, sharedTypes[1]!]);
    expect(filtered.events).toEqual([sharedTypes[0], sharedTypes[1]]);
  });

  test('an account has at most five endpoints (CONFL after)', async () => {
    const user = await agent();
    for (let i = 0; i < 5; i++) await create(user, `https://hooks.example.com/${i}`);
    expect(await sqlState(create(user, 'https://hooks.example.com/6'))).toBe('CONFL');
    // Another account is not counted against.
    expect((await create(await agent(), 'https://hooks.example.com/x')).status).toBe('active');
  });
});

describe('another account', () => {
  test('cannot see, delete, test or read the deliveries of an endpoint (NTFND, and RLS hides its rows)', async () => {
    const [owner, other] = [await agent(), await agent()];
    const e = await create(owner, 'https://hooks.example.com/mine');
    expect((await as(other, 'select app_hidden.list_webhook_endpoints() as r')).endpoints).toEqual([]);
    for (const sql of [
      'select app_hidden.delete_webhook_endpoint($1) as r',
      'select app_hidden.webhook_endpoint_deliveries($1, 10) as r',
      'select app_hidden.test_webhook_endpoint($1) as r',
    ]) {
      expect(await sqlState(as(other, sql, [e.id]))).toBe('NTFND');
    }
    const seen = (user: string) =>
      asRole(db, 'marine_agent', (c) => c.query('select id from app_public.webhook_endpoints').then((r) => r.rows.map((x) => x.id)), user);
    expect(await seen(other)).not.toContain(e.id);
    expect(await seen(owner)).toContain(e.id);
    // No request role deletes endpoint rows itself: only through the function, which checks the account.
    expect(
      await sqlState(asRole(db, 'marine_agent', (c) => c.query('delete from app_public.webhook_endpoints where id = $1', [e.id]), owner)),
    ).toBe('42501');
    expect((await as(owner, 'select app_hidden.delete_webhook_endpoint($1) as r', [e.id])).id).toBe(e.id);
    expect(await sqlState(as(owner, 'select app_hidden.delete_webhook_endpoint($1) as r', [e.id]))).toBe('NTFND');
    expect(
      (await db.pool.query('select count(*)::int as n from app_private.webhook_secrets where endpoint_id = $1', [e.id])).rows[0].n,
    ).toBe(0);
  });
});

describe('the fan-out of an event', () => {
  test('a request remembers the account whose key created it', async () => {
    const user = await agent();
    const keyed = await serviceRequest(user);
    const anonymous = await serviceRequest(null);
    const { rows } = await db.pool.query('select id, agent_user_id from app_public.service_requests where id = any($1)', [
      [keyed, anonymous],
    ]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.agent_user_id]))).toEqual({ [keyed]: user, [anonymous]: null });
  });

  test('queues a delivery for each matching endpoint of that account, and one job per endpoint and request', async () => {
    const [user, other] = [await agent(), await agent()];
    const all = await create(user, 'https://hooks.example.com/all');
    const filtered = await create(user, 'https://hooks.example.com/one', [sharedTypes[0]!]);
    const foreign = await create(other, 'https://hooks.example.com/other');
    const requestId = await serviceRequest(user);
    const first = await recordEvent(sharedTypes[0]!, requestId);
    const second = await recordEvent(sharedTypes[1]!, requestId);
    const { rows } = await db.pool.query(
      'select endpoint_id, event_id, status from app_public.webhook_deliveries where request_id = $1 order by event_id, endpoint_id',
      [requestId],
    );
    expect(rows.map((r) => [r.endpoint_id, Number(r.event_id), r.status]).sort()).toEqual(
      [
        [all.id, first, 'pending'],
        [filtered.id, first, 'pending'],
        [all.id, second, 'pending'],
      ].sort(),
    );
    expect(rows.some((r) => r.endpoint_id === foreign.id)).toBe(false);
    const jobs = await db.pool.query(
      `select j.key, q.queue_name, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
        where t.identifier = 'webhook_endpoints__deliver' and j.payload->>'requestId' = $1 order by j.key`,
      [requestId],
    );
    expect(jobs.rows).toEqual(
      [all.id, filtered.id]
        .map((id) => ({ key: `webhook:${id}:${requestId}`, queue_name: `webhooks:${id}`, payload: { endpointId: id, requestId } }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  test("the fan-out is part of the event's transaction: a rolled-back change queues nothing", async () => {
    const user = await agent();
    const e = await create(user, 'https://hooks.example.com/rollback');
    const requestId = await serviceRequest(user);
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query('select app_private.record_event($1, $2, null, null, $3)', [sharedTypes[0], requestId, {}]);
      const inside = await client.query('select count(*)::int as n from app_public.webhook_deliveries where endpoint_id = $1', [e.id]);
      expect(inside.rows[0].n).toBe(1);
      await client.query('rollback');
    } finally {
      client.release();
    }
    const after = await db.pool.query(
      `select (select count(*)::int from app_public.webhook_deliveries where endpoint_id = $1) as deliveries,
              (select count(*)::int from graphile_worker._private_jobs where key = $2) as jobs`,
      [e.id, `webhook:${e.id}:${requestId}`],
    );
    expect(after.rows[0]).toEqual({ deliveries: 0, jobs: 0 });
  });

  test('an event of a request without a key, or of a type not shared, is delivered to no one', async () => {
    const user = await agent();
    await create(user, 'https://hooks.example.com/all');
    const anonymous = await serviceRequest(null);
    await recordEvent(sharedTypes[0]!, anonymous);
    const internal = (await db.pool.query('select type from app_public.event_types where not shared limit 1')).rows[0]?.type;
    const keyed = await serviceRequest(user);
    if (internal) await recordEvent(internal, keyed);
    const { rows } = await db.pool.query('select count(*)::int as n from app_public.webhook_deliveries where request_id = any($1)', [
      [anonymous, keyed],
    ]);
    expect(rows[0].n).toBe(0);
  });
});

describe('deliveries', () => {
  const next = (endpointId: string, requestId: string) =>
    db.pool.query('select app_private.webhook_next_delivery($1, $2) as r', [endpointId, requestId]).then((r) => r.rows[0].r);
  const record = (endpointId: string, eventId: number | null, error: string | null, status: number | null = error ? 500 : 200) =>
    db.pool
      .query("select app_private.webhook_record_attempt($1, $2::bigint, $3, 'x', $4, $5, 12) as r", [
        endpointId,
        eventId,
        eventId === null ? 'evt_test_1' : `evt_${eventId}`,
        status,
        error,
      ])
      .then((r) => r.rows[0].r);

  test('come in event order: the next is the oldest pending one, with what to sign; a success moves on', async () => {
    const user = await agent();
    const e = await create(user, 'https://hooks.example.com/order');
    const requestId = await serviceRequest(user);
    const first = await recordEvent(sharedTypes[0]!, requestId, { n: 1 });
    const second = await recordEvent(sharedTypes[1]!, requestId, { n: 2 });
    const a = await next(e.id, requestId);
    expect(a).toEqual({
      url: e.url,
      secret: e.secret,
      eventId: first,
      webhookId: `evt_${first}`,
      type: sharedTypes[0],
      body: expect.any(String),
    });
    const body = JSON.parse(a.body);
    expect(body).toEqual({
      type: sharedTypes[0],
      timestamp: expect.any(String),
      data: expect.objectContaining({ id: `evt_${first}`, requestId }),
    });
    // A failure keeps it first, and starts the endpoint's failing period.
    expect(await record(e.id, first, 'HTTP 500')).toEqual({ stop: false });
    expect((await next(e.id, requestId)).eventId).toBe(first);
    expect((await as(user, 'select app_hidden.list_webhook_endpoints() as r')).endpoints[0]).toMatchObject({
      status: 'failing',
      failingSince: expect.any(String),
    });
    expect(await record(e.id, first, null)).toEqual({ stop: false });
    expect((await next(e.id, requestId)).eventId).toBe(second);
    await record(e.id, second, null);
    expect(await next(e.id, requestId)).toBeNull();
    const log = await as(user, 'select app_hidden.webhook_endpoint_deliveries($1, 10) as r', [e.id]);
    expect(log.endpoint.status).toBe('active');
    expect(log.pending).toBe(0);
    expect(log.attempts.map((x: any) => [x.webhookId, x.delivered, x.statusCode, x.error])).toEqual([
      [`evt_${second}`, true, 200, null],
      [`evt_${first}`, true, 200, null],
      [`evt_${first}`, false, 500, 'HTTP 500'],
    ]);
    expect((await as(user, 'select app_hidden.webhook_endpoint_deliveries($1, 1) as r', [e.id])).attempts).toHaveLength(1);
  });

  test('an endpoint failing for three days is disabled, its pending events abandoned and its account told', async () => {
    const user = await agent();
    const e = await create(user, 'https://hooks.example.com/down');
    const requestId = await serviceRequest(user);
    const event = await recordEvent(sharedTypes[0]!, requestId);
    await record(e.id, event, 'HTTP 503');
    // Not yet: a day of failures.
    await db.pool.query("update app_public.webhook_endpoints set failing_since = now() - interval '1 day' where id = $1", [e.id]);
    expect(await record(e.id, event, 'HTTP 503')).toEqual({ stop: false });
    await db.pool.query("update app_public.webhook_endpoints set failing_since = now() - interval '3 days 1 minute' where id = $1", [e.id]);
    expect(await record(e.id, event, 'HTTP 503')).toEqual({ stop: true });
    const listed = (await as(user, 'select app_hidden.list_webhook_endpoints() as r')).endpoints[0];
    expect(listed).toMatchObject({ status: 'disabled', disabledAt: expect.any(String) });
    expect(await next(e.id, requestId)).toBeNull();
    const state = await db.pool.query('select status from app_public.webhook_deliveries where endpoint_id = $1', [e.id]);
    expect(state.rows).toEqual([{ status: 'abandoned' }]);
    const job = await db.pool.query(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'webhook_endpoints__notify_disabled' and j.key = $1`,
      [`webhook-disabled:${e.id}`],
    );
    expect(job.rows).toEqual([{ payload: { endpointId: e.id } }]);
    const mail = (await db.pool.query('select app_private.webhook_disabled_email($1) as r', [e.id])).rows[0].r;
    expect(mail).toMatchObject({ to: `hooks${n}@example.com`, url: e.url, endpointId: e.id });
    // A disabled endpoint gets no new deliveries and no tests.
    await recordEvent(sharedTypes[0]!, requestId);
    expect(
      (await db.pool.query('select count(*)::int as n from app_public.webhook_deliveries where endpoint_id = $1', [e.id])).rows[0].n,
    ).toBe(1);
    expect(await sqlState(as(user, 'select app_hidden.test_webhook_endpoint($1) as r', [e.id]))).toBe('CONFL');
  });

  test('a test delivery is queued, signed like an event, and its outcome only logged', async () => {
    const user = await agent();
    const e = await create(user, 'https://hooks.example.com/test');
    const queued = await as(user, 'select app_hidden.test_webhook_endpoint($1) as r', [e.id]);
    expect(queued).toEqual({
      webhookId: expect.stringMatching(/^evt_test_[0-9a-f]{32}$/),
      type: 'webhook.test',
      queuedAt: expect.any(String),
    });
    const job = await db.pool.query(
      `select j.payload, j.max_attempts from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'webhook_endpoints__test' and j.payload->>'webhookId' = $1`,
      [queued.webhookId],
    );
    expect(job.rows).toEqual([{ payload: { endpointId: e.id, webhookId: queued.webhookId, createdAt: queued.queuedAt }, max_attempts: 1 }]);
    const t = (await db.pool.query('select app_private.webhook_test_delivery($1, $2, $3) as r', [e.id, queued.webhookId, queued.queuedAt]))
      .rows[0].r;
    expect(JSON.parse(t.body)).toMatchObject({ type: 'webhook.test', data: { id: queued.webhookId, type: 'webhook.test' } });
    expect(await record(e.id, null, 'HTTP 500')).toEqual({ stop: false });
    expect((await as(user, 'select app_hidden.list_webhook_endpoints() as r')).endpoints[0].status).toBe('active');
  });

  test('a body above the payload cap is sent with its data replaced by {truncated: true}', async () => {
    const body = (
      await db.pool.query(
        "select app_private.webhook_body('quote.x', now(), jsonb_build_object('id', 'evt_1', 'data', jsonb_build_object('text', repeat('a', 70000)))) as r",
      )
    ).rows[0].r;
    expect(JSON.parse(body)).toEqual({ type: 'quote.x', timestamp: expect.any(String), data: { id: 'evt_1', data: { truncated: true } } });
    const small = (await db.pool.query('select app_private.webhook_body(\'quote.x\', now(), \'{"data": {"n": 1}}\') as r')).rows[0].r;
    expect(JSON.parse(small).data).toEqual({ data: { n: 1 } });
  });

  test('an attempt for a deleted endpoint is not logged and stops the job', async () => {
    const user = await agent();
    const e = await create(user, 'https://hooks.example.com/gone');
    await as(user, 'select app_hidden.delete_webhook_endpoint($1) as r', [e.id]);
    expect(await record(e.id, null, null)).toEqual({ stop: true });
  });
});

test('the prune removes attempts and finished deliveries past the retention, never a pending one', async () => {
  const user = await agent();
  const e = await create(user, 'https://hooks.example.com/prune');
  const requestId = await serviceRequest(user);
  const done = await recordEvent(sharedTypes[0]!, requestId);
  const waiting = await recordEvent(sharedTypes[0]!, requestId);
  await db.pool.query("select app_private.webhook_record_attempt($1, $2, $3, 'x', 200, null, 5)", [e.id, done, `evt_${done}`]);
  await db.pool.query("select app_private.webhook_record_attempt($1, $2, $3, 'x', 500, 'HTTP 500', 5)", [e.id, waiting, `evt_${waiting}`]);
  const left = async () =>
    (
      await db.pool.query(
        `select (select count(*)::int from app_public.webhook_attempts where endpoint_id = $1) as attempts,
                (select array_agg(status order by event_id) from app_public.webhook_deliveries where endpoint_id = $1) as deliveries`,
        [e.id],
      )
    ).rows[0];
  // Not yet past the retention: nothing of it goes.
  await db.pool.query("select app_private.webhook_prune(1000, now() + interval '29 days')");
  expect(await left()).toEqual({ attempts: 2, deliveries: ['delivered', 'pending'] });
  // A batch of one, then the rest.
  expect((await db.pool.query("select app_private.webhook_prune(1, now() + interval '31 days') as n")).rows[0].n).toBe(2);
  await db.pool.query("select app_private.webhook_prune(1000, now() + interval '31 days')");
  expect(await left()).toEqual({ attempts: 0, deliveries: ['pending'] });
});
