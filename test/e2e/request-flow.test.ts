// The whole request flow end to end: the real API and worker, a real SMTP server, a real
// browser for the confirm page.
import { esc } from '../../src/html/escape';
import { launchBrowser, newTab } from '../helpers/browser';
import { demoPros, REQUESTS, requestBody, specialtySlug, verificationMail, verificationOf } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { SmtpSink } from '../helpers/smtp';
import { ownerLinkOf } from '../helpers/notices';

const COVERAGE = 'coverage-team@example.com';
let sink: SmtpSink;
let svc: TestService;
let specialty: string;
const logs: string[] = [];

beforeAll(async () => {
  sink = await new SmtpSink().start();
  svc = await startTestService(
    { SMTP_URL: sink.url, RUN_WORKER: 'true', COVERAGE_EMAIL: COVERAGE, LOG_LEVEL: 'debug' },
    { captureLogs: logs },
  );
  specialty = await specialtySlug(svc);
});
afterAll(async () => {
  await svc.stop();
  await sink.stop();
});

const create = async (body: ReturnType<typeof requestBody>) => {
  const r = await svc.send('POST', REQUESTS, body);
  expect(r.status).toBe(201);
  return r.body.data.requestId as string;
};
const confirm = (requestId: string, body: Record<string, string>) => svc.send('POST', `${REQUESTS}/${requestId}/confirm`, body);
const settle = () => new Promise((r) => setTimeout(r, 1500));

async function counts() {
  const { rows } = await svc.db.pool.query(`select (select count(*)::int from app_public.opportunities) as opportunities,
    (select count(*)::int from app_public.quotes) as quotes`);
  return rows[0];
}

test('request, e-mail, confirm by code: one quote per pro, only those pros e-mailed; a repeat confirm adds nothing', async () => {
  const pros = await demoPros(svc, 2);
  const body = requestBody(specialty, pros);
  const requestId = await create(body);

  const mail = await verificationMail(sink, body.owner.email);
  for (const text of [body.project.location, body.project.description, ...pros.map((p) => p.name)]) {
    expect(mail.text).toContain(text);
  }
  expect(mail.subject).toContain(
    (await svc.db.pool.query('select name from app_public.specialties where slug = $1', [specialty])).rows[0].name,
  );
  // Before confirmation: no Opportunity, no pro contacted.
  expect(await counts()).toMatchObject({ opportunities: 0 });
  expect(sink.received.filter((m) => pros.some((p) => m.to.includes(p.email)))).toEqual([]);

  const { code } = verificationOf(mail);
  const r = await confirm(requestId, { verificationCode: code });
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    success: true,
    data: {
      status: 'created',
      requestId,
      opportunityId: expect.any(String),
      source: 'demand-side-search-mcp',
      quotes: pros.map((p) => ({
        quoteId: expect.any(String),
        contractorSlug: p.slug,
        contractorName: p.name,
        opportunityId: r.body.data.opportunityId,
        threadStatus: expect.any(String),
      })),
      ownerAccessToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    },
  });

  const proMails = await sink.waitFor((m) => m.subject.startsWith('New '), 2);
  expect(
    proMails
      .map((m) => m.to)
      .flat()
      .sort(),
  ).toEqual(pros.map((p) => p.email.toLowerCase()).sort());
  const [access] = await sink.waitFor((m) => m.to.includes(body.owner.email) && m.subject.endsWith('is confirmed'));
  // The owner's e-mail links to the owner's page, with a token of its own.
  const page = ownerLinkOf(access!);
  expect(page.opportunityId).toBe(r.body.data.opportunityId);
  expect((await svc.get(`${page.path}?token=${page.token}`)).status).toBe(200);
  const before = { ...(await counts()), mails: sink.received.length };

  const again = await confirm(requestId, { verificationCode: code });
  expect(again.status).toBe(200);
  expect(again.body.data).toEqual({ ...r.body.data, status: 'already_confirmed', ownerAccessToken: undefined });
  expect(again.body.data).not.toHaveProperty('ownerAccessToken');
  await settle();
  expect({ ...(await counts()), mails: sink.received.length }).toEqual(before);

  const { rows } = await svc.db.pool.query(
    `select array_agg(distinct type order by type) as types,
      bool_and(source = 'demand-side-search-mcp') as sourced from app_public.request_events
     where request_id = $1 or opportunity_id = $2`,
    [requestId, r.body.data.opportunityId],
  );
  expect(rows[0]).toEqual({
    sourced: true,
    types: ['opportunity.owner_access_sent', 'quote.pro_contacted', 'request.created', 'request.verification_sent', 'request.verified'],
  });
  const { rows: sources } = await svc.db.pool.query(
    `select o.source as o, array_agg(distinct q.source) as q from app_public.opportunities o
    join app_public.quotes q on q.opportunity_id = o.id where o.id = $1 group by o.source`,
    [r.body.data.opportunityId],
  );
  expect(sources).toEqual([{ o: 'demand-side-search-mcp', q: ['demand-side-search-mcp'] }]);
});

test('no coverage: nothing routed before confirmation; after it, an Opportunity with no quotes and one e-mail to the coverage team', async () => {
  const body = requestBody(specialty, []);
  const requestId = await create(body);
  const { code } = verificationOf(await verificationMail(sink, body.owner.email));
  await settle();
  expect(sink.received.filter((m) => m.to.includes(COVERAGE))).toEqual([]);

  const r = await confirm(requestId, { verificationCode: code });
  expect(r.body.data).toMatchObject({ status: 'no_coverage', quotes: [] });
  const coverage = await sink.waitFor((m) => m.to.includes(COVERAGE));
  expect(coverage[0]!.text).toContain(body.project.description);
  await settle();
  expect(sink.received.filter((m) => m.to.includes(COVERAGE))).toHaveLength(1);
  const { rows } = await svc.db.pool.query('select count(*)::int as n from app_public.quotes where opportunity_id = $1', [
    r.body.data.opportunityId,
  ]);
  expect(rows[0].n).toBe(0);
});

test('a code or token of request A never confirms request B, even for the same owner at the same moment', async () => {
  const pros = await demoPros(svc, 1, 5);
  const a = requestBody(specialty, pros);
  const b = { ...requestBody(specialty, pros), owner: a.owner };
  const [idA, idB] = await Promise.all([create(a), create(b)]);
  const mails = await sink.waitFor((m) => m.to.includes(a.owner.email) && m.subject.startsWith('Confirm'), 2);
  const ofA = verificationOf(mails.find((m) => m.text.includes(idA))!);
  const ofB = verificationOf(mails.find((m) => m.text.includes(idB))!);
  expect((await confirm(idB, { verificationCode: ofA.code })).status).toBe(401);
  expect((await confirm(idB, { verificationToken: ofA.token })).status).toBe(401);
  expect((await confirm(idA, { verificationToken: ofB.token })).status).toBe(401);
  expect((await confirm(idB, { verificationCode: ofB.code })).body.data.status).toBe('created');
});

test('20 concurrent confirms of one request: exactly one created and one Opportunity', async () => {
  const body = requestBody(specialty, await demoPros(svc, 2, 10));
  const requestId = await create(body);
  const { code } = verificationOf(await verificationMail(sink, body.owner.email));
  const results = await Promise.all(Array.from({ length: 20 }, () => confirm(requestId, { verificationCode: code })));
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
  const statuses = results.map((r) => r.body.data.status).sort();
  expect(statuses.filter((s) => s === 'created')).toHaveLength(1);
  expect(statuses.filter((s) => s === 'already_confirmed')).toHaveLength(19);
  const { rows } = await svc.db.pool.query('select count(*)::int as n from app_public.opportunities where request_id = $1', [requestId]);
  expect(rows[0].n).toBe(1);
});

test('the confirm page: script-free, not cached, strict CSP; GETs change nothing; a browser confirms through it', async () => {
  const pros = await demoPros(svc, 2, 20);
  const body = requestBody(specialty, pros);
  const requestId = await create(body);
  const { link, token } = verificationOf(await verificationMail(sink, body.owner.email));
  await settle();

  const page = await svc.get(link.slice(svc.url.length));
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  expect(page.body).not.toMatch(/<script/i);
  for (const text of [body.project.location, ...pros.map((p) => p.name)]) expect(page.body).toContain(esc(text));

  const snapshot = async () =>
    (
      await svc.db.pool.query(`select string_agg(t, '' order by t) as all from (
      select format('%s:%s', c.oid::regclass, md5(coalesce((xpath('/row/x/text()', query_to_xml(
        format('select md5(string_agg(r::text, '''' order by r::text)) as x from %s r', c.oid::regclass), false, false, '')))[1]::text, ''))) as t
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('app_public', 'app_private', 'graphile_worker')) s`)
    ).rows[0].all;
  const before = await snapshot();
  for (let i = 0; i < 5; i++) await svc.get(link.slice(svc.url.length));
  await svc.get(`${REQUESTS}/${requestId}/confirm?token=${'f'.repeat(64)}`);
  expect(await snapshot()).toBe(before);

  const browser = await launchBrowser();
  try {
    const { tab, errors } = await newTab(browser);
    await tab.goto(link);
    await tab.getByRole('button', { name: /confirm/i }).click();
    await tab.waitForLoadState();
    expect(await tab.locator('h1').textContent()).toBe('Request confirmed');
    expect(await tab.content()).toContain(pros[0]!.name);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
  const { rows } = await svc.db.pool.query('select count(*)::int as n from app_public.opportunities where request_id = $1', [requestId]);
  expect(rows[0].n).toBe(1);
  expect(token).toHaveLength(64);
});

test('the confirm page answers wrong and unknown links with HTML error pages', async () => {
  const body = requestBody(specialty, []);
  const requestId = await create(body);
  await verificationMail(sink, body.owner.email);
  const wrong = await svc.get(`${REQUESTS}/${requestId}/confirm?token=${'0'.repeat(64)}`);
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get('content-type')).toContain('text/html');
  expect(wrong.body).toContain('Invalid verification code or token');
  const unknown = await svc.get(`${REQUESTS}/00000000-0000-4000-8000-000000000000/confirm?token=${'0'.repeat(64)}`);
  expect(unknown.status).toBe(404);
  expect(unknown.headers.get('content-type')).toContain('text/html');
});

test('five wrong codes from someone else lock the code, not the owner: the right code gets 429, the e-mailed link still confirms', async () => {
  const body = requestBody(specialty, []);
  const requestId = await create(body);
  const { code, link, token } = verificationOf(await verificationMail(sink, body.owner.email));
  const wrong = code === '00000000' ? '11111111' : '00000000';
  // Anyone who learnt the request id (it is no secret) can send wrong codes.
  for (let i = 1; i <= 5; i++) {
    const r = await confirm(requestId, { verificationCode: wrong });
    const details =
      i < 5 ? `${i} of 5 attempts used.` : 'The code is locked after 5 wrong attempts; the link in the e-mail still confirms.';
    expect([r.status, r.body.details]).toEqual([401, details]);
  }
  const locked = await confirm(requestId, { verificationCode: code });
  expect(locked.status).toBe(429);
  expect(locked.body.error).toContain('locked');
  // Retry-After: the seconds until the draft expires (VERIFICATION_LIFETIME_SECONDS, 24 h by default).
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(86_400 - 120);
  expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
  const opportunities = () =>
    svc.db.pool
      .query('select count(*)::int as n from app_public.opportunities where request_id = $1', [requestId])
      .then((r) => r.rows[0].n);
  expect(await opportunities()).toBe(0);
  // A wrong token is refused as well, and locks nothing more.
  expect((await confirm(requestId, { verificationToken: 'e'.repeat(64) })).status).toBe(401);
  // The owner opens the link from the e-mail: the page is there, and its token confirms.
  expect((await svc.get(link.slice(svc.url.length))).status).toBe(200);
  const confirmed = await confirm(requestId, { verificationToken: token });
  expect([confirmed.status, confirmed.body.data.status]).toEqual([200, 'no_coverage']);
  expect(await opportunities()).toBe(1);
});

test('no table (job queue included) and no log line holds a plain code, token or owner access token', async () => {
  const body = requestBody(specialty, await demoPros(svc, 1, 30));
  const requestId = await create(body);
  const mail = await verificationMail(sink, body.owner.email);
  const { code, token } = verificationOf(mail);
  const r = await confirm(requestId, { verificationCode: code });
  const accessMail = await sink.waitFor((m) => m.to.includes(body.owner.email) && m.subject.endsWith('is confirmed'));
  const emailedAccess = /\n([0-9a-f]{64})\n/.exec(accessMail[0]!.text)?.[1];
  expect(emailedAccess).toMatch(/^[0-9a-f]{64}$/);
  const secrets = [code, token, r.body.data.ownerAccessToken, emailedAccess!];
  const { rows } = await svc.db.pool.query(`select c.oid::regclass::text as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname in ('app_public', 'app_private', 'app_hidden', 'graphile_worker', 'public')`);
  expect(rows.map((r) => r.t)).toContain('graphile_worker._private_jobs');
  for (const { t } of rows) {
    for (const secret of secrets) {
      const { rows: hits } = await svc.db.pool.query(`select count(*)::int as n from ${t} x where x::text like '%' || $1 || '%'`, [secret]);
      expect([t, hits[0].n]).toEqual([t, 0]);
    }
  }
  const all = logs.join('\n');
  for (const secret of secrets) expect(all).not.toContain(secret);
});

describe('expiry', () => {
  let shortLived: TestService;
  let shortSink: SmtpSink;
  beforeAll(async () => {
    shortSink = await new SmtpSink().start();
    shortLived = await startTestService({ SMTP_URL: shortSink.url, RUN_WORKER: 'true', VERIFICATION_LIFETIME_SECONDS: '2' });
  });
  afterAll(async () => {
    await shortLived.stop();
    await shortSink.stop();
  });

  test('an expired draft answers 410 and creates nothing; its confirm page too', async () => {
    const body = requestBody(await specialtySlug(shortLived), []);
    const r = await shortLived.send('POST', REQUESTS, body);
    const { code, link } = verificationOf(await verificationMail(shortSink, body.owner.email));
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const late = await shortLived.send('POST', `${REQUESTS}/${r.body.data.requestId}/confirm`, { verificationCode: code });
    expect(late.status).toBe(410);
    expect(late.body.error).toBe('This request has expired');
    expect((await shortLived.get(link.slice(shortLived.url.length))).status).toBe(410);
    const { rows } = await shortLived.db.pool.query('select count(*)::int as n from app_public.opportunities');
    expect(rows[0].n).toBe(0);
  });
});

describe('faults', () => {
  test('with the SMTP server down when the request is made, the e-mail arrives once it is back, exactly once', async () => {
    const flaky = await new SmtpSink().start();
    const port = flaky.port;
    await flaky.stop();
    const down = await startTestService({ SMTP_URL: `smtp://127.0.0.1:${port}`, RUN_WORKER: 'true' });
    try {
      const body = requestBody(await specialtySlug(down), []);
      expect((await down.send('POST', REQUESTS, body)).status).toBe(201);
      // The first attempt fails (whenever the job worker gets to it on a busy machine). The worker
      // counts an attempt when it takes the job and records the error when the attempt fails: wait
      // for the error, not the count.
      let failed: { attempts: number; last_error: string | null } | undefined;
      for (const deadline = Date.now() + 60_000; !failed?.last_error && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 200));
        const { rows } = await down.db.pool.query(`select attempts, last_error from graphile_worker.jobs
          where task_identifier = 'service_requests__send_verification'`);
        failed = rows[0];
      }
      expect(failed?.attempts).toBeGreaterThanOrEqual(1);
      expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);
      await flaky.start(port);
      // The retry comes after graphile-worker's backoff (seconds, growing with each failure).
      await flaky.waitFor((m) => m.to.includes(body.owner.email), 1, 100_000);
      await new Promise((r) => setTimeout(r, 4000));
      expect(flaky.received.filter((m) => m.to.includes(body.owner.email))).toHaveLength(1);
      const { rows: sent } = await down.db.pool.query(`select verification_sent_at is not null as sent from app_public.service_requests`);
      expect(sent).toEqual([{ sent: true }]);
    } finally {
      await down.stop();
      await flaky.stop();
    }
  }, 240_000);
});
