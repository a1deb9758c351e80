// The stop link of an owner's notice e-mail over HTTP: GET answers a page that asks and writes
// nothing; POST (the page's button, or a mail client's RFC 8058 one-click) stops the notices;
// the token can only do that, and a wrong one is a 401 page.
import { mintToken, sha256 } from '../../src/credentials';
import { NOTICE_STOP_PATH } from '../../src/notices/paths';
import { asStaff, makeOpportunity, type Made } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
let made: Made;
let recipientId: number;
let token: string;
beforeAll(async () => {
  svc = await startTestService();
  made = await makeOpportunity(svc, 1, 0);
  // A pro message makes the owner a notice recipient; the worker mints the link's token so.
  await asStaff(svc.db, 'app_public.pro_send_message($1, $2)', [made.quotes[0]!.quoteId, 'Hello']);
  const { rows } = await svc.db.pool.query(
    'select id::int from app_private.notice_recipients where opportunity_id = $1 and quote_id is null',
    [made.opportunityId],
  );
  recipientId = rows[0].id;
  token = mintToken();
  await svc.db.pool.query('select app_private.set_notice_stop_token($1, $2)', [recipientId, sha256(token)]);
});
afterAll(() => svc.stop());

const stoppedAt = async () =>
  (await svc.db.pool.query('select stopped_at from app_private.notice_recipients where id = $1', [recipientId])).rows[0].stopped_at;
const form = (body: string, type = 'application/x-www-form-urlencoded') => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});

test('GET asks (a form that posts back) and stops nothing', async () => {
  const r = await svc.get(`${NOTICE_STOP_PATH}?token=${token}`);
  expect([r.status, r.headers.get('content-type'), r.headers.get('cache-control')]).toEqual([
    200,
    expect.stringContaining('text/html'),
    expect.stringContaining('no-store'),
  ]);
  expect(r.body).toContain(`<form method="post" action="${NOTICE_STOP_PATH}?token=${token}">`);
  expect(await stoppedAt()).toBeNull();
});

test('a wrong or malformed token is a 401 page; another body type a 415; another method a 405', async () => {
  for (const t of [mintToken(), 'nothex', '']) {
    const r = await svc.get(`${NOTICE_STOP_PATH}?token=${t}`, form('List-Unsubscribe=One-Click'));
    expect([r.status, r.body]).toEqual([401, expect.stringContaining('Invalid stop link')]);
  }
  expect((await svc.get(`${NOTICE_STOP_PATH}?token=${token}`, form('{}', 'application/json'))).status).toBe(415);
  expect((await svc.get(`${NOTICE_STOP_PATH}?token=${token}`, { method: 'PUT' })).status).toBe(405);
  expect(await stoppedAt()).toBeNull();
});

test('the one-click POST stops the notices, once and for all; the owner can resume them', async () => {
  const r = await svc.get(`${NOTICE_STOP_PATH}?token=${token}`, form('List-Unsubscribe=One-Click'));
  expect([r.status, r.body]).toEqual([200, expect.stringContaining('E-mails stopped')]);
  const first = await stoppedAt();
  expect(first).not.toBeNull();
  // Again (a client that retries): still stopped, at the first time.
  expect((await svc.get(`${NOTICE_STOP_PATH}?token=${token}`, form(''))).status).toBe(200);
  expect(await stoppedAt()).toEqual(first);
  const resumed = await svc.get(`/api/v1/public/search-mcp/owner/opportunities/${made.opportunityId}/notice-emails`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-owner-access-token': made.token },
    body: JSON.stringify({ send: true, confirm: true }),
  });
  expect(resumed.status).toBe(200);
  expect(await stoppedAt()).toBeNull();
});
