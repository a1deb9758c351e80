// The MCP endpoint with the official SDK client against the real service: tool metadata, the
// directory tools give exactly the REST answers, the request flow to confirmation, confirm
// gating of owner writes, the pro's side of the loop driven by a pro agent (the pro access token
// from the e-mailed link; its scope: one quote) and the API's admission (keys, limits, trusted
// clients, one message per POST, body size, NUL bytes) on /mcp.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { BATCH_REFUSED } from '../../src/mcp/batch';
import { callError, callOk, mcpClient } from '../helpers/mcp';
import { OWNER, PRO } from '../helpers/opportunities';
import { ESTIMATE, ownerFinishes, requestToOnePro, requestToPros, VISIT_INSTANTS, VISIT_TIMES } from '../helpers/pro-loop';
import { demoPros, requestBody, specialtySlug, verificationMail, verificationOf } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { SmtpSink } from '../helpers/smtp';

let sink: SmtpSink;
let svc: TestService;
let client: Client;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  svc = await startTestService({ SMTP_URL: sink.url, RUN_WORKER: 'true' });
  client = await mcpClient(svc);
});
afterAll(async () => {
  await client?.close();
  await svc.stop();
  await sink.stop();
});

const TOOLS = [
  'autocomplete',
  'claim_listing',
  'confirm_service_request',
  'create_service_request',
  'edit_claimed_listing',
  'geo_search_contractors',
  'get_claimed_listing',
  'get_contractor',
  'list_articles',
  'list_blog_posts',
  'list_specialties',
  'owner_accept_estimate',
  'owner_answer_missing_info',
  'owner_get_opportunity',
  'owner_list_events',
  'owner_list_opportunities',
  'owner_mark_complete',
  'owner_opportunity_status',
  'owner_review',
  'owner_select_visit_time',
  'owner_send_message',
  'owner_set_notice_emails',
  'owner_visit_options',
  'pro_decline',
  'pro_get_quote',
  'pro_list_events',
  'pro_propose_visit_times',
  'pro_request_missing_info',
  'pro_send_estimate',
  'pro_send_message',
  'search_contractors',
  'verify_listing_claim',
];

test('lists every tool with an input schema, an output schema and annotations', async () => {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
  for (const t of tools) {
    expect([t.name, t.inputSchema.type, t.outputSchema?.type]).toEqual([t.name, 'object', 'object']);
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
      expect([t.name, hint, typeof t.annotations?.[hint]]).toEqual([t.name, hint, 'boolean']);
    }
    expect([t.name, t.annotations?.readOnlyHint]).toEqual([
      t.name,
      !/^(create|confirm|claim|verify|edit)_|^owner_(send|answer|select|accept|mark|review|set)|^pro_(send|request|propose|decline)/.test(
        t.name,
      ),
    ]);
  }
  const write = tools.find((t) => t.name === 'owner_send_message')!;
  expect(write.inputSchema.required).toEqual(expect.arrayContaining(['quoteId', 'content', 'opportunityId', 'ownerAccessToken']));
  expect(write.inputSchema.properties).toHaveProperty('confirm');
  const proWrite = tools.find((t) => t.name === 'pro_send_estimate')!;
  expect(proWrite.inputSchema.required).toEqual(
    expect.arrayContaining(['quoteId', 'proAccessToken', 'amount', 'description', 'validUntil']),
  );
  expect(proWrite.inputSchema.properties).toHaveProperty('confirm');
});

describe('directory tools answer exactly what REST answers', () => {
  const rest = async (path: string) => {
    const r = await svc.get(path);
    expect(r.status).toBe(200);
    return r.body;
  };

  test('search, and its next page by cursor', async () => {
    const first = await callOk(client, 'search_contractors', { q: 'diesel', state: 'FL', limit: 5 });
    expect(first.contractors.length).toBeGreaterThan(0);
    expect(first).toEqual((await rest('/api/v1/public/contractors/search?q=diesel&state=FL&limit=5')).data);
    const second = await callOk(client, 'search_contractors', { q: 'diesel', state: 'FL', limit: 5, cursor: first.nextCursor });
    expect(second).toEqual((await rest(`/api/v1/public/contractors/search?q=diesel&state=FL&limit=5&cursor=${first.nextCursor}`)).data);
    const paged = await callOk(client, 'search_contractors', { page: 2, limit: 3 });
    expect(paged).toEqual((await rest('/api/v1/public/contractors/search?page=2&limit=3')).data);
  });

  test('geo-search by point and by box', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query(
      'select latitude, longitude from app_public.contractors where is_active and latitude is not null order by id limit 1',
    );
    const point = await callOk(client, 'geo_search_contractors', { lat: c.latitude, lng: c.longitude, radiusMiles: 40, limit: 10 });
    expect(point.contractors.length).toBeGreaterThan(0);
    expect(point.contractors[0]).toHaveProperty('distanceMiles');
    expect(point).toEqual(
      (await rest(`/api/v1/public/contractors/geo-search?lat=${c.latitude}&lng=${c.longitude}&radiusMiles=40&limit=10`)).data,
    );
    const box = { minLat: c.latitude - 1, maxLat: c.latitude + 1, minLng: c.longitude - 1, maxLng: c.longitude + 1, minRating: 0 };
    const query = Object.entries(box)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    expect(await callOk(client, 'geo_search_contractors', box)).toEqual(
      (await rest(`/api/v1/public/contractors/geo-search?${query}`)).data,
    );
  });

  test('specialties, a profile by slug and by id, articles and blog posts', async () => {
    expect(await callOk(client, 'list_specialties')).toEqual((await rest('/api/v1/public/contractors/specialties')).data);
    const [pro] = await demoPros(svc, 1);
    const profile = await callOk(client, 'get_contractor', { slug: pro!.slug });
    expect(profile).toEqual((await rest(`/api/v1/public/contractors/${pro!.slug}`)).data);
    expect(await callOk(client, 'get_contractor', { id: pro!.id })).toEqual(profile);
    const articles = await callOk(client, 'list_articles', { limit: 2 });
    expect(articles).toEqual(await rest('/api/v1/public/articles?limit=2'));
    expect(await callOk(client, 'list_blog_posts', {})).toEqual(await rest('/api/v1/public/blog'));
  });

  test('refusals carry the REST status and message', async () => {
    // Beyond the schema's range (1..100), the SDK refuses before the tool runs; within it, a rule
    // that depends on another argument (page mode caps limit at 20) is REST's own refusal.
    expect(await callError(client, 'search_contractors', { limit: 500 })).toMatchObject({
      status: 400,
      error: expect.stringContaining('limit'),
    });
    const tooMany = await callError(client, 'search_contractors', { limit: 50, page: 1 });
    const r = await svc.get('/api/v1/public/contractors/search?limit=50&page=1');
    expect(r.status).toBe(400);
    expect(tooMany).toEqual({ success: false, status: 400, error: r.body.error, details: r.body.details });
    const missing = await callError(client, 'get_contractor', { slug: 'no-such-pro-anywhere' });
    const r404 = await svc.get('/api/v1/public/contractors/no-such-pro-anywhere');
    expect(missing).toEqual({
      success: false,
      status: 404,
      error: r404.body.error,
      ...(r404.body.details ? { details: r404.body.details } : {}),
    });
    expect((await callError(client, 'geo_search_contractors', { lat: 26 })).status).toBe(400);
    expect((await callError(client, 'get_contractor', {})).error).toBe('Give exactly one of slug or id');
  });
});

describe('the request flow and the owner tools', () => {
  /** A request made through the tool for two demo pros, and the code its e-mail brought. */
  async function createdViaTool(offset: number) {
    const pros = await demoPros(svc, 2, offset);
    const body = requestBody(await specialtySlug(svc), pros);
    const created = await callOk(client, 'create_service_request', body);
    const { code } = verificationOf(await verificationMail(sink, body.owner.email));
    return { pros, created, code };
  }

  // The owner tests' own Opportunity, confirmed through the tool (not the first test's).
  let opportunityId: string;
  let token: string;
  let quoteId: string;
  beforeAll(async () => {
    const { created, code } = await createdViaTool(20);
    const confirmed = await callOk(client, 'confirm_service_request', { requestId: created.requestId, verificationCode: code });
    ({ opportunityId, ownerAccessToken: token } = confirmed);
    quoteId = confirmed.quotes[0].quoteId;
  });

  test('create, a wrong code (401 as in REST), then the e-mailed code confirms', async () => {
    const { pros, created, code } = await createdViaTool(10);
    expect(created).toMatchObject({
      status: 'owner_verification_required',
      requestId: expect.any(String),
      source: 'demand-side-search-mcp',
    });
    expect(created.selectedPros).toHaveLength(2);

    const wrong = await callError(client, 'confirm_service_request', {
      requestId: created.requestId,
      verificationCode: code === '00000000' ? '11111111' : '00000000',
    });
    expect(wrong).toMatchObject({ success: false, status: 401 });
    expect((await callError(client, 'confirm_service_request', { requestId: created.requestId })).status).toBe(400);

    const confirmed = await callOk(client, 'confirm_service_request', { requestId: created.requestId, verificationCode: code });
    expect(confirmed).toEqual({
      status: 'created',
      requestId: created.requestId,
      opportunityId: expect.any(String),
      source: 'demand-side-search-mcp',
      ownerAccessToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      quotes: pros.map((p) => expect.objectContaining({ contractorSlug: p.slug })),
    });
    const again = await callOk(client, 'confirm_service_request', { requestId: created.requestId, verificationCode: code });
    expect(again).toEqual({ ...confirmed, status: 'already_confirmed', ownerAccessToken: undefined });
    expect(again).not.toHaveProperty('ownerAccessToken');
    const { rows } = await svc.db.pool.query('select count(*)::int as n from app_public.quotes where opportunity_id = $1', [
      confirmed.opportunityId,
    ]);
    expect(rows[0].n).toBe(2);
  });

  test('owner reads equal REST; a malformed token is the REST 401', async () => {
    const headers = { 'x-service-owner-access-token': token };
    for (const [tool, suffix] of [
      ['owner_get_opportunity', ''],
      ['owner_opportunity_status', '/status'],
      ['owner_visit_options', '/visit-options'],
    ]) {
      const viaRest = await svc.get(`${OWNER}/${opportunityId}${suffix}`, { headers });
      expect(await callOk(client, tool!, { ownerAccessToken: token, opportunityId })).toEqual(viaRest.body.data);
    }
    expect(await callOk(client, 'owner_list_opportunities', { ownerAccessToken: token })).toEqual(
      (await svc.get(OWNER, { headers })).body.data,
    );
    for (const page of [{}, { limit: 1 }]) {
      const viaRest = await svc.get(`${OWNER}/${opportunityId}/events?${new URLSearchParams(page as never)}`, { headers });
      expect(await callOk(client, 'owner_list_events', { ownerAccessToken: token, opportunityId, ...page })).toEqual(viaRest.body.data);
    }
    expect(await callError(client, 'owner_list_events', { ownerAccessToken: token, opportunityId, after: 'bogus' })).toMatchObject({
      status: 400,
    });
    expect(await callError(client, 'owner_get_opportunity', { ownerAccessToken: 'abc', opportunityId })).toEqual({
      success: false,
      status: 401,
      error: 'Invalid owner access token',
      details: 'An owner access token is 64 hexadecimal characters.',
    });
    expect((await callError(client, 'owner_get_opportunity', { ownerAccessToken: 'f'.repeat(64), opportunityId })).status).toBe(401);
  });

  const snapshot = async () =>
    (
      await svc.db.pool.query(`select md5(string_agg(t, '|' order by t)) as h from (
      select 'm' || x::text as t from app_public.quote_messages x union all select 'i' || x::text from app_public.info_requests x
      union all select 'v' || x::text from app_public.visits x union all select 'e' || x::text from app_public.estimates x
      union all select 'q' || x::text from app_public.quotes x union all select 'o' || x::text from app_public.opportunities x
      union all select 'r' || x::text from app_public.reviews x union all select 'ev' || x::text from app_public.request_events x) s`)
    ).rows[0].h;
  const messages = async () =>
    (
      await svc.db.pool.query(`select body from app_public.quote_messages where quote_id = $1 and author = 'owner' order by created_at`, [
        quoteId,
      ])
    ).rows.map((r) => r.body);

  /** The worker is still sending the confirmation's e-mails (and recording them): let it finish. */
  async function queueDrained(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await svc.db.pool.query('select count(*)::int as n from graphile_worker._private_jobs where run_at <= now()');
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the job queue did not drain');
  }

  test('an owner write without confirm: true writes nothing and returns the preview; with it, it writes', async () => {
    const args = { ownerAccessToken: token, opportunityId, quoteId, content: 'Can you come on Tuesday?' };
    await queueDrained();
    const before = await snapshot();
    const preview = await callOk(client, 'owner_send_message', args);
    expect(preview).toEqual({
      confirmationRequired: true,
      writesPerformed: false,
      action: 'send_message',
      detail: expect.objectContaining({ quoteId, content: args.content }),
    });
    expect(await callOk(client, 'owner_send_message', { ...args, confirm: false })).toEqual(preview);
    expect(await snapshot()).toBe(before);

    // The preview fails exactly as the write would.
    expect((await callError(client, 'owner_mark_complete', { ownerAccessToken: token, opportunityId, quoteId })).status).toBe(409);
    expect(await snapshot()).toBe(before);

    expect(await callOk(client, 'owner_send_message', { ...args, confirm: true })).toEqual({
      confirmationRequired: false,
      writesPerformed: true,
      opportunityId,
    });
    expect(await messages()).toEqual([args.content]);
    expect(await snapshot()).not.toBe(before);
  });
});

describe("the pro's side, driven by a pro agent (issue 26)", () => {
  const restRead = async (quoteId: string, token: string) =>
    svc.get(`${PRO}/${quoteId}`, { headers: { 'x-service-pro-access-token': token } });

  test('request -> pro e-mail -> a pro agent answers over MCP -> the owner schedules, accepts, completes and reviews', async () => {
    const loop = await requestToOnePro(svc, sink, 30);
    const pro = { proAccessToken: loop.link.token, quoteId: loop.link.quoteId };

    // The agent reads the request and its (empty) thread: what REST answers.
    const quote = await callOk(client, 'pro_get_quote', pro);
    expect(quote.request).toMatchObject({ description: loop.body.project.description, ownerFirstName: 'Olivia', awarded: false });
    expect(quote).toMatchObject({ quoteId: loop.link.quoteId, visits: [], estimates: [] });
    expect(quote).toEqual((await restRead(loop.link.quoteId, loop.link.token)).body.data);

    // Visit times: a preview writes nothing; confirmed, they are offered.
    const times = VISIT_TIMES.local.map((t) => `${t}:00${VISIT_TIMES.offset}`);
    const preview = await callOk(client, 'pro_propose_visit_times', { ...pro, times });
    expect(preview).toEqual({
      confirmationRequired: true,
      writesPerformed: false,
      action: 'propose_visit_times',
      detail: { quoteId: pro.quoteId, options: VISIT_INSTANTS },
    });
    expect((await callOk(client, 'pro_get_quote', pro)).visits).toEqual([]);
    expect(await callOk(client, 'pro_propose_visit_times', { ...pro, times, confirm: true })).toEqual({
      confirmationRequired: false,
      writesPerformed: true,
      quoteId: pro.quoteId,
      visitId: expect.any(String),
    });

    // The estimate: the preview says what would be sent; confirmed, it is.
    const estimate = { amount: Number(ESTIMATE.amount), description: ESTIMATE.description, validUntil: ESTIMATE.validUntil };
    expect(await callOk(client, 'pro_send_estimate', { ...pro, ...estimate })).toMatchObject({
      confirmationRequired: true,
      writesPerformed: false,
      action: 'submit_estimate',
      detail: { ...estimate, currency: ESTIMATE.currency, quoteId: pro.quoteId },
    });
    expect((await callOk(client, 'pro_get_quote', pro)).estimates).toEqual([]);
    const sent = await callOk(client, 'pro_send_estimate', { ...pro, ...estimate, confirm: true });
    expect(sent).toMatchObject({ writesPerformed: true, quoteId: pro.quoteId, estimateId: expect.any(String) });
    expect((await callOk(client, 'pro_get_quote', pro)).estimates).toMatchObject([
      { estimateId: sent.estimateId, amount: estimate.amount, currency: 'USD', status: 'submitted' },
    ]);
    // The thread's events, as REST lists them.
    const events = await callOk(client, 'pro_list_events', pro);
    expect(events.events.map((e: { type: string }) => e.type).slice(-2)).toEqual([
      'quote.visit_times_proposed',
      'quote.estimate_submitted',
    ]);
    expect(events).toEqual(
      (await svc.get(`${PRO}/${pro.quoteId}/events`, { headers: { 'x-service-pro-access-token': pro.proAccessToken } })).body.data,
    );

    // The owner over REST; the pro's side of the same thread is read by the agent over MCP.
    await ownerFinishes(svc, sink, loop, () => callOk(client, 'pro_get_quote', pro));
  });

  describe('a pro access token over MCP opens its one quote', () => {
    test("not the other pro's quote of the same request, nor another request's: 404, and nothing written", async () => {
      const { links } = await requestToPros(svc, sink, 2, 40);
      const [mine, theirs] = links as [(typeof links)[0], (typeof links)[0]];
      const other = (await requestToOnePro(svc, sink, 45)).link;
      for (const quoteId of [theirs.quoteId, other.quoteId]) {
        const read = await callError(client, 'pro_get_quote', { proAccessToken: mine.token, quoteId });
        const viaRest = await restRead(quoteId, mine.token);
        expect(viaRest.status).toBe(404);
        expect(read).toEqual({ success: false, status: 404, error: viaRest.body.error });
        // The preview fails as the write would, and the write does not happen.
        const message = { proAccessToken: mine.token, quoteId, content: 'Is this your boat?' };
        expect((await callError(client, 'pro_send_message', message)).status).toBe(404);
        expect((await callError(client, 'pro_send_message', { ...message, confirm: true })).status).toBe(404);
        expect((await callError(client, 'pro_decline', { proAccessToken: mine.token, quoteId, reason: 'x', confirm: true })).status).toBe(
          404,
        );
      }
      for (const link of [theirs, other]) {
        const thread = await callOk(client, 'pro_get_quote', { proAccessToken: link.token, quoteId: link.quoteId });
        expect([thread.conversation.messages, thread.quoteStatus]).toEqual([[], 'requested']);
      }
    });

    test('an unknown, malformed or owner token is the REST 401', async () => {
      const loop = await requestToOnePro(svc, sink, 50);
      const quoteId = loop.link.quoteId;
      const unknown = 'ab'.repeat(32);
      const viaRest = await restRead(quoteId, unknown);
      expect(viaRest.status).toBe(401);
      expect(await callError(client, 'pro_get_quote', { proAccessToken: unknown, quoteId })).toEqual({
        success: false,
        status: 401,
        error: viaRest.body.error,
        ...(viaRest.body.details === undefined ? {} : { details: viaRest.body.details }),
      });
      expect(await callError(client, 'pro_get_quote', { proAccessToken: 'abc', quoteId })).toMatchObject({
        status: 401,
        error: 'Invalid pro access token',
      });
      // The owner's token opens the owner's door only.
      const asOwner = { proAccessToken: loop.ownerAccessToken, quoteId, content: 'Hello from the owner?', confirm: true };
      expect((await callError(client, 'pro_send_message', asOwner)).status).toBe(401);
    });
  });
});

describe('admission on /mcp', () => {
  const initialize = (authorization?: string) =>
    fetch(new URL('/mcp', svc.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });

  test("an invalid API key is the REST 401; a valid one gets its tier's limit headers", async () => {
    const bad = 'Bearer svc_public_' + '0'.repeat(40);
    const viaMcp = await initialize(bad);
    const viaRest = await svc.get('/api/v1/public/contractors/specialties', { headers: { authorization: bad } });
    expect(viaMcp.status).toBe(401);
    expect(viaRest.status).toBe(401);
    expect(await viaMcp.json()).toEqual(viaRest.body);

    const reg = await svc.send('POST', '/api/agents/register', {
      firstName: 'Mia',
      lastName: 'Agent',
      email: 'mia.mcp@example.com',
      password: 'a long enough password',
    });
    const key = reg.body.data.credentials.apiKey as string;
    const ok = await initialize(`Bearer ${key}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-limit')).toBe('500');
    expect(Number(ok.headers.get('ratelimit-remaining'))).toBeLessThan(500);

    const keyed = await mcpClient(svc, key);
    try {
      expect((await callOk(keyed, 'list_specialties')).specialties.length).toBeGreaterThan(0);
    } finally {
      await keyed.close();
    }
    const anonymous = await initialize();
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('ratelimit-limit')).toBe('1000000');
  });

  const post = (body: unknown) =>
    fetch(new URL('/mcp', svc.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify(body),
    });
  const remaining = (r: Response) => Number(r.headers.get('ratelimit-remaining'));
  const ping = { jsonrpc: '2.0', id: 0, method: 'ping' };
  const search = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'search_contractors', arguments: { limit: 100 } },
  });

  test('a batch of 20 tool calls is refused (a JSON-RPC Invalid Request, HTTP 400) and counts once', async () => {
    const before = remaining(await post(ping));
    const batch = await post(Array.from({ length: 20 }, (_, i) => search(i + 1)));
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: BATCH_REFUSED }, id: null });
    expect(remaining(batch)).toBe(before - 1);
    // Even a batch of one: the revision the SDK negotiates by default has no batches.
    expect((await post([ping])).status).toBe(400);
    expect(remaining(await post(ping))).toBe(before - 3);
    // One call per POST still works, from the SDK client and raw.
    expect((await callOk(client, 'search_contractors', { q: 'diesel', limit: 5 })).contractors.length).toBeGreaterThan(0);
    const single = await post(search(1));
    expect(single.status).toBe(200);
    expect(((await single.json()) as any).result.structuredContent.contractors).toHaveLength(100);
  });

  test('a body over 100 kB is the REST 413', async () => {
    const r = await post({ ...search(1), params: { name: 'search_contractors', arguments: { q: 'x'.repeat(110_000) } } });
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ success: false, error: 'Request body too large' });
  });

  test('a NUL in a tool argument is the REST 400 naming it, as an isError result, counted', async () => {
    const nul = 'a\0b';
    expect(await callError(client, 'search_contractors', { q: nul })).toEqual({
      success: false,
      status: 400,
      error: "Invalid query parameter 'q': must not contain NUL bytes",
      details: expect.any(String),
    });
    expect((await callError(client, 'get_contractor', { slug: nul })).error).toBe(
      "Invalid path parameter 'slug': must not contain NUL bytes",
    );
    const body = requestBody(await specialtySlug(svc), []);
    expect((await callError(client, 'create_service_request', { ...body, owner: { ...body.owner, firstName: nul } })).error).toBe(
      "Invalid body field 'owner.firstName': must not contain NUL bytes",
    );
    expect(
      (
        await callError(client, 'owner_send_message', {
          opportunityId: 'x',
          ownerAccessToken: 'ab'.repeat(32),
          quoteId: nul,
          content: 'hi',
        })
      ).error,
    ).toBe("Invalid body field 'quoteId': must not contain NUL bytes");

    const before = remaining(await post(ping));
    const raw = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_contractors', arguments: { city: nul } },
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as any).result.isError).toBe(true);
    expect(remaining(raw)).toBe(before - 1);
  });

  test('GET and DELETE are 405 (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const r = await svc.get('/mcp', { method });
      expect([method, r.status, r.headers.get('allow')]).toEqual([method, 405, 'POST']);
    }
  });
});

test('an untrusted address cannot create or confirm requests through MCP either (the REST 403)', async () => {
  const untrusted = await startTestService({ TRUSTED_CLIENT_CIDRS: '10.0.0.0/8' });
  const c = await mcpClient(untrusted);
  try {
    const body = requestBody(await specialtySlug(untrusted), []);
    const refused = await callError(c, 'create_service_request', body);
    const viaRest = await untrusted.send('POST', '/api/v1/public/search-mcp/service-requests', body);
    expect(viaRest.status).toBe(403);
    expect(refused).toEqual({ success: false, status: 403, error: viaRest.body.error, details: viaRest.body.details });
    expect((await callError(c, 'confirm_service_request', { requestId: 'x', verificationCode: '12345678' })).status).toBe(403);
    const { rows } = await untrusted.db.pool.query('select count(*)::int as n from app_public.service_requests');
    expect(rows[0].n).toBe(0);
  } finally {
    await c.close();
    await untrusted.stop();
  }
});

test('over the rate limit, /mcp is a 429 with Retry-After, like REST', async () => {
  const limited = await startTestService({ RATE_LIMIT_ANONYMOUS: '2' });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await fetch(new URL('/mcp', limited.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await r.json()).toMatchObject({ success: false, error: 'Daily rate limit of 2 requests exceeded' });
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
  } finally {
    await limited.stop();
  }
});
