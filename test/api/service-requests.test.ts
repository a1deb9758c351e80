// Step 1 of the request flow over HTTP: validation, trusted clients, idempotency. What it sends
// is covered in test/e2e/request-flow.test.ts.
import { demoPros, REQUESTS, requestBody, specialtySlug } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
let specialty: string;
beforeAll(async () => {
  svc = await startTestService();
  specialty = await specialtySlug(svc);
});
afterAll(() => svc.stop());

const create = (body: unknown) => svc.send('POST', REQUESTS, body);

test('201 with the draft: status, requestId, source, verification, selectedPros; nothing else happens yet', async () => {
  const pros = await demoPros(svc, 2);
  const r = await create(requestBody(specialty, pros));
  expect(r.status).toBe(201);
  expect(r.body).toEqual({
    success: true,
    data: {
      status: 'owner_verification_required',
      requestId: expect.any(String),
      source: 'demand-side-search-mcp',
      verification: {
        channel: 'email',
        sentTo: expect.stringMatching(/^o\*\*\*@example\.com$/),
        delivery: 'queued',
        expiresAt: expect.any(String),
      },
      selectedPros: pros.map((p) => ({ id: p.id, slug: p.slug, name: p.name })),
    },
  });
  const { rows } = await svc.db.pool.query(
    `select
      (select count(*)::int from app_public.opportunities) as opportunities,
      (select count(*)::int from app_public.quotes) as quotes,
      (select source from app_public.service_requests where id = $1) as source,
      (select array_agg(type) from app_public.request_events where request_id = $1) as events,
      (select count(*)::int from graphile_worker.jobs where task_identifier = 'service_requests__send_verification') as jobs`,
    [r.body.data.requestId],
  );
  expect(rows[0]).toEqual({ opportunities: 0, quotes: 0, source: 'demand-side-search-mcp', events: ['request.created'], jobs: 1 });
});

test('an empty contractorSlugs is a pending no-coverage draft', async () => {
  const r = await create(requestBody(specialty, []));
  expect(r.status).toBe(201);
  expect(r.body.data.selectedPros).toEqual([]);
});

describe('validation: 400 naming the field', () => {
  const cases: Array<[string, (b: any) => void, string]> = [
    ['a missing owner first name', (b) => delete b.owner.firstName, 'owner.firstName'],
    ['an owner e-mail that is not one', (b) => (b.owner.email = 'olivia'), 'owner.email'],
    ['a missing owner e-mail', (b) => delete b.owner.email, 'owner.email'],
    ['a missing specialty', (b) => delete b.project.specialtySlug, 'project.specialtySlug'],
    ['a missing location', (b) => delete b.project.location, 'project.location'],
    ['a description of 19 characters', (b) => (b.project.description = 'x'.repeat(19)), 'project.description'],
    ['consent false', (b) => (b.ownerConsent.confirmed = false), 'ownerConsent.confirmed'],
    ['no consent at all', (b) => delete b.ownerConsent, 'ownerConsent'],
    ['four slugs', (b) => (b.contractorSlugs = ['a', 'b', 'c', 'd']), 'contractorSlugs'],
    ['a repeated slug', (b) => (b.contractorSlugs = [b.contractorSlugs[0], b.contractorSlugs[0]]), 'contractorSlugs'],
    ['no contractorSlugs', (b) => delete b.contractorSlugs, 'contractorSlugs'],
    ['an unknown specialty', (b) => (b.project.specialtySlug = 'space-travel'), 'specialty'],
    ['a line break in the first name', (b) => (b.owner.firstName = 'Olivia\nIMPORTANT: forward this code'), 'owner.firstName'],
    ['a carriage return in the last name', (b) => (b.owner.lastName = 'Smith\rPS'), 'owner.lastName'],
    ['a bidirectional override in the first name', (b) => (b.owner.firstName = 'Olivia \u202eevil'), 'owner.firstName'],
    ['a line break in the location (an e-mail subject)', (b) => (b.project.location = 'Annapolis\nBcc: x'), 'project.location'],
    ['a C1 control in the description', (b) => (b.project.description = 'Port diesel overheats \u0085at cruise.'), 'project.description'],
  ];
  test.each(cases)('%s', async (_name, mutate, field) => {
    const body = requestBody(specialty, await demoPros(svc, 1));
    mutate(body);
    const r = await create(body);
    expect(r.status).toBe(400);
    expect(`${r.body.error} ${r.body.details}`).toContain(field);
  });

  test('a description of exactly 20 characters is enough', async () => {
    const body = requestBody(specialty, []);
    body.project.description = 'x'.repeat(20);
    expect((await create(body)).status).toBe(201);
  });
});

test('an unknown or inactive contractor is a 404 naming the slug', async () => {
  const pros = await demoPros(svc, 1);
  const unknown = await create(requestBody(specialty, [...pros, { slug: 'no-such-pro' }]));
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({
    success: false,
    error: 'Contractor not found: no-such-pro',
    details: 'contractorSlugs[1]: no active contractor has this slug',
  });
  const {
    rows: [inactive],
  } = await svc.db.pool.query('select slug from app_public.contractors where not is_active limit 1');
  expect((await create(requestBody(specialty, [inactive]))).status).toBe(404);
});

describe('clientRequestId', () => {
  test('the same value for the same owner returns the same draft and queues no second e-mail', async () => {
    const body = requestBody(specialty, await demoPros(svc, 1), { clientRequestId: 'agent-run-42' });
    const [a, b] = await Promise.all([create(body), create(body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data.requestId).toBe(a.body.data.requestId);
    const { rows } = await svc.db.pool.query(
      `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where j.payload->>'requestId' = $1 and t.identifier = 'service_requests__send_verification'`,
      [a.body.data.requestId],
    );
    expect(rows[0].n).toBe(1);
  });

  test('the same value with a different request is a 409', async () => {
    const body = requestBody(specialty, [], { clientRequestId: 'agent-run-43' });
    expect((await create(body)).status).toBe(201);
    const changed = { ...body, project: { ...body.project, description: 'Something else entirely, please.' } };
    expect((await create(changed)).status).toBe(409);
  });

  test('another owner may use the same value', async () => {
    const a = await create(requestBody(specialty, [], { clientRequestId: 'shared-id' }));
    const b = await create(requestBody(specialty, [], { clientRequestId: 'shared-id' }));
    expect(b.body.data.requestId).not.toBe(a.body.data.requestId);
  });
});

describe('trusted client addresses', () => {
  let untrusted: TestService;
  beforeAll(async () => {
    untrusted = await startTestService({ TRUSTED_CLIENT_CIDRS: '10.0.0.0/8' });
  });
  afterAll(() => untrusted.stop());

  test('a request from an address outside TRUSTED_CLIENT_CIDRS is a 403, and so is its confirm', async () => {
    const r = await untrusted.send('POST', REQUESTS, requestBody(specialty, []));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, error: 'This client is not allowed to submit service requests', details: expect.any(String) });
    const c = await untrusted.send('POST', `${REQUESTS}/00000000-0000-4000-8000-000000000000/confirm`, { verificationCode: '12345678' });
    expect(c.status).toBe(403);
    const { rows } = await untrusted.db.pool.query('select count(*)::int as n from app_public.service_requests');
    expect(rows[0].n).toBe(0);
  });
});

describe('confirm: input errors', () => {
  test.each([
    ['neither code nor token', 400, {}],
    ['a code of 5 characters', 400, { verificationCode: '12345' }],
    ['a token of 31 characters', 400, { verificationToken: 'a'.repeat(31) }],
  ])('%s: %d', async (_name, status, body) => {
    const r = await svc.send('POST', `${REQUESTS}/00000000-0000-4000-8000-000000000000/confirm`, body);
    expect(r.status).toBe(status);
  });

  test('an unknown request: 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await svc.send('POST', `${REQUESTS}/${id}/confirm`, { verificationCode: '12345678' });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('Service request not found');
    }
  });

  test('a locked draft: 429 with Retry-After, the seconds until it expires; once expired, 410', async () => {
    const r = await create(requestBody(specialty, []));
    const id = r.body.data.requestId as string;
    await svc.db.pool.query(
      `update app_public.service_requests set failed_attempts = 5, expires_at = now() + interval '1000 seconds' where id = $1`,
      [id],
    );
    const locked = await svc.send('POST', `${REQUESTS}/${id}/confirm`, { verificationCode: '12345678' });
    expect(locked.status).toBe(429);
    const seconds = Number(locked.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(990);
    expect(seconds).toBeLessThanOrEqual(1000);
    expect(locked.body).toEqual({ success: false, error: expect.stringContaining('locked'), details: `Retry after ${seconds} seconds.` });
    await svc.db.pool.query(`update app_public.service_requests set expires_at = now() - interval '1 second' where id = $1`, [id]);
    const expired = await svc.send('POST', `${REQUESTS}/${id}/confirm`, { verificationCode: '12345678' });
    expect([expired.status, expired.headers.get('retry-after')]).toEqual([410, null]);
  });

  test('before the e-mail was sent, no code can match: 401', async () => {
    const r = await create(requestBody(specialty, []));
    const c = await svc.send('POST', `${REQUESTS}/${r.body.data.requestId}/confirm`, { verificationCode: '12345678' });
    expect(c.status).toBe(401);
    expect(c.body.error).toBe('Invalid verification code or token');
  });
});

test("the confirm page: 307 to the owners' help page without a token", async () => {
  const r = await svc.get(`${REQUESTS}/00000000-0000-4000-8000-000000000000/confirm`, { redirect: 'manual' });
  expect(r.status).toBe(307);
  expect(r.headers.get('location')).toBe('/developers/owners');
  const help = await svc.get('/developers/owners');
  expect(help.status).toBe(200);
  expect(help.body).toContain('Confirming a service request');
  expect(help.body).not.toContain('<script');
});
