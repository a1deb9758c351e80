// Webhook deliveries end to end: the real API and job worker, a real receiver on 127.0.0.1
// (allowed by WEBHOOK_ALLOWED_PRIVATE_CIDRS), every delivery verified with the standardwebhooks
// package as an agent's receiver would; order, a receiver failing then recovering, the
// deliveries log, the same webhook-id on every retry, the test event, and disabling with an
// e-mail. Then the sender alone: what it refuses (a public name resolving to a private address,
// localhost, redirects) and its bounds (timeout, answer size).
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookSender } from '../../worker/webhook-sender';
import { demoPros, REQUESTS, requestBody, specialtySlug, verificationMail, verificationOf } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { SmtpSink } from '../helpers/smtp';
import { WebhookReceiver, type ReceivedHook } from '../helpers/webhook-receiver';

const BASE = '/api/v1/webhook-endpoints';
let sink: SmtpSink;
let svc: TestService;
let receiver: WebhookReceiver;
let specialty: string;
let shared: string[];

beforeAll(async () => {
  sink = await new SmtpSink().start();
  receiver = await new WebhookReceiver().start();
  svc = await startTestService({ SMTP_URL: sink.url, RUN_WORKER: 'true', WEBHOOK_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8' });
  specialty = await specialtySlug(svc);
  shared = (await svc.db.pool.query('select type from app_public.event_types where shared order by type')).rows.map((r) => r.type);
});
afterAll(async () => {
  await svc.stop();
  await receiver.stop();
  await sink.stop();
});

let n = 0;
/** A new account with an endpoint at the receiver's `path`: its key, e-mail and endpoint. */
async function accountWithEndpoint(path: string) {
  const email = `hooks-e2e${++n}@example.com`;
  const reg = await svc.send('POST', '/api/agents/register', {
    firstName: 'Hook',
    lastName: 'Agent',
    email,
    password: 'a long enough password',
  });
  const key = reg.body.data.credentials.apiKey as string;
  const created = await svc.send('POST', BASE, { url: `${receiver.url}${path}` }, key);
  expect(created.status).toBe(201);
  return { key, email, endpoint: created.body.data as { id: string; secret: string } };
}

/** A service request sent with `key`, so its events go to that account's endpoints. */
async function requestOf(key: string): Promise<string> {
  const r = await svc.send('POST', REQUESTS, requestBody(specialty, []), key);
  expect(r.status).toBe(201);
  return r.body.data.requestId;
}

async function recordEvent(type: string, requestId: string, detail: object): Promise<string> {
  const { rows } = await svc.db.pool.query('select (app_private.record_event($1, $2, null, null, $3)).id as id', [type, requestId, detail]);
  return `evt_${rows[0].id}`;
}

/** What a receiver does first: verify the signature (throws if it is wrong), then parse. */
function verified(secret: string, hook: ReceivedHook): { type: string; timestamp: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(hook.body, hook.headers) as never;
}

test('deliveries are signed per Standard Webhooks and arrive in event order', async () => {
  const { key, endpoint } = await accountWithEndpoint('/ordered');
  const requestId = await requestOf(key);
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push(await recordEvent(shared[i % shared.length]!, requestId, { step: i }));
  const hooks = await receiver.waitFor((h) => h.path === '/ordered', 3);
  expect(hooks.map((h) => h.headers['webhook-id'])).toEqual(ids);
  for (const [i, hook] of hooks.entries()) {
    const body = verified(endpoint.secret, hook);
    expect(body).toEqual({
      type: shared[i % shared.length],
      timestamp: expect.any(String),
      data: expect.objectContaining({ id: ids[i], type: shared[i % shared.length], requestId, data: { step: i } }),
    });
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['webhook-signature']).toMatch(/^v1,/);
  }
  // Another secret does not verify it.
  const other = await accountWithEndpoint('/other');
  expect(() => verified(other.endpoint.secret, hooks[0]!)).toThrow();
  expect(receiver.received.filter((h) => h.path === '/other')).toEqual([]);
});

test("the request flow's own events reach the endpoint of the account whose key sent the request", async () => {
  const { key, endpoint } = await accountWithEndpoint('/flow');
  const body = requestBody(specialty, await demoPros(svc, 1));
  const created = await svc.send('POST', REQUESTS, body, key);
  expect(created.status).toBe(201);
  const requestId = created.body.data.requestId;
  const { code } = verificationOf(await verificationMail(sink, body.owner.email));
  expect((await svc.send('POST', `${REQUESTS}/${requestId}/confirm`, { verificationCode: code })).status).toBe(200);
  // Verified (with the Opportunity), then the pro contacted once its e-mail went out.
  const hooks = await receiver.waitFor((h) => h.path === '/flow', 2);
  const events = hooks.map((h) => verified(endpoint.secret, h));
  expect(events.map((e) => e.type)).toEqual(['request.verified', 'quote.pro_contacted']);
  expect(events[0]!.data).toMatchObject({ requestId, opportunityId: expect.any(String) });
  expect(events[1]!.data).toMatchObject({ opportunityId: events[0]!.data.opportunityId, quoteId: expect.any(String) });
  // request.created and the verification e-mail's events are not shared: never delivered.
  await new Promise((r) => setTimeout(r, 1000));
  expect(receiver.received.filter((h) => h.path === '/flow')).toHaveLength(2);
});

test('a receiver answering 500 for a while loses nothing: retried with the same webhook-id, in order, and logged', async () => {
  const { key, endpoint } = await accountWithEndpoint('/flaky');
  const requestId = await requestOf(key);
  let failures = 0;
  receiver.answer = (h) => (h.path === '/flaky' && failures++ < 2 ? 500 : 204);
  try {
    const first = await recordEvent(shared[0]!, requestId, { n: 1 });
    const second = await recordEvent(shared[1]!, requestId, { n: 2 });
    const hooks = await receiver.waitFor((h) => h.path === '/flaky' && h.status === 204, 2);
    const all = receiver.received.filter((h) => h.path === '/flaky');
    // The first event was tried until it was taken; the second never went before it.
    expect(all.map((h) => [h.headers['webhook-id'], h.status])).toEqual([
      [first, 500],
      [first, 500],
      [first, 204],
      [second, 204],
    ]);
    for (const hook of all) verified(endpoint.secret, hook);
    // A retry is recognisable: the same webhook-id, a new timestamp and signature.
    expect(new Set(all.slice(0, 3).map((h) => h.headers['webhook-id'])).size).toBe(1);
    expect(hooks.map((h) => verified(endpoint.secret, h).data.id)).toEqual([first, second]);
    const log = await svc.send('GET', `${BASE}/${endpoint.id}/deliveries`, undefined, key);
    expect(log.status).toBe(200);
    expect(log.body.data.pending).toBe(0);
    expect(log.body.data.endpoint.status).toBe('active');
    expect(log.body.data.attempts.map((a: any) => [a.webhookId, a.delivered, a.statusCode, a.error])).toEqual([
      [second, true, 204, null],
      [first, true, 204, null],
      [first, false, 500, 'HTTP 500'],
      [first, false, 500, 'HTTP 500'],
    ]);
  } finally {
    receiver.answer = 204;
  }
});

test('POST …/test delivers a signed webhook.test event', async () => {
  const { key, endpoint } = await accountWithEndpoint('/test');
  const queued = await svc.send('POST', `${BASE}/${endpoint.id}/test`, undefined, key);
  expect(queued.status).toBe(202);
  const [hook] = await receiver.waitFor((h) => h.path === '/test');
  expect(hook!.headers['webhook-id']).toBe(queued.body.data.webhookId);
  expect(verified(endpoint.secret, hook!)).toMatchObject({
    type: 'webhook.test',
    data: { id: queued.body.data.webhookId, type: 'webhook.test' },
  });
  const log = await svc.send('GET', `${BASE}/${endpoint.id}/deliveries`, undefined, key);
  expect(log.body.data.attempts).toEqual([
    expect.objectContaining({ webhookId: queued.body.data.webhookId, eventType: 'webhook.test', delivered: true }),
  ]);
});

test('an endpoint failing for three days is disabled and its account e-mailed', async () => {
  const { key, email, endpoint } = await accountWithEndpoint('/down');
  const requestId = await requestOf(key);
  receiver.answer = (h) => (h.path === '/down' ? 503 : 204);
  try {
    await svc.db.pool.query("update app_public.webhook_endpoints set failing_since = now() - interval '3 days' where id = $1", [
      endpoint.id,
    ]);
    await recordEvent(shared[0]!, requestId, {});
    const [mail] = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes('webhook'));
    expect(mail!.text).toContain(`${receiver.url}/down`);
    const listed = await svc.send('GET', BASE, undefined, key);
    expect(listed.body.data.endpoints[0]).toMatchObject({ id: endpoint.id, status: 'disabled' });
    const attempts = receiver.received.filter((h) => h.path === '/down').length;
    await recordEvent(shared[0]!, requestId, {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.filter((h) => h.path === '/down')).toHaveLength(attempts);
  } finally {
    receiver.answer = 204;
  }
});

describe('the sender alone', () => {
  const delivery = (url: string) => ({ url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4tQ1h7yJ5wE=', webhookId: 'evt_1', body: '{}' });
  /** A resolver for which every name is 127.0.0.1: a public-looking name pointing at a private address. */
  const toLoopback: LookupFunction = ((_host: string, options: { all?: boolean }, cb: (...a: unknown[]) => void) =>
    options.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)) as LookupFunction;
  const port = () => new URL(receiver.url).port;
  const bounds = { timeoutMs: 1500, maxResponseBytes: 1024 };

  test('a public name resolving to a private address is refused, unless that range is allowed', async () => {
    const strict = webhookSender({ allowedPrivateCidrs: [], ...bounds, lookup: toLoopback });
    const allowed = webhookSender({ allowedPrivateCidrs: ['127.0.0.0/8'], ...bounds, lookup: toLoopback });
    try {
      for (const url of [
        `https://hooks.example.com:${port()}/x`,
        `http://hooks.example.com:${port()}/x`,
        `https://127.0.0.1:${port()}/x`,
      ]) {
        const refused = await strict.send(delivery(url));
        expect([url, refused.statusCode, refused.error]).toEqual([
          url,
          null,
          expect.stringMatching(/not allowed|only to WEBHOOK_ALLOWED_PRIVATE_CIDRS/),
        ]);
      }
      expect(receiver.received.filter((h) => h.path === '/x')).toEqual([]);
      const ok = await allowed.send(delivery(`http://hooks.example.com:${port()}/x`));
      expect(ok).toEqual({ statusCode: 204, error: null, durationMs: expect.any(Number) });
      // http to a public address is never sent, allowed ranges or not.
      const publicHttp = await allowed.send(delivery('http://93.184.215.14/x'));
      expect(publicHttp.error).toMatch(/only to WEBHOOK_ALLOWED_PRIVATE_CIDRS/);
    } finally {
      strict.close();
      allowed.close();
    }
  });

  test('localhost is refused with the system resolver', async () => {
    const strict = webhookSender({ allowedPrivateCidrs: [], ...bounds });
    try {
      for (const url of [`https://localhost:${port()}/y`, `http://localhost:${port()}/y`]) {
        expect((await strict.send(delivery(url))).statusCode).toBeNull();
      }
      expect(receiver.received.filter((h) => h.path === '/y')).toEqual([]);
    } finally {
      strict.close();
    }
  });

  test('redirects are not followed, a silent receiver times out, a long answer is cut', async () => {
    let hits = 0;
    const server = http.createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') res.writeHead(302, { location: '/elsewhere' }).end();
      else if (req.url === '/silent') return;
      else res.writeHead(200).end('x'.repeat(1_000_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sender = webhookSender({ allowedPrivateCidrs: ['127.0.0.0/8'], ...bounds });
    try {
      expect(await sender.send(delivery(`${base}/redirect`))).toMatchObject({
        statusCode: 302,
        error: 'HTTP 302 (redirects are not followed)',
      });
      expect(hits).toBe(1);
      const silent = await sender.send(delivery(`${base}/silent`));
      expect(silent).toMatchObject({ statusCode: null, error: 'no answer within 1500 ms' });
      expect(silent.durationMs).toBeLessThan(5000);
      expect(await sender.send(delivery(`${base}/long`))).toMatchObject({ statusCode: 200, error: null });
    } finally {
      sender.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
