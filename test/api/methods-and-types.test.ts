// Every route answers a method it does not serve with 405 and Allow (owner routes included, with
// the whole path in the message), and a JSON route answers a body of another type with 415
// naming the types it reads.
import { buildDocument } from '../../src/openapi/document';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const doc = buildDocument('http://localhost');
const UUID = '00000000-0000-4000-8000-000000000000';
const concrete = (template: string) => template.replace(/\{slug\}/g, 'some-pro').replace(/\{[^}]+\}/g, UUID);
const TRIED = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every path with the methods it serves: the OpenAPI document's, and the rest of the service's. */
const routes: Array<[string, string[]]> = [
  ...Object.entries(doc.paths ?? {}).map(
    ([template, item]) => [concrete(template), Object.keys(item as object).map((m) => m.toUpperCase())] as [string, string[]],
  ),
  ...[
    '/healthz',
    '/readyz',
    '/developers/openapi.json',
    '/openapi.json',
    '/.well-known/agent.json',
    '/.well-known/agent-card.json',
    '/llms.txt',
    '/developers/quickstart.md',
    '/developers',
    '/developers/register',
    '/developers/owners',
    '/developers/assets/register.js',
  ].map((p) => [p, ['GET']] as [string, string[]]),
  ['/mcp', ['POST']],
];

test.each(routes)('%s: other methods are a 405 with Allow', async (path, served) => {
  const allowed = new Set(served.includes('GET') ? [...served, 'HEAD'] : served);
  for (const method of TRIED.filter((m) => !allowed.has(m))) {
    const r = await svc.get(path, { method });
    expect([method, r.status]).toEqual([method, 405]);
    const allow = (r.headers.get('allow') ?? '').split(/,\s*/).sort();
    expect([method, allow]).toEqual([method, [...allowed].sort()]);
  }
});

test('owner routes: 405 names the whole path; an unknown one is a 404 that does too', async () => {
  const base = '/api/v1/public/search-mcp/owner/opportunities';
  const put = await svc.get(`${base}/${UUID}`, { method: 'PUT' });
  expect(put.status).toBe(405);
  expect(put.body).toEqual({ success: false, error: 'Method not allowed', details: `${base}/${UUID} accepts GET, HEAD` });
  const unknown = await svc.get(`${base}/${UUID}/nothing-here`);
  expect(unknown.status).toBe(404);
  expect(unknown.body.details).toBe(`No operation at GET ${base}/${UUID}/nothing-here`);
});

describe('415 for a body of another type', () => {
  const bodied = Object.entries(doc.paths ?? {}).flatMap(([template, item]) =>
    Object.entries(item as Record<string, { requestBody?: { content: Record<string, unknown> } }>)
      .filter(([, op]) => op.requestBody)
      .map(([method, op]) => [method.toUpperCase(), concrete(template), Object.keys(op.requestBody!.content)] as const),
  );

  test('the document lists the operations that read a body', () => {
    expect(bodied.length).toBeGreaterThanOrEqual(10);
  });

  test.each(bodied)('%s %s', async (method, path, types) => {
    for (const contentType of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const r = await svc.get(path, { method, headers: { 'content-type': contentType }, body: '{"firstName":"A"}' });
      expect([contentType, r.status]).toEqual([contentType, 415]);
      expect(r.headers.get('accept-post')).toBe(types.join(', '));
      expect(r.body).toEqual({ success: false, error: 'Unsupported media type', details: expect.stringContaining(types[0]!) });
    }
    // The right type with a body of the wrong shape is still validation's 400, not a 415.
    const wrongShape = await svc.get(path, { method, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '"text"' });
    expect(wrongShape.status).not.toBe(415);
  });

  test('a body without any Content-Type is a 415 too', async () => {
    const r = await svc.get('/api/agents/register', { method: 'POST', body: new Uint8Array(Buffer.from('{"a":1}')) });
    expect(r.status).toBe(415);
  });

  test("no body at all is not a 415: whether a body is needed is the operation's rule", async () => {
    const r = await svc.get('/api/v1/user-api-keys', { method: 'POST' });
    expect(r.status).toBe(401);
  });

  test('/mcp: a body that is not JSON is a 415', async () => {
    const r = await svc.get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(r.status).toBe(415);
  });
});
