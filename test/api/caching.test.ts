// Who may keep an answer (docs/decisions.md, "Caching headers"). Answers for one credential
// holder (token-scoped reads and writes, the account and its keys, one-time secrets: a key at
// registration or minting, the owner access token of a confirmation, the listing access token of
// a claim's verification; the agent doors) are `Cache-Control: no-store` and vary on every header
// that carries a credential. Directory reads stay cacheable (ETag, 304) and vary on the key.
// Every answer is `X-Content-Type-Options: nosniff`.
import { verificationDigest } from '../../src/credentials';
import { issueProToken, makeOpportunity, OWNER, PRO } from '../helpers/opportunities';
import { requestBody, REQUESTS, specialtySlug } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { registerAgent } from '../helpers/staff';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const CREDENTIAL_HEADERS = [
  'authorization',
  'x-service-owner-access-token',
  'x-service-pro-access-token',
  'x-service-listing-access-token',
];
const CODE = '24681357';
const list = (value: string | null) => (value ?? '').toLowerCase().split(/,\s*/).filter(Boolean);

type Answer = { status: number; headers: Headers };

/** What every answer for one credential holder carries. */
function expectPrivate(label: string, r: Answer, status: number): void {
  expect([label, r.status, r.headers.get('cache-control'), r.headers.get('x-content-type-options')]).toEqual([
    label,
    status,
    'no-store',
    'nosniff',
  ]);
  expect([label, list(r.headers.get('vary'))]).toEqual([label, expect.arrayContaining(CREDENTIAL_HEADERS)]);
}

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  svc.get(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

test("the owner's token-scoped reads and writes, as a header or a Bearer, and their errors; the owner's page", async () => {
  const made = await makeOpportunity(svc, 1, 20);
  const header = { 'x-service-owner-access-token': made.token };
  expectPrivate('list', await svc.get(OWNER, { headers: header }), 200);
  expectPrivate('read', await svc.get(`${OWNER}/${made.opportunityId}`, { headers: { authorization: `Bearer ${made.token}` } }), 200);
  expectPrivate('status', await svc.get(`${OWNER}/${made.opportunityId}/status`, { headers: header }), 200);
  const preview = await json(
    'POST',
    `${OWNER}/${made.opportunityId}/messages`,
    { quoteId: made.quotes[0]!.quoteId, content: 'Hi' },
    header,
  );
  expectPrivate('write preview', preview, 202);
  expectPrivate('no token', await svc.get(OWNER), 401);
  expectPrivate('page', await svc.get(`/owner/opportunities/${made.opportunityId}?token=${made.token}`), 200);
  expectPrivate('page, unknown token', await svc.get(`/owner/opportunities/${made.opportunityId}?token=${'c'.repeat(64)}`), 404);
});

test("the pro's quote over REST and the page its e-mailed link opens", async () => {
  const made = await makeOpportunity(svc, 1, 22);
  const quoteId = made.quotes[0]!.quoteId;
  const token = await issueProToken(svc.db, quoteId);
  expectPrivate('REST read', await svc.get(`${PRO}/${quoteId}`, { headers: { 'x-service-pro-access-token': token } }), 200);
  expectPrivate('REST bearer', await svc.get(`${PRO}/${quoteId}`, { headers: { authorization: `Bearer ${token}` } }), 200);
  expectPrivate('page', await svc.get(`/pro/quotes/${quoteId}?token=${token}`), 200);
});

test("a listing claim's verification (the listing access token, once) and the token's reads", async () => {
  const {
    rows: [l],
  } = await svc.db.pool.query(
    `update app_public.contractors set email = 'office@cache.example', is_claimed = false
      where id = (select id from app_public.contractors where is_active order by id offset 500 limit 1) returning slug`,
  );
  const claim = await json('POST', '/api/v1/pro/listing-claims', {
    contractorSlug: l.slug,
    claimant: { name: 'Dana', email: 'd@x.example' },
  });
  expectPrivate('claim', claim, 201);
  const claimId = claim.body.data.claimId as string;
  await svc.db.pool.query('select app_private.set_listing_claim_code($1, $2)', [claimId, verificationDigest(claimId, CODE)]);
  const verified = await json('POST', `/api/v1/pro/listing-claims/${claimId}/verify`, { verificationCode: CODE });
  expectPrivate('verify', verified, 200);
  const token = verified.body.data.listingAccessToken as string;
  expectPrivate('read', await svc.get('/api/v1/pro/listing', { headers: { 'x-service-listing-access-token': token } }), 200);
  expectPrivate('edit preview', await json('POST', '/api/v1/pro/listing/edits', { listingAccessToken: token, tagline: 'Hi' }), 202);
});

test('agent registration and key minting (a key, once), the account and its keys', async () => {
  const register = await json('POST', '/api/agents/register', {
    firstName: 'Ada',
    lastName: 'Cache',
    email: `cache.${process.pid}@example.com`,
    password: 'a long enough password',
  });
  expectPrivate('register', register, 200);
  const key = { authorization: `Bearer ${register.body.data.credentials.apiKey as string}` };
  expectPrivate('mint', await json('POST', '/api/v1/user-api-keys', { name: 'rotation' }, key), 201);
  expectPrivate('key list', await svc.get('/api/v1/user-api-keys', { headers: key }), 200);
  expectPrivate('me', await svc.get('/api/account/me', { headers: key }), 200);
});

test("a request's confirmation (the owner access token, once), and its draft", async () => {
  const draft = await json('POST', REQUESTS, requestBody(await specialtySlug(svc), []));
  expectPrivate('draft', draft, 201);
  const id = draft.body.data.requestId as string;
  await svc.db.pool.query('select app_private.set_verification_credentials($1, $2, $3)', [
    id,
    verificationDigest(id, CODE),
    verificationDigest(id, 'c'.repeat(64)),
  ]);
  const confirmed = await json('POST', `${REQUESTS}/${id}/confirm`, { verificationCode: CODE });
  expect(confirmed.body.data.ownerAccessToken).toMatch(/^[0-9a-f]{64}$/);
  expectPrivate('confirm', confirmed, 200);
  expectPrivate('confirm page', await svc.get(`${REQUESTS}/${id}/confirm?token=${'c'.repeat(64)}`), 200);
});

test('the agent doors and staff GraphQL: answers for one caller', async () => {
  const mcp = await json(
    'POST',
    '/mcp',
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
  );
  expectPrivate('mcp', mcp, 200);
  const a2a = await json(
    'POST',
    '/a2a',
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'diesel' }] } },
    },
    { 'A2A-Version': '1.0' },
  );
  expectPrivate('a2a', a2a, 200);
  const agent = await registerAgent(svc);
  expectPrivate('graphql', await json('POST', '/graphql', { query: '{ __typename }' }, { authorization: `Bearer ${agent.apiKey}` }), 403);
});

test('directory reads stay cacheable with their ETag and 304, vary on the key, and are not sniffed', async () => {
  for (const path of [
    '/api/v1/public/contractors/search?q=diesel&limit=2',
    '/api/v1/public/contractors/specialties',
    '/api/v1/public/articles?limit=1',
    '/api/v1/public/contractors/no-such-pro',
  ]) {
    const r = await svc.get(path);
    expect([path, r.headers.get('cache-control'), r.headers.get('x-content-type-options')]).toEqual([path, null, 'nosniff']);
    expect([path, list(r.headers.get('vary'))]).toEqual([path, ['authorization']]);
    if (r.status !== 200) continue;
    const again = await fetch(svc.url + path, { headers: { 'if-none-match': r.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect([path, again.status, list(again.headers.get('vary'))]).toEqual([path, 304, ['authorization']]);
  }
});

test('discovery documents keep their public caching; every JSON answer is nosniff', async () => {
  const doc = await svc.get('/developers/openapi.json');
  expect([doc.headers.get('cache-control'), doc.headers.get('x-content-type-options')]).toEqual(['public, max-age=300', 'nosniff']);
  for (const path of ['/healthz', '/api/nothing-here', '/openapi.json']) {
    expect([path, (await svc.get(path)).headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
  }
});
