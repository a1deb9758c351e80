// CORS (DESIGN.md, "CORS"): the public API, /mcp and the discovery documents answer any origin,
// with no credentials; preflights are 204 and not counted; pages for people (the portal, the
// confirm page) carry no CORS headers.
import { requestBody, REQUESTS, specialtySlug } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const ORIGIN = 'https://app.example.org';
const SEARCH = '/api/v1/public/contractors/search?limit=1';
const OWNER_WRITE = '/api/v1/public/search-mcp/owner/opportunities/00000000-0000-4000-8000-000000000000/messages';

const preflight = (path: string, method: string, headers: string) =>
  fetch(svc.url + path, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
const list = (value: string | null) => (value ?? '').toLowerCase().split(/,\s*/);

test.each([
  [SEARCH, 'GET', 'authorization'],
  [OWNER_WRITE, 'POST', 'content-type,x-service-owner-access-token'],
  ['/api/agents/register', 'POST', 'content-type'],
  ['/api/v1/user-api-keys/00000000-0000-4000-8000-000000000000', 'DELETE', 'authorization'],
  ['/mcp', 'POST', 'content-type,authorization,mcp-protocol-version'],
  ['/api/v1/pro/listing/edits', 'POST', 'content-type,x-service-listing-access-token'],
  ['/api/v1/pro/quotes/00000000-0000-4000-8000-000000000000', 'GET', 'x-service-pro-access-token'],
])('preflight %s (%s): 204, any origin, the headers the API reads, no credentials', async (path, method, headers) => {
  const r = await preflight(path, method, headers);
  expect(r.status).toBe(204);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  expect(list(r.headers.get('access-control-allow-methods'))).toContain(method.toLowerCase());
  expect(list(r.headers.get('access-control-allow-headers'))).toEqual(
    expect.arrayContaining(['authorization', 'content-type', 'x-service-owner-access-token']),
  );
  for (const h of headers.split(',')) expect(list(r.headers.get('access-control-allow-headers'))).toContain(h);
  expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  expect(Number(r.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  expect(await r.text()).toBe('');
});

test('preflights are not admitted: they spend no request of the quota and carry no rate-limit headers', async () => {
  const before = await svc.get(SEARCH, { headers: { origin: ORIGIN } });
  for (let i = 0; i < 3; i++) {
    const p = await preflight(SEARCH, 'GET', 'authorization');
    expect(p.headers.get('ratelimit-remaining')).toBeNull();
  }
  const after = await svc.get(SEARCH, { headers: { origin: ORIGIN } });
  expect(Number(after.headers.get('ratelimit-remaining'))).toBe(Number(before.headers.get('ratelimit-remaining')) - 1);
});

test('responses, errors included, can be read by any origin, with RateLimit-* and Retry-After exposed', async () => {
  for (const [path, status] of [
    [SEARCH, 200],
    ['/api/v1/public/contractors/no-such-pro', 404],
    ['/api/v1/public/contractors/search?limit=0', 400],
    ['/api/account/me', 200],
  ] as const) {
    const r = await svc.get(path, { headers: { origin: ORIGIN } });
    expect([path, r.status, r.headers.get('access-control-allow-origin')]).toEqual([path, status, '*']);
    expect(list(r.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']),
    );
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  }
});

test('a 429 can be read too, Retry-After included', async () => {
  const limited = await startTestService({ RATE_LIMIT_ANONYMOUS: '1' });
  try {
    await limited.get(SEARCH);
    const r = await limited.get(SEARCH, { headers: { origin: ORIGIN } });
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([429, '*']);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(list(r.headers.get('access-control-expose-headers'))).toContain('retry-after');
  } finally {
    await limited.stop();
  }
});

test.each(['/developers/openapi.json', '/openapi.json', '/.well-known/agent-card.json', '/.well-known/agent.json', '/llms.txt'])(
  'discovery document %s: any origin',
  async (path) => {
    const r = await svc.get(path, { headers: { origin: ORIGIN } });
    expect([r.status, r.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
  },
);

describe('pages for people keep their strict policies', () => {
  test.each(['/developers', '/developers/register', '/developers/console', '/developers/owners', '/developers/assets/register.js'])(
    '%s: no CORS headers, and no preflight',
    async (path) => {
      const r = await svc.get(path, { headers: { origin: ORIGIN } });
      expect(r.status).toBe(200);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      const p = await preflight(path, 'GET', 'authorization');
      expect([p.status, p.headers.get('access-control-allow-origin')]).toEqual([405, null]);
    },
  );

  test('the confirm page (GET) and the answer to its form post are HTML no other origin may read; a JSON confirm is API', async () => {
    const specialty = await specialtySlug(svc);
    const draft = await svc.send('POST', REQUESTS, requestBody(specialty, []));
    const id = draft.body.data.requestId as string;
    const page = await svc.get(`${REQUESTS}/${id}/confirm?token=${'0'.repeat(64)}`, { headers: { origin: ORIGIN } });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const form = await svc.get(`${REQUESTS}/${id}/confirm`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: `verificationToken=${'0'.repeat(64)}`,
    });
    expect(form.headers.get('content-type')).toContain('text/html');
    expect([form.status, form.headers.get('access-control-allow-origin')]).toEqual([401, null]);
    const json = await svc.get(`${REQUESTS}/${id}/confirm`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ verificationCode: '12345678' }),
    });
    expect([json.status, json.headers.get('access-control-allow-origin')]).toEqual([401, '*']);
  });
});
