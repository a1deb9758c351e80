// The webhook endpoints over HTTP: every path, its errors, another account's endpoint (404), and
// URLs to private, loopback and link-local addresses refused without WEBHOOK_ALLOWED_PRIVATE_CIDRS.
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const BASE = '/api/v1/webhook-endpoints';
// A public address (no name to resolve, so the test needs no DNS).
const PUBLIC_URL = 'https://93.184.215.14/hooks/marine';

let n = 0;
async function key(): Promise<string> {
  const r = await svc.send('POST', '/api/agents/register', {
    firstName: 'Hook',
    lastName: 'Tester',
    email: `webhooks${++n}@example.com`,
    password: 'a long enough password',
  });
  expect(r.status).toBe(200);
  return r.body.data.credentials.apiKey;
}

describe('POST /api/v1/webhook-endpoints', () => {
  test('201 with the endpoint and its secret, shown once; GET lists it without the secret', async () => {
    const k = await key();
    const r = await svc.send('POST', BASE, { url: PUBLIC_URL, events: ['quote.estimate_submitted'] }, k);
    expect(r.status).toBe(201);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        url: PUBLIC_URL,
        events: ['quote.estimate_submitted'],
        status: 'active',
        createdAt: expect.any(String),
        failingSince: null,
        disabledAt: null,
        secret: expect.stringMatching(/^whsec_/),
      },
    });
    const list = await svc.send('GET', BASE, undefined, k);
    expect(list.status).toBe(200);
    const { secret: _secret, ...shown } = r.body.data;
    expect(list.body).toEqual({ success: true, data: { endpoints: [shown] } });
    expect(JSON.stringify(list.body)).not.toContain(r.body.data.secret);
  });

  test('401 without a key; 400 for a body without a URL; 415 for a body that is not JSON', async () => {
    expect((await svc.send('POST', BASE, { url: PUBLIC_URL })).status).toBe(401);
    expect((await svc.send('GET', BASE)).status).toBe(401);
    const k = await key();
    const missing = await svc.send('POST', BASE, {}, k);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContain('url');
    expect((await svc.send('POST', BASE, { url: 'not a url' }, k)).status).toBe(400);
    expect((await svc.send('POST', BASE, { url: PUBLIC_URL, events: [] }, k)).status).toBe(400);
    const unknown = await svc.send('POST', BASE, { url: PUBLIC_URL, events: ['no.such_event'] }, k);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toMatch(/^events\[0\]/);
    const text = await svc.get(BASE, {
      method: 'POST',
      body: 'url=x',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${k}` },
    });
    expect(text.status).toBe(415);
  });

  test('refuses http, credentials in the URL, and every private, loopback or link-local address', async () => {
    const k = await key();
    for (const url of [
      'http://93.184.215.14/hook',
      'https://user:pw@93.184.215.14/hook',
      'https://127.0.0.1/hook',
      'https://localhost:8443/hook',
      'https://[::1]/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://172.16.5.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0.0.0.0/hook',
      'https://no-such-host.invalid/hook',
    ]) {
      const r = await svc.send('POST', BASE, { url }, k);
      expect([url, r.status, r.body.success]).toEqual([url, 400, false]);
      expect(r.body.details).toMatch(/^url: /);
    }
    expect((await svc.send('GET', BASE, undefined, k)).body.data.endpoints).toEqual([]);
  });

  test('409 past five endpoints per account', async () => {
    const k = await key();
    for (let i = 0; i < 5; i++) expect((await svc.send('POST', BASE, { url: `${PUBLIC_URL}/${i}` }, k)).status).toBe(201);
    const r = await svc.send('POST', BASE, { url: `${PUBLIC_URL}/6` }, k);
    expect(r.status).toBe(409);
    expect(r.body.error).toContain('limit');
  });
});

describe('one endpoint', () => {
  test('DELETE, deliveries and test answer 404 to another account and 400 to a malformed id', async () => {
    const [mine, theirs] = [await key(), await key()];
    const { id } = (await svc.send('POST', BASE, { url: PUBLIC_URL }, mine)).body.data;
    for (const [method, path] of [
      ['DELETE', `${BASE}/${id}`],
      ['GET', `${BASE}/${id}/deliveries`],
      ['POST', `${BASE}/${id}/test`],
    ] as const) {
      const r = await svc.send(method, path, undefined, theirs);
      expect([method, path, r.status, r.body.error]).toEqual([method, path, 404, 'Webhook endpoint not found']);
      expect((await svc.send(method, path.replace(id, 'nope'), undefined, mine)).status).toBe(400);
      expect((await svc.send(method, path)).status).toBe(401);
    }
    expect((await svc.send('GET', BASE, undefined, theirs)).body.data.endpoints).toEqual([]);
    expect((await svc.send('GET', BASE, undefined, mine)).body.data.endpoints.map((e: { id: string }) => e.id)).toEqual([id]);
  });

  test('GET …/deliveries shows the log; POST …/test queues a test (202); DELETE removes it (then 404)', async () => {
    const k = await key();
    const { id } = (await svc.send('POST', BASE, { url: PUBLIC_URL }, k)).body.data;
    const empty = await svc.send('GET', `${BASE}/${id}/deliveries`, undefined, k);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ endpoint: expect.objectContaining({ id, status: 'active' }), pending: 0, attempts: [] });
    expect((await svc.send('GET', `${BASE}/${id}/deliveries?limit=0`, undefined, k)).status).toBe(400);
    expect((await svc.send('GET', `${BASE}/${id}/deliveries?limit=201`, undefined, k)).status).toBe(400);
    expect((await svc.send('GET', `${BASE}/${id}/deliveries?limit=5`, undefined, k)).status).toBe(200);
    const test = await svc.send('POST', `${BASE}/${id}/test`, undefined, k);
    expect(test.status).toBe(202);
    expect(test.body.data).toEqual({ webhookId: expect.stringMatching(/^evt_test_/), type: 'webhook.test', queuedAt: expect.any(String) });
    const gone = await svc.send('DELETE', `${BASE}/${id}`, undefined, k);
    expect(gone.status).toBe(200);
    expect(gone.body.data.id).toBe(id);
    expect((await svc.send('DELETE', `${BASE}/${id}`, undefined, k)).status).toBe(404);
    expect((await svc.send('GET', `${BASE}/${id}/deliveries`, undefined, k)).status).toBe(404);
  });

  test('other methods are 405 with Allow', async () => {
    const k = await key();
    const r = await svc.send('PUT', BASE, {}, k);
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('POST');
  });
});
