// A SIGKILL of the whole service (supervisor and children) while owner requests are being
// created: after a restart, every request that was answered 201 gets its verification e-mail
// within a minute, exactly once. The jobs the dead job worker had locked (held at the mail
// server when it died) would otherwise wait out graphile-worker's 4-hour lock.
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { REQUESTS, requestBody } from '../helpers/requests';
import { request, spawnService, type ServiceProcess, STARTUP_MS } from '../helpers/service-process';
import { SmtpSink } from '../helpers/smtp';

let db: TestDatabase;
let sink: SmtpSink;
const services: ServiceProcess[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  sink = await new SmtpSink().start();
});
afterAll(async () => {
  for (const s of services) {
    s.killAll();
    await s.exited;
  }
  sink.release();
  await sink.stop();
  await db.drop();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('after a SIGKILL of the whole service mid-traffic, a restart sends every committed request one e-mail within 60 s', async () => {
  const {
    rows: [s],
  } = await db.pool.query('select slug from app_public.specialties order by slug limit 1');
  const env = { WEB_CONCURRENCY: '1', SMTP_URL: sink.url };
  const first = await spawnService(db, env);
  services.push(first);
  await first.waitForLog((l) => l.msg === 'listening', STARTUP_MS);
  await first.waitForLog((l) => l.msg === 'worker running', STARTUP_MS);

  const answered: string[] = []; // owner addresses of requests answered 201
  const create = async () => {
    const body = requestBody(s.slug, []);
    const r = await request(first.url + REQUESTS, { method: 'POST', body });
    if (r.status !== 201) throw new Error(`${r.status} ${r.body}`);
    answered.push(body.owner.email);
  };
  const sentMarks = async () =>
    (await db.pool.query('select count(*)::int as n from app_public.service_requests where verification_sent_at is not null')).rows[0]
      .n as number;

  // Some go out before the crash, and must not go out again.
  for (let i = 0; i < 3; i++) await create();
  await until(async () => (await sentMarks()) === 3, 15_000, 'the first three e-mails');

  // The rest are queued, or locked by the job worker and held at the mail server, when it dies.
  sink.hold();
  let creating = true;
  const loops = Array.from({ length: 4 }, async () => {
    while (creating) await create().catch(() => (creating = false));
  });
  await until(() => sink.heldCount >= 2 && answered.length >= 20, 20_000, 'held senders and more requests');
  first.killAll();
  creating = false;
  await Promise.all(loops);
  await first.exited;
  const {
    rows: [locks],
  } = await db.pool.query('select count(*)::int as n from graphile_worker.jobs where locked_by is not null');
  expect(locks.n).toBeGreaterThanOrEqual(2);
  sink.release();

  const restartedAt = Date.now();
  const second = await spawnService(db, env);
  services.push(second);
  const mailsTo = (to: string) => sink.received.filter((m) => m.to.includes(to) && m.subject.startsWith('Confirm your'));
  await until(() => answered.every((to) => mailsTo(to).length > 0), 60_000, "every answered request's e-mail");
  expect(Date.now() - restartedAt).toBeLessThan(60_000);
  // A second sweep and poll: nothing goes out twice.
  await new Promise((r) => setTimeout(r, 6_000));
  expect(answered.filter((to) => mailsTo(to).length !== 1)).toEqual([]);
  const addresses = sink.received.map((m) => m.to.join());
  expect(new Set(addresses).size).toBe(addresses.length);
  // Every job has run but the drafts' lapses, which wait for the drafts' expiry.
  const {
    rows: [left],
  } = await db.pool.query("select count(*)::int as n from graphile_worker.jobs where task_identifier <> 'service_requests__lapse'");
  expect(left.n).toBe(0);
}, 300_000);
