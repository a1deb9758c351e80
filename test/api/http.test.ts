// HTTP basics: unknown paths, wrong methods, malformed JSON, health, request ids; and that a
// database failure is a 500 that shows no internals.
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

test('an unknown path is a 404 in the error shape', async () => {
  const r = await svc.get('/api/v1/public/nothing-here');
  expect(r.status).toBe(404);
  expect(r.body).toEqual({ success: false, error: 'Not found', details: expect.stringContaining('/api/v1/public/nothing-here') });
});

test('a wrong method on a known path is a 405 with Allow', async () => {
  const r = await svc.get('/api/v1/public/contractors/search', { method: 'DELETE' });
  expect(r.status).toBe(405);
  expect(r.headers.get('allow')).toContain('GET');
  expect(r.body).toEqual({ success: false, error: 'Method not allowed', details: expect.any(String) });
});

test('a malformed JSON body is a 400 in the error shape', async () => {
  const r = await svc.get('/api/v1/public/contractors/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"oops": ',
  });
  expect(r.status).toBe(400);
  expect(r.body).toEqual({ success: false, error: 'Malformed JSON body', details: expect.any(String) });
});

test('an oversized body is a 413 in the error shape', async () => {
  const r = await svc.get('/api/v1/public/contractors/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ x: 'y'.repeat(200_000) }),
  });
  expect(r.status).toBe(413);
  expect(r.body.success).toBe(false);
});

test('healthz and readyz', async () => {
  expect(await svc.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(await svc.get('/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
});

test('every response carries a request id; a sane incoming one is kept', async () => {
  const r = await svc.get('/healthz', { headers: { 'x-request-id': 'abc-123' } });
  expect(r.headers.get('x-request-id')).toBe('abc-123');
  const r2 = await svc.get('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
  expect(r2.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('an unexpected database error is a 500 that leaks nothing', async () => {
  // Break the operation underneath the running service, then restore it.
  await svc.db.pool.query('alter function app_hidden.list_specialties() rename to list_specialties_gone');
  try {
    const r = await svc.get('/api/v1/public/contractors/specialties');
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ success: false, error: 'Internal server error' });
  } finally {
    await svc.db.pool.query('alter function app_hidden.list_specialties_gone() rename to list_specialties');
  }
});

test('responses carry a weak ETag; a matching If-None-Match gets a 304 without a body', async () => {
  const path = '/api/v1/public/contractors/search?state=FL&limit=5';
  const first = await fetch(svc.url + path);
  const etag = first.headers.get('etag');
  expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  expect(etag).toBe((await fetch(svc.url + path)).headers.get('etag'));
  // (fetch adds "cache-control: no-cache", which asks for the body, unless one is given)
  const again = await fetch(svc.url + path, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect((await fetch(svc.url + '/api/v1/public/contractors/search?state=GA&limit=5')).headers.get('etag')).not.toBe(etag);
});
