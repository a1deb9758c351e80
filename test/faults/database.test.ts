// Database faults under load (issue 14), on a cluster of this file's own: every API backend
// terminated again and again, a PostgreSQL restart, a blocked database. What holds: no 500 and
// no dropped connection, only requests in flight fail (503 with Retry-After, counted below), and
// the service answers again within 5 s of the database being back.
import pg from 'pg';
import { FaultCluster } from './cluster';
import { Load, type Outcome } from './load';
import { metricsUrl, scrape } from '../helpers/metrics';
import { spawnService, type ServiceProcess, STARTUP_MS } from '../helpers/service-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: FaultCluster;
let service: ServiceProcess;
beforeAll(async () => {
  cluster = await FaultCluster.create(300);
  service = await spawnService(cluster, {
    DATABASE_URL: cluster.url,
    AUTH_DATABASE_URL: cluster.authUrl,
    RATE_LIMIT_ANONYMOUS: '10000000',
    DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    DATABASE_ACQUIRE_TIMEOUT_MS: '1000',
    RUN_WORKER: 'false',
    // npm start's two HTTP workers, with small pools so that the blocked test can saturate both.
    WEB_CONCURRENCY: '2',
    DATABASE_POOL_SIZE: '4',
  });
  await service.waitForLog((l) => l.msg === 'listening', STARTUP_MS);
}, 240_000);
afterAll(async () => {
  service?.killAll();
  await service?.exited;
  await cluster?.destroy();
});

const urls = () => [
  `${service.url}/api/v1/public/contractors/search?q=diesel&limit=5`,
  `${service.url}/api/v1/public/contractors/geo-search?lat=26.12&lng=-80.14&radiusMiles=50`,
  `${service.url}/api/v1/public/contractors/specialties`,
  `${service.url}/api/v1/public/articles`,
];

/** Every outcome is a 200 or a 503 that says when to retry; never a 500 or a broken connection. */
function expectOnlyOkOrUnavailable(outcomes: Outcome[]): void {
  expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
  expect(outcomes.filter((o) => o.status === 503 && o.retryAfter === null)).toEqual([]);
}

async function firstOkAfter(url: string, limitMs: number): Promise<number> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Date.now();
    if (Date.now() > deadline) throw new Error(`no 200 from ${url} within ${limitMs} ms (last: ${status})`);
    await sleep(50);
  }
}

test('every API backend terminated 10 times in 3 s under load: only requests in flight fail', async () => {
  const load = new Load(urls(), 8);
  await sleep(1000);
  const faultStart = Date.now();
  let terminated = 0;
  for (let i = 0; i < 10; i++) {
    terminated += await cluster.terminateApiBackends();
    await sleep(300);
  }
  const faultEnd = Date.now();
  await sleep(1000);
  const outcomes = await load.stop();
  const failed = outcomes.filter((o) => o.status !== 200);
  console.info('backends terminated', { terminated, requests: Load.summary(outcomes), failedInFaultWindow: failed.length });
  expect(terminated).toBeGreaterThanOrEqual(10);
  expectOnlyOkOrUnavailable(outcomes);
  // A terminated backend fails at most the one request it was serving (or was handed to).
  expect(failed.length).toBeLessThanOrEqual(terminated);
  for (const f of failed) expect(f.startedAt <= faultEnd && f.endedAt >= faultStart).toBe(true);
  expect(outcomes.filter((o) => o.startedAt > faultEnd + 200 && o.status !== 200)).toEqual([]);
  expect((await fetch(urls()[0]!)).status).toBe(200);
});

test('PostgreSQL restarted under load: 503s while it is down, /readyz 503 within a second, served within 5 s of its return', async () => {
  const load = new Load(urls(), 4);
  await sleep(500);
  await cluster.stop('fast');
  const asked = Date.now();
  const ready = await fetch(`${service.url}/readyz`);
  const readyMs = Date.now() - asked;
  expect([ready.status, ready.headers.get('retry-after')]).toEqual([503, '2']);
  expect(readyMs).toBeLessThan(1000);
  await sleep(1500);
  await cluster.start();
  const back = Date.now();
  const servedAfterMs = (await firstOkAfter(urls()[0]!, 10_000)) - back;
  await sleep(500);
  const outcomes = await load.stop();
  console.info('restart', { readyMs, servedAfterMs, requests: Load.summary(outcomes) });
  expect(servedAfterMs).toBeLessThan(5000);
  expectOnlyOkOrUnavailable(outcomes);
  expect(outcomes.some((o) => o.status === 503)).toBe(true);
  expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
});

test('a blocked database: a 503 after the statement or acquire timeout, and /readyz says the pool is saturated', async () => {
  const blocker = new pg.Client({ connectionString: cluster.url });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query('lock table app_public.specialties in access exclusive mode');
    const started = Date.now();
    // Many more blocked requests than both workers' pools have connections: the rest wait for one.
    const blocked = Array.from({ length: 32 }, () =>
      fetch(`${service.url}/api/v1/public/contractors/specialties`).then((r) => ({ status: r.status, ms: Date.now() - started })),
    );
    await sleep(200);
    const asked = Date.now();
    const ready = await fetch(`${service.url}/readyz`);
    const readyBody = (await ready.json()) as { error?: string };
    const readyMs = Date.now() - asked;
    const results = await Promise.all(blocked);
    console.info('blocked', { readyMs, results });
    expect([ready.status, readyBody.error]).toEqual([503, 'Database pool saturated']);
    expect(readyMs).toBeLessThan(1000);
    for (const r of results) {
      expect(r.status).toBe(503);
      expect(r.ms).toBeLessThan(4000);
    }
  } finally {
    await blocker.query('rollback');
    await blocker.end();
  }
  expect((await fetch(`${service.url}/api/v1/public/contractors/specialties`)).status).toBe(200);
  // The metrics counted both kinds of timeout (summed over both workers).
  const m = await scrape(await metricsUrl(service));
  expect(m.sum('marine_db_timeouts_total', { pool: 'primary', kind: 'statement' })).toBeGreaterThanOrEqual(1);
  expect(m.sum('marine_db_timeouts_total', { pool: 'primary', kind: 'acquire' })).toBeGreaterThanOrEqual(1);
});
