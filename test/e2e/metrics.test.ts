// GET /metrics as npm start serves it (issue 25): the supervisor's listener sums both HTTP
// workers and the job worker, every family is there, the public port does not serve it, and
// Debian's Prometheus scrapes it: a PromQL query over what it scraped counts this file's requests
// by status (a 429 and a 503 among them) and gives their latency quantiles.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { metricsUrl, scrape, type Exposition } from '../helpers/metrics';
import { startPrometheus, type Prometheus } from '../helpers/prometheus';
import { DURATION_BUCKETS_SECONDS } from '../../src/metrics/http';
import { REQUESTS, requestBody } from '../helpers/requests';
import { request, spawnService, type ServiceProcess, STARTUP_MS } from '../helpers/service-process';

// Long enough for any request of a busy machine; the blocked read waits for it.
const STATEMENT_TIMEOUT_MS = 2_000;
const SPECIALTIES = '/api/v1/public/contractors/specialties';

let db: TestDatabase;
let svc: ServiceProcess;
let metrics: string;
let prometheus: Prometheus | undefined;
/** Every status the public port answered this file, in order. */
const answered: number[] = [];

async function call(path: string, options: { method?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers = { ...options.headers, ...(options.key === undefined ? {} : { authorization: `Bearer ${options.key}` }) };
  // A new connection each (request's default): the kernel spreads them over both HTTP workers.
  const res = await request(svc.url + path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    body: options.body,
    headers,
  });
  answered.push(res.status);
  return { status: res.status, text: res.body };
}

/** A specialties read while the table is locked: it waits until the statement timeout, a 503. */
async function blockedRead(key: string): Promise<number> {
  const blocker = new pg.Client({ connectionString: db.url });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query('lock table app_public.specialties in access exclusive mode');
    return (await call(SPECIALTIES, { key })).status;
  } finally {
    await blocker.query('rollback');
    await blocker.end();
  }
}

/** What the test sends: every door, an admitted and a refused key, a 429, a 404, a 503, a job. */
async function traffic(): Promise<void> {
  // Three anonymous requests are the quota; the fourth is a 429.
  for (let i = 0; i < 3; i++) expect((await call(SPECIALTIES)).status).toBe(200);
  expect((await call(SPECIALTIES)).status).toBe(429);
  const registered = await call('/api/agents/register', {
    body: { firstName: 'Metrics', lastName: 'Test', email: `metrics-${process.pid}@example.com`, password: 'a long enough password' },
  });
  expect(registered.status).toBe(200);
  const key = (JSON.parse(registered.text) as { data: { credentials: { apiKey: string } } }).data.credentials.apiKey;
  for (let i = 0; i < 12; i++) expect((await call('/api/v1/public/contractors/search?q=diesel&limit=3', { key })).status).toBe(200);
  expect((await call('/api/v1/public/contractors/no-such-pro', { key })).status).toBe(404);
  expect((await call(SPECIALTIES, { key: 'svc_public_nonsense' })).status).toBe(401);
  const mcp = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const tool = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_contractors', arguments: { q: 'canvas' } } };
  expect((await call('/mcp', { key, body: tool, headers: mcp })).status).toBe(200);
  const skill = { kind: 'data', data: { skill: 'list_specialties', input: {} } };
  const message = { kind: 'message', messageId: randomUUID(), role: 'user', parts: [skill] };
  expect((await call('/a2a', { key, body: { jsonrpc: '2.0', id: 1, method: 'message/send', params: { message } } })).status).toBe(200);
  // A public key holds no staff grant.
  expect((await call('/graphql', { key, body: { query: '{ __typename }' } })).status).toBe(403);
  const { rows } = await db.pool.query('select slug from app_public.specialties order by slug limit 1');
  expect((await call(REQUESTS, { key, body: requestBody(rows[0].slug, []) })).status).toBe(201);
  expect(await blockedRead(key)).toBe(503);
  // The public port has no /metrics.
  expect((await call('/metrics')).status).toBe(404);
}

beforeAll(async () => {
  db = await createTestDatabase();
  svc = await spawnService(db, {
    WEB_CONCURRENCY: '2',
    RATE_LIMIT_ANONYMOUS: '3',
    DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    // The primary named as a replica too: a replica that is always ok, with no lag.
    READ_DATABASE_URL: db.authUrl,
  });
  await svc.waitForLog((l) => l.msg === 'listening', STARTUP_MS, 2);
  await svc.waitForLog((l) => l.msg === 'worker running', STARTUP_MS);
  metrics = await metricsUrl(svc);
  prometheus = await startPrometheus(metrics);
  await traffic();
  // The verification e-mail's job ran.
  await svc.waitForLog((l) => l.msg === 'e-mail written to the outbox', STARTUP_MS);
}, 360_000);

afterAll(async () => {
  await prometheus?.stop();
  svc?.killAll();
  await svc?.exited;
  await db?.drop();
});

/** How many answers of each status the test got. */
function byStatus(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of answered) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

/** A scrape whose job queue figure is there (its query has a time limit a busy machine may hit). */
async function scrapeWithQueue(): Promise<Exposition> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const m = await scrape(metrics);
    if (m.find('marine_job_queue_jobs').length > 0 || Date.now() > deadline) return m;
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('one scrape has every family, summed over both HTTP workers and the job worker', async () => {
  const m = await scrapeWithQueue();
  // Both HTTP workers answered some of the requests (each logs its own with its pid)...
  const answeredBy = new Set(
    svc
      .logs()
      .filter((l) => typeof l.res === 'object' && l.res !== null)
      .map((l) => l.pid),
  );
  expect(answeredBy.size).toBe(2);
  // ...and the scrape counts every request, whichever worker answered it.
  expect(m.find('marine_processes')).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ labels: { role: 'http' }, value: 2 }),
      expect.objectContaining({ labels: { role: 'jobs' }, value: 1 }),
    ]),
  );
  const counted: Record<string, number> = {};
  for (const s of m.find('marine_http_requests_total')) counted[s.labels.status!] = (counted[s.labels.status!] ?? 0) + s.value;
  expect(counted).toEqual(byStatus());
  expect(m.sum('marine_http_request_duration_seconds_count')).toBe(answered.length);

  // Operations by name, doors apart; never a path with an id.
  const ops = (door: string) => new Set(m.find('marine_http_requests_total', { door }).map((s) => s.labels.operation));
  expect(ops('rest')).toEqual(
    new Set(['listSpecialties', 'registerAgent', 'searchContractors', 'getContractorBySlug', 'createServiceRequest']),
  );
  expect(ops('mcp')).toEqual(new Set(['search_contractors']));
  expect(ops('a2a')).toEqual(new Set(['list_specialties']));
  expect(ops('graphql')).toEqual(new Set(['graphql']));
  expect(ops('other')).toEqual(new Set(['unmatched']));
  expect(m.sum('marine_http_requests_total', { door: 'rest', operation: 'searchContractors', status_class: '2xx' })).toBe(12);

  // Admission: every admitted request, the unknown key's 401 and the 429.
  expect(m.sum('marine_admissions_total', { outcome: 'rate_limited' })).toBe(1);
  expect(m.sum('marine_admissions_total', { outcome: 'unauthenticated' })).toBe(1);
  expect(m.sum('marine_admissions_total', { outcome: 'admitted' })).toBeGreaterThanOrEqual(12);

  // Database: pools of both workers (the primary, the replica, staff GraphQL) and the job worker.
  expect(m.sum('marine_db_pool_max_connections', { pool: 'primary' })).toBe(20);
  for (const family of ['marine_db_pool_connections', 'marine_db_pool_in_use_connections', 'marine_db_pool_waiting_requests']) {
    expect(new Set(m.find(family).map((s) => s.labels.pool))).toEqual(
      new Set(['primary', `replica 127.0.0.1:${new URL(db.authUrl).port}/${db.name}`, 'staff_graphql', 'jobs']),
    );
  }
  // The blocked read timed out on the replica, then on the primary.
  expect(m.sum('marine_db_timeouts_total', { kind: 'statement' })).toBeGreaterThanOrEqual(1);
  expect(m.types.get('marine_db_timeouts_total')).toBe('counter');
  // The replica as both workers see it (the blocked read may have left it out for a moment).
  expect(m.sum('marine_db_replica_state')).toBe(2);
  // Its lag (the largest either measured; unknown for a moment after the blocked read): no lag.
  expect(m.find('marine_db_replica_lag_seconds').every((s) => s.value === 0)).toBe(true);

  // The job worker: the queue, the verification job's run and its e-mail.
  expect(new Set(m.find('marine_job_queue_jobs').map((s) => s.labels.state))).toEqual(new Set(['ready', 'scheduled', 'locked', 'failed']));
  expect(m.sum('marine_job_runs_total', { task: 'service_requests__send_verification', outcome: 'success' })).toBe(1);
  expect(m.types.get('marine_jobs_failed_total')).toBe('counter');
  expect(m.sum('marine_email_send_duration_seconds_count', { transport: 'outbox', outcome: 'sent' })).toBe(1);

  // Process figures, by role.
  expect(
    m
      .find('process_resident_memory_bytes')
      .map((s) => s.labels.role)
      .sort(),
  ).toEqual(['http', 'jobs']);
  expect(m.find('nodejs_eventloop_lag_p99_seconds').length).toBeGreaterThan(0);
});

test("Prometheus' scrape counts the test's requests by status, a 429 and a 503 among them, and their latency", async () => {
  const expected = byStatus();
  expect(expected).toMatchObject({ 429: 1, 503: 1 });
  // Wait for a scrape that saw every request.
  const deadline = Date.now() + 90_000;
  let counted: Record<string, number> = {};
  while (Date.now() < deadline) {
    const result = await prometheus!.query('sum by (status) (marine_http_requests_total)');
    counted = Object.fromEntries(result.map((r) => [r.metric.status!, r.value]));
    if (JSON.stringify(Object.entries(counted).sort()) === JSON.stringify(Object.entries(expected).sort())) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(counted).toEqual(expected);

  const quantile = async (q: number, selector = '') =>
    (await prometheus!.query(`histogram_quantile(${q}, sum by (le) (marine_http_request_duration_seconds_bucket${selector}))`))[0]!.value;
  const median = await quantile(0.5);
  expect(median).toBeGreaterThan(0);
  expect(median).toBeLessThan(30);
  // The 503 waited for a statement timeout (the replica's, and the primary's when the replica
  // was still in use): so no 5xx is in a bucket below it (1 s here, under the 2 s timeout). The
  // quantile lies in the bucket the 503 fell in, interpolated: more than that bucket's floor,
  // whichever bucket a machine's timing puts it in (above 2.5 s with both timeouts).
  const floor = Math.max(...DURATION_BUCKETS_SECONDS.filter((le) => le < STATEMENT_TIMEOUT_MS / 1000));
  expect(await quantile(0.5, '{status_class="5xx"}')).toBeGreaterThan(floor);
  const [fastFailures] = await prometheus!.query(`sum(marine_http_request_duration_seconds_bucket{status_class="5xx", le="${floor}"})`);
  expect(fastFailures!.value).toBe(0);
}, 180_000);
