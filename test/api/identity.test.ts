// Agents, keys, tiers and rate limits over HTTP.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestService, type TestService } from '../helpers/server';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

let svc: TestService;
const logs: string[] = [];
beforeAll(async () => {
  // The spec's own limits (500 per public key) for this file, and every log line kept.
  svc = await startTestService({ RATE_LIMIT_PUBLIC: '500', LOG_LEVEL: 'trace' }, { captureLogs: logs });
});
afterAll(() => svc.stop());

let n = 0;
const PASSWORD = 'a long enough password';
async function register(overrides: Record<string, unknown> = {}) {
  return svc.send('POST', '/api/agents/register', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace${++n}@example.com`,
    password: PASSWORD,
    purpose: 'testing',
    ...overrides,
  });
}
const search = (key?: string) => svc.send('GET', '/api/v1/public/contractors/search?limit=1', undefined, key);

describe('POST /api/agents/register', () => {
  test('returns the agent and its credentials; the key works on search and counts against itself', async () => {
    const r = await register();
    expect(r.status).toBe(200);
    const { agent, credentials } = r.body.data;
    expect(r.body.success).toBe(true);
    expect(agent).toEqual({
      id: expect.any(String),
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace${n}@example.com`,
      isAdmin: false,
      isAgent: true,
    });
    expect(credentials).toEqual({
      email: agent.email,
      apiKey: expect.stringMatching(/^svc_public_[0-9a-f]{40}$/),
      apiKeyPrefix: expect.any(String),
      apiBase: expect.stringMatching(/\/api\/v1\/public$/),
      howToUse: expect.stringContaining('Bearer'),
    });
    expect(credentials.apiKey.startsWith(credentials.apiKeyPrefix)).toBe(true);
    expect(credentials.apiKeyPrefix.length).toBeLessThan(credentials.apiKey.length - 20);

    const first = await search(credentials.apiKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('500');
    expect(first.headers.get('ratelimit-remaining')).toBe('499');
    const second = await search(credentials.apiKey);
    expect(second.headers.get('ratelimit-remaining')).toBe('498');
    expect(Number(second.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  });

  test('an e-mail already registered, in another letter case: 409', async () => {
    const r = await register({ email: 'Same.Person@Example.com' });
    expect(r.status).toBe(200);
    const again = await register({ email: 'same.person@example.COM' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'A user with this e-mail already exists' });
  });

  test.each([
    ['a password of 9 characters', { password: '123456789' }, 'password'],
    ['a missing first name', { firstName: undefined }, 'firstName'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a number for a name', { lastName: 42 }, 'lastName'],
    ['a line break in a name', { firstName: 'Dana\nSupport team' }, 'firstName'],
    ['a bidirectional override in a name', { lastName: 'Pro \u202eevil' }, 'lastName'],
  ])('%s: 400 naming the field', async (_name, overrides, field) => {
    const r = await register(overrides);
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(field);
  });

  test('a password of exactly 10 characters is enough', async () => {
    expect((await register({ password: '1234567890' })).status).toBe(200);
  });
});

describe('GET /api/account/me', () => {
  test('data is null without a key, the account with one', async () => {
    expect((await svc.get('/api/account/me')).body).toEqual({ success: true, data: null });
    const { credentials, agent } = (await register()).body.data;
    const me = await svc.send('GET', '/api/account/me', undefined, credentials.apiKey);
    expect(me.body).toEqual({ success: true, data: { ...agent, canMintAdminKeys: false } });
  });

  test('after `npm run admin -- promote`, new keys are svc_live_ and the old key keeps public limits', async () => {
    const { credentials } = (await register()).body.data;
    const out = await run(process.execPath, [path.join(ROOT, 'dist/scripts/admin.js'), 'promote', credentials.email.toUpperCase()], {
      env: { ...process.env, DATABASE_URL: svc.db.url },
    });
    expect(out.stdout).toBe(`${credentials.email}: admin tier: true\n`);
    const me = await svc.send('GET', '/api/account/me', undefined, credentials.apiKey);
    expect(me.body.data).toMatchObject({ isAdmin: true, canMintAdminKeys: true });
    const minted = await svc.send('POST', '/api/v1/user-api-keys', { name: 'live one' }, credentials.apiKey);
    expect(minted.status).toBe(201);
    expect(minted.body.data).toEqual({
      id: expect.any(String),
      name: 'live one',
      prefix: expect.stringMatching(/^svc_live_/),
      tier: 'admin',
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      apiKey: expect.stringMatching(/^svc_live_[0-9a-f]{40}$/),
    });
    expect((await search(minted.body.data.apiKey)).headers.get('ratelimit-limit')).toBe('10000');
    expect((await search(credentials.apiKey)).headers.get('ratelimit-limit')).toBe('500');

    const demote = await run(process.execPath, [path.join(ROOT, 'dist/scripts/admin.js'), 'demote', credentials.email], {
      env: { ...process.env, DATABASE_URL: svc.db.url },
    });
    expect(demote.stdout).toBe(`${credentials.email}: admin tier: false\n`);
  });

  test('promoting an unknown e-mail fails with a message', async () => {
    await expect(
      run(process.execPath, [path.join(ROOT, 'dist/scripts/admin.js'), 'promote', 'nobody@example.com'], {
        env: { ...process.env, DATABASE_URL: svc.db.url },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No user with this e-mail') });
  });
});

describe('/api/v1/user-api-keys', () => {
  test("a non-admin's third active key is a 409 naming the limit; after revoking one, minting works", async () => {
    const { credentials } = (await register()).body.data;
    const second = await svc.send('POST', '/api/v1/user-api-keys', { name: 'second' }, credentials.apiKey);
    expect(second.status).toBe(201);
    expect(second.body.data.apiKey).toMatch(/^svc_public_/);
    const third = await svc.send('POST', '/api/v1/user-api-keys', { name: 'third' }, credentials.apiKey);
    expect(third.status).toBe(409);
    expect(third.body.error).toContain('2');

    const list = await svc.send('GET', '/api/v1/user-api-keys', undefined, credentials.apiKey);
    expect(list.body.data.keys.map((k: { name: string }) => k.name)).toEqual(['Initial key', 'second']);
    expect(JSON.stringify(list.body)).not.toContain(credentials.apiKey.slice(20));

    const revoked = await svc.send('DELETE', `/api/v1/user-api-keys/${second.body.data.id}`, undefined, credentials.apiKey);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).toEqual(expect.any(String));
    expect((await search(second.body.data.apiKey)).status).toBe(401);
    expect((await svc.send('POST', '/api/v1/user-api-keys', {}, credentials.apiKey)).status).toBe(201);
  });

  test('without a key: 401; revoking an unknown or foreign key: 404; a bad id: 400', async () => {
    expect((await svc.send('POST', '/api/v1/user-api-keys', { name: 'x' })).status).toBe(401);
    expect((await svc.get('/api/v1/user-api-keys')).status).toBe(401);
    const a = (await register()).body.data.credentials;
    const b = (await register()).body.data.credentials;
    const bKeys = await svc.send('GET', '/api/v1/user-api-keys', undefined, b.apiKey);
    expect((await svc.send('DELETE', `/api/v1/user-api-keys/${bKeys.body.data.keys[0].id}`, undefined, a.apiKey)).status).toBe(404);
    expect((await svc.send('DELETE', '/api/v1/user-api-keys/not-a-uuid', undefined, a.apiKey)).status).toBe(400);
  });
});

describe('invalid keys are 401, never silently anonymous', () => {
  test.each([
    ['an unknown key', `Bearer svc_public_${'0'.repeat(40)}`],
    ['a malformed header', 'Bearer'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a key of the wrong prefix', `Bearer svc_test_${'0'.repeat(40)}`],
    ['a truncated key', 'Bearer svc_public_abc'],
  ])('%s', async (_name, header) => {
    for (const path of ['/api/v1/public/contractors/search', '/api/account/me', '/api/v1/public/articles']) {
      const r = await svc.get(path, { headers: { authorization: header } });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, error: 'Invalid or inactive API key', details: expect.any(String) });
    }
  });

  test('a revoked key', async () => {
    const { credentials } = (await register()).body.data;
    const list = await svc.send('GET', '/api/v1/user-api-keys', undefined, credentials.apiKey);
    await svc.send('DELETE', `/api/v1/user-api-keys/${list.body.data.keys[0].id}`, undefined, credentials.apiKey);
    expect((await search(credentials.apiKey)).status).toBe(401);
  });
});

test('exactly 500 of 600 concurrent requests pass with a fresh public key; each 429 says when to retry', async () => {
  const { credentials } = (await register()).body.data;
  const other = (await register()).body.data.credentials;
  const results = await Promise.all(Array.from({ length: 600 }, () => search(credentials.apiKey)));
  const ok = results.filter((r) => r.status === 200);
  const limited = results.filter((r) => r.status === 429);
  expect([ok.length, limited.length]).toEqual([500, 100]);
  for (const r of limited) {
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.body).toEqual({ success: false, error: 'Daily rate limit of 500 requests exceeded', details: expect.any(String) });
  }
  expect((await search(other.apiKey)).status).toBe(200);
});

test('nothing in any table or log line holds a plain password or key', async () => {
  const r = await register({ password: 'a-password-to-look-for-42' });
  const key = r.body.data.credentials.apiKey;
  await search(key);
  const { rows } = await svc.db.pool.query(`
    select n.nspname || '.' || c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'extensions', 'pg_toast')`);
  for (const { t } of rows) {
    const { rows: hits } = await svc.db.pool.query(
      `select count(*)::int as n from ${t} x where x::text like '%' || $1 || '%' or x::text like '%' || $2 || '%'`,
      ['a-password-to-look-for-42', key.slice(11)],
    );
    expect([t, hits[0].n]).toEqual([t, 0]);
  }
  expect(logs.length).toBeGreaterThan(0);
  const all = logs.join('\n');
  expect(all).not.toContain('a-password-to-look-for-42');
  expect(all).not.toContain(key.slice(11));
});

describe('anonymous limit per client address', () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await startTestService({ RATE_LIMIT_ANONYMOUS: '3', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => limited.stop());

  test('each address has its own count; the 4th request from one address is a 429', async () => {
    const from = (ip: string) => limited.get('/api/v1/public/contractors/specialties', { headers: { 'x-forwarded-for': ip } });
    const a = [await from('203.0.113.1'), await from('203.0.113.1'), await from('203.0.113.1'), await from('203.0.113.1')];
    expect(a.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(a[0]!.headers.get('ratelimit-limit')).toBe('3');
    expect(a.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expect(a[3]!.body.error).toBe('Daily rate limit of 3 requests exceeded');
    expect((await from('203.0.113.2')).status).toBe(200);
  });

  // Directory operations admit in their operation's round trip (src/identity/admission.ts).
  test('requests that fail still count, and a spent quota or a bad key comes before any other failure', async () => {
    const from = (path: string, headers: Record<string, string> = {}) =>
      limited.get(path, { headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });
    const unknownSpecialty = await from('/api/v1/public/contractors/search?specialty=no-such-thing');
    expect(unknownSpecialty.status).toBe(400);
    expect(unknownSpecialty.headers.get('ratelimit-remaining')).toBe('2');
    const badLimit = await from('/api/v1/public/contractors/search?limit=0');
    expect(badLimit.status).toBe(400);
    expect(badLimit.headers.get('ratelimit-remaining')).toBe('1');
    const wrongMethod = await limited.send('POST', '/api/v1/public/contractors/search', {});
    expect(wrongMethod.status).toBe(405);
    const missing = await from('/api/v1/public/contractors/no-such-pro');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('ratelimit-remaining')).toBe('0');
    const spent = await from('/api/v1/public/contractors/search?limit=0');
    expect(spent.status).toBe(429);
    expect(spent.body.error).toBe('Daily rate limit of 3 requests exceeded');
    const badKey = await from('/api/v1/public/contractors/search?limit=0', { authorization: `Bearer svc_public_${'0'.repeat(40)}` });
    expect(badKey.status).toBe(401);
  });
  // Every REST route admits in its operation's round trip (docs/decisions.md, "Admission in the
  // operation's round trip"), access-token routes included.
  test('owner, pro and account routes count when SQL refuses them, and a spent quota comes first', async () => {
    const token = { authorization: `Bearer ${'ab'.repeat(32)}` };
    const from = (path: string, headers: Record<string, string> = {}) =>
      limited.get(path, { headers: { 'x-forwarded-for': '203.0.113.31', ...headers } });
    const quote = '/api/v1/pro/quotes/00000000-0000-4000-8000-000000000000';
    const answers = [
      await from('/api/v1/public/search-mcp/owner/opportunities', token),
      await from('/api/account/me'),
      await from(quote, token),
      await from(quote, token),
    ];
    expect(answers.map((r) => [r.status, r.headers.get('ratelimit-remaining')])).toEqual([
      [401, '2'],
      [200, '1'], // optional Bearer: anonymous is an answer
      [401, '0'],
      [429, '0'],
    ]);
  });
});

// Issue 14: a failed admission once read the admission an earlier request had left on the same
// pooled connection. One connection makes every request reuse it.
describe('nothing an earlier request left on a pooled connection reaches the next one', () => {
  let one: TestService;
  beforeAll(async () => {
    one = await startTestService({ DATABASE_POOL_SIZE: '1', RATE_LIMIT_ANONYMOUS: '1', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => one.stop());

  test('an unknown key after a keyed request, and after a spent quota, is a 401 without their rate-limit headers', async () => {
    const unknown = { authorization: `Bearer svc_public_${'f'.repeat(40)}` };
    const path = '/api/v1/public/contractors/search?limit=1';
    const registered = await one.send('POST', '/api/agents/register', {
      firstName: 'Pat',
      lastName: 'Pool',
      email: `pool${process.pid}@example.com`,
      password: PASSWORD,
    });
    const keyed = await one.send('GET', path, undefined, registered.body.data.credentials.apiKey);
    expect([keyed.status, keyed.headers.get('ratelimit-limit')]).toEqual([200, '500']);
    for (const previous of ['keyed', 'spent quota']) {
      if (previous === 'spent quota') {
        const from = () => one.get(path, { headers: { 'x-forwarded-for': '198.51.100.4' } });
        expect([(await from()).status, (await from()).status]).toEqual([200, 429]);
      }
      const r = await one.get(path, { headers: unknown });
      expect([previous, r.status, r.headers.get('ratelimit-limit'), r.headers.get('retry-after')]).toEqual([previous, 401, null, null]);
    }
  });
});

describe('registration throttle', () => {
  let throttled: TestService;
  beforeAll(async () => {
    throttled = await startTestService({ REGISTRATIONS_PER_HOUR: '2', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => throttled.stop());

  test('a client address may register only so many agents an hour', async () => {
    const reg = (i: number) =>
      throttled.send('POST', '/api/agents/register', { firstName: 'A', lastName: 'B', email: `farm${i}@example.com`, password: PASSWORD });
    expect([(await reg(1)).status, (await reg(2)).status]).toEqual([200, 200]);
    const third = await reg(3);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('only well-formed attempts count: 400s and 415s spend nothing, a 409 does', async () => {
    const from = (body: string, contentType = 'application/json') =>
      throttled.get('/api/agents/register', {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-forwarded-for': '198.51.100.77' },
        body,
      });
    const valid = (email: string) => JSON.stringify({ firstName: 'A', lastName: 'B', email, password: PASSWORD });
    // Typos, an empty form, a wrong type: as many as the client likes, none counted.
    for (const bad of [
      JSON.stringify({}),
      JSON.stringify({ firstName: 'A', lastName: 'B', email: 'not-an-address', password: PASSWORD }),
      JSON.stringify({ firstName: ' ', lastName: 'B', email: 'typo@example.com', password: PASSWORD }),
      JSON.stringify({ firstName: 'A', lastName: 'B', email: 'typo@example.com', password: 'short' }),
      '{"firstName": ',
    ]) {
      const r = await from(bad);
      expect([bad, r.status, r.headers.get('ratelimit-remaining')]).toEqual([bad, 400, null]);
    }
    expect((await from(valid('typo@example.com'), 'text/plain')).status).toBe(415);
    // The allowance (2) is whole: a registration, then a well-formed one for a known e-mail (409),
    // which counts; then the allowance is spent.
    const first = await from(valid('fixed@example.com'));
    expect([first.status, first.headers.get('ratelimit-remaining')]).toEqual([200, '1']);
    const known = await from(valid('fixed@example.com'));
    expect([known.status, known.headers.get('ratelimit-remaining')]).toEqual([409, '0']);
    expect((await from(valid('third@example.com'))).status).toBe(429);
    // An invalid attempt after that is still told what is wrong with it (400), not 429.
    expect((await from(JSON.stringify({}))).status).toBe(400);
  });
});
