// Scale-out on one machine (issue 18): a streaming replica of this file's own cluster
// (pg_basebackup -R, another port) and PgBouncer in transaction mode in front of the primary.
// The service (npm start's supervisor, two HTTP workers) connects as the authenticator through
// PgBouncer (DATABASE_POOL_MODE=transaction) and reads the directory from the replica
// (READ_DATABASE_URL). Which server ran what is read from each cluster's pg_stat_statements.
// The job worker is not routed through PgBouncer: its LISTEN and its liveness session need a
// session (docs/deploy.md); RUN_WORKER=false here, as makeOpportunity requires.
import pg from 'pg';
import { verificationDigest } from '../../src/credentials';
import { FaultCluster } from './cluster';
import { Load } from './load';
import { PgBouncer } from './pgbouncer';
import { spawnService, type ServiceProcess, STARTUP_MS } from '../helpers/service-process';
import { asStaff, makeOpportunity, OWNER } from '../helpers/opportunities';
import type { TestDatabase } from '../helpers/db';
import type { TestService } from '../helpers/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let primary: FaultCluster;
let replica: FaultCluster;
let bouncer: PgBouncer;
let service: ServiceProcess;
let owner: pg.Pool;

beforeAll(async () => {
  primary = await FaultCluster.create(300, ["shared_preload_libraries = 'pg_stat_statements'"]);
  await primary.sql('create extension pg_stat_statements');
  replica = await primary.createReplica();
  bouncer = await PgBouncer.start(primary, 2);
  owner = new pg.Pool({ connectionString: primary.url, max: 2 });
  service = await spawnService(primary, {
    DATABASE_URL: primary.url,
    AUTH_DATABASE_URL: bouncer.authUrl,
    DATABASE_POOL_MODE: 'transaction',
    READ_DATABASE_URL: `postgres://marine_authenticator@127.0.0.1:${replica.port}/marine`,
    // A check's timeout is its interval: 1 s, so a busy machine's slow answer is not taken for
    // an unreachable replica (which sends reads to the primary, as it should, but not the
    // routing the first test counts); lag beyond 5 s likewise.
    READ_REPLICA_CHECK_INTERVAL_MS: '1000',
    READ_REPLICA_MAX_LAG_MS: '5000',
    RATE_LIMIT_ANONYMOUS: '10000000',
    RUN_WORKER: 'false',
    WEB_CONCURRENCY: '2',
    DATABASE_POOL_SIZE: '4',
  });
  await service.waitForLog((l) => l.msg === 'listening', STARTUP_MS, 2);
  await service.waitForLog((l) => l.msg === 'read replica in use', STARTUP_MS, 2);
}, 300_000);
afterAll(async () => {
  // What the service logged about failures, for a failing test.
  const failures = service?.logs().filter((l) => (l.level as number) >= 50) ?? [];
  if (failures.length > 0) console.info('service errors', JSON.stringify(failures.slice(0, 3), null, 1));
  service?.killAll();
  await service?.exited;
  await owner?.end();
  await bouncer?.stop();
  await replica?.destroy();
  await primary?.destroy();
});

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const r = await fetch(service.url + path, { headers });
  return { status: r.status, body: await r.json() };
}
async function send(method: string, path: string, body: unknown, apiKey?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (apiKey !== undefined) headers.authorization = `Bearer ${apiKey}`;
  const r = await fetch(service.url + path, { method, headers, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

/** Calls of each app_hidden function on a cluster so far (pg_stat_statements: written at once). */
async function calls(cluster: FaultCluster): Promise<Record<string, number>> {
  const rows = await cluster.sql<{ fn: string; calls: string }>(
    `select m[1] as fn, sum(calls)::bigint as calls
       from pg_stat_statements, regexp_matches(query, 'app_hidden\\.([a-z_]+)\\(', 'g') m group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.fn, Number(r.calls)]));
}
function delta(after: Record<string, number>, before: Record<string, number>, fn: string): number {
  return (after[fn] ?? 0) - (before[fn] ?? 0);
}

/**
 * Waits until /readyz says the replica is in this state `times` answers in a row: each HTTP
 * process checks on its own, and either may answer, so a run of answers stands for both.
 */
async function replicaBecomes(state: string, what: string, times = 1): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  for (let run = 0; run < times;) {
    run = (await replicaState()) === state ? run + 1 : 0;
    if (Date.now() > deadline) throw new Error(`${what} within ${STARTUP_MS} ms`);
    if (run < times) await sleep(100);
  }
}

const READS: Array<[string, string]> = [
  ['search_contractors', '/api/v1/public/contractors/search?q=diesel&limit=5'],
  ['geo_search_point', '/api/v1/public/contractors/geo-search?lat=26.12&lng=-80.14&radiusMiles=50'],
  ['geo_search_box', '/api/v1/public/contractors/geo-search?minLat=24&maxLat=31&minLng=-88&maxLng=-80'],
  ['list_specialties', '/api/v1/public/contractors/specialties'],
  ['list_posts', '/api/v1/public/articles'],
];

test('directory reads are answered by the replica; admission and writes by the primary, through PgBouncer', async () => {
  const { rows } = await owner.query<{ slug: string; id: string }>('select slug, id from app_public.contractors where is_active limit 1');
  const reads: Array<[string, string]> = [
    ...READS,
    ['list_posts', '/api/v1/public/blog'],
    ['contractor_by_slug', `/api/v1/public/contractors/${rows[0]!.slug}`],
    ['contractor_by_id', `/api/v1/public/contractors/by-id/${rows[0]!.id}`],
  ];
  const rounds = 5;
  const expected: Record<string, number> = {};
  for (const [fn] of reads) expected[fn] = (expected[fn] ?? 0) + rounds;
  /** Five rounds of every read; what each cluster ran meanwhile, per function. */
  const measure = async () => {
    await replicaBecomes('ok', 'both processes did not find the replica in use', 10);
    const [primaryBefore, replicaBefore, statsBefore] = await Promise.all([calls(primary), calls(replica), bouncer.show('stats')]);
    for (let i = 0; i < rounds; i++) {
      const answers = await Promise.all(reads.map(([, path]) => get(path)));
      expect(answers.map((a) => a.status)).toEqual(reads.map(() => 200));
    }
    const [primaryAfter, replicaAfter, statsAfter] = await Promise.all([calls(primary), calls(replica), bouncer.show('stats')]);
    const ran = (fn: string) => ({ fn, primary: delta(primaryAfter, primaryBefore, fn), replica: delta(replicaAfter, replicaBefore, fn) });
    return { ran, statsBefore, statsAfter };
  };
  // A health check that misses its one-second bound on a busy machine takes the replica out for
  // a second, and the reads of that second go to the primary, as they should: such a measurement
  // is taken again (at most twice), and the last one must show every read on the replica.
  let m = await measure();
  for (let again = 0; again < 2 && Object.keys(expected).some((fn) => m.ran(fn).primary > 0); again++) m = await measure();
  for (const fn of Object.keys(expected)) expect(m.ran(fn)).toEqual({ fn, primary: 0, replica: expected[fn] });
  const { ran, statsBefore, statsAfter } = m;
  // Every read was admitted (counted) on the primary, and the replica assumed each caller.
  expect(ran('admit_request').primary).toBe(rounds * reads.length);
  expect(ran('assume_caller').replica).toBe(rounds * reads.length);
  expect(ran('admit_request').replica).toBe(0);
  // ...through PgBouncer: its transactions on the marine database grew by at least as many.
  const xacts = (stats: Array<Record<string, unknown>>) => Number(stats.find((s) => s.database === 'marine')?.total_xact_count ?? 0);
  expect(xacts(statsAfter) - xacts(statsBefore)).toBeGreaterThanOrEqual(rounds * reads.length);
  // /readyz names each database.
  const ready = await get('/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body.databases).toEqual([
    { name: 'primary', status: 'ok' },
    { role: 'replica', name: `127.0.0.1:${replica.port}/marine`, status: 'ok', lagMs: expect.any(Number) },
  ]);
});

test('every other door works through PgBouncer in transaction mode, with no session state between requests', async () => {
  // Three agents, each asking who it is 10 times, all at once over 2 server connections: a
  // claim left in a session would answer one agent with another's account.
  const agents = await Promise.all(
    [1, 2, 3].map(async (i) => {
      const r = await send('POST', '/api/agents/register', {
        firstName: 'Pool',
        lastName: `Agent${i}`,
        email: `pool${i}@example.com`,
        password: 'a long enough password',
      });
      expect(r.status).toBe(200);
      return { email: r.body.data.agent.email as string, key: r.body.data.credentials.apiKey as string };
    }),
  );
  const asked = await Promise.all(
    agents.flatMap((a) => Array.from({ length: 10 }, () => get('/api/account/me', { authorization: `Bearer ${a.key}` }))),
  );
  expect(asked.map((r) => [r.status, r.body.data?.email ?? r.body.email])).toEqual(
    agents.flatMap((a) => Array.from({ length: 10 }, () => [200, a.email])),
  );
  // Keys: mint (a write that must read its own write), list.
  const minted = await send('POST', '/api/v1/user-api-keys', { name: 'second' }, agents[0]!.key);
  expect(minted.status).toBe(201);
  const listed = await get('/api/v1/user-api-keys', { authorization: `Bearer ${agents[0]!.key}` });
  expect(listed.status).toBe(200);
  // A key minted a moment ago may not be on the replica yet: its directory read still answers.
  expect((await get(READS[0]![1], { authorization: `Bearer ${minted.body.data.apiKey}` })).status).toBe(200);
  // Staff GraphQL, the same query again and again (a prepared statement would be on one server only).
  await owner.query(`select app_private.grant_staff($1, 'cli:test')`, [agents[1]!.email]);
  const graphql = await Promise.all(
    Array.from({ length: 8 }, () => send('POST', '/graphql', { query: '{ allSpecialties(first: 2) { nodes { slug } } }' }, agents[1]!.key)),
  );
  expect(graphql.map((r) => [r.status, r.body.errors])).toEqual(graphql.map(() => [200, undefined]));
});

test('a review written through the owner flow shows in search once the replica has replayed it', async () => {
  const db = { pool: owner } as unknown as TestDatabase;
  const made = await makeOpportunity({ db } as unknown as TestService, 1);
  const quote = made.quotes[0]!;
  const estimate = await asStaff(db, 'app_public.pro_submit_estimate($1, 500, $2, null)', [quote.quoteId, 'USD']);
  const post = (action: string, body: Record<string, unknown>) =>
    send('POST', `${OWNER}/${made.opportunityId}/${action}`, { ownerAccessToken: made.token, confirm: true, ...body });
  const countOf = async () => {
    const r = await get(`/api/v1/public/contractors/search?q=${encodeURIComponent(quote.contractorName)}&limit=50`);
    expect(r.status).toBe(200);
    return (r.body.data.contractors as Array<{ slug: string; reviewCount: number }>).find((c) => c.slug === quote.contractorSlug)!
      .reviewCount;
  };
  const before = await countOf();
  expect((await post('accept-estimate', { estimateId: estimate.id })).status).toBe(200);
  expect((await post('mark-complete', { quoteId: quote.quoteId })).status).toBe(200);
  expect((await post('review', { quoteId: quote.quoteId, rating: 5, review: 'Replayed and found' })).status).toBe(200);
  const written = (await primary.sql<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
  const deadline = Date.now() + 5_000;
  while ((await countOf()) !== before + 1) {
    if (Date.now() > deadline) throw new Error('the review did not reach search within 5 s');
    await sleep(50);
  }
  // What search answered with, the replica had replayed.
  const [row] = await replica.sql<{ replayed: boolean }>(`select pg_last_wal_replay_lsn() >= $1::pg_lsn as replayed`, 'marine', [written]);
  expect(row?.replayed).toBe(true);
  const profile = await get(`/api/v1/public/contractors/${quote.contractorSlug}`);
  expect(JSON.stringify(profile.body)).toContain('Replayed and found');
});

// A listing claimed and edited by its pro (issue 26): the edit is written on the primary and
// shows in search and on the profile, read from the replica, once it has replayed it. No worker
// runs here, so the test sets the claim's code as the worker would.
test("a claimed listing's edit shows in search and on the profile once the replica has replayed it", async () => {
  const [listing] = await primary.sql<{ slug: string }>(
    `update app_public.contractors set email = 'office@replayed.example', is_claimed = false
      where id = (select id from app_public.contractors where is_active order by id offset 7 limit 1) returning slug`,
  );
  const claim = await send('POST', '/api/v1/pro/listing-claims', {
    contractorSlug: listing!.slug,
    claimant: { name: 'Dana Pro', email: 'dana@claimant.example' },
  });
  expect(claim.status).toBe(201);
  const claimId: string = claim.body.data.claimId;
  await owner.query('select app_private.set_listing_claim_code($1, $2)', [claimId, verificationDigest(claimId, '24681357')]);
  const verified = await send('POST', `/api/v1/pro/listing-claims/${claimId}/verify`, { verificationCode: '24681357' });
  expect(verified.status).toBe(200);
  const word = 'Quorvantine';
  const edited = await send('POST', '/api/v1/pro/listing/edits', {
    tagline: `${word} rigging, replayed`,
    confirm: true,
    listingAccessToken: verified.body.data.listingAccessToken,
  });
  expect(edited.status).toBe(200);
  const written = (await primary.sql<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
  const deadline = Date.now() + 5_000;
  const found = async () => {
    const r = await get(`/api/v1/public/contractors/search?q=${word}&limit=5`);
    expect(r.status).toBe(200);
    return (r.body.data.contractors as Array<{ slug: string }>).some((c) => c.slug === listing!.slug);
  };
  while (!(await found())) {
    if (Date.now() > deadline) throw new Error('the edit did not reach search within 5 s');
    await sleep(50);
  }
  const [row] = await replica.sql<{ replayed: boolean }>(`select pg_last_wal_replay_lsn() >= $1::pg_lsn as replayed`, 'marine', [written]);
  expect(row?.replayed).toBe(true);
  const profile = await get(`/api/v1/public/contractors/${listing!.slug}`);
  expect(profile.body.data).toMatchObject({ tagline: `${word} rigging, replayed`, isClaimed: true });
});

async function replicaState(): Promise<string> {
  const r = await get('/readyz');
  expect(r.status).toBe(200);
  return (r.body.databases as Array<{ role?: string; status: string }>).find((d) => d.role === 'replica')!.status;
}

test('a replica further behind than READ_REPLICA_MAX_LAG_MS is skipped, and used again once it catches up', async () => {
  await replica.sql('select pg_wal_replay_pause()');
  try {
    // Requests go on (each admission commits on the primary, so its WAL moves on).
    const load = new Load([service.url + READS[3]![1]], 2);
    await replicaBecomes('lagging', 'both processes did not find the paused replica lagging', 10);
    const [p0, r0] = await Promise.all([calls(primary), calls(replica)]);
    expect((await get(READS[0]![1])).status).toBe(200);
    const [p1, r1] = await Promise.all([calls(primary), calls(replica)]);
    expect([delta(p1, p0, 'search_contractors'), delta(r1, r0, 'search_contractors')]).toEqual([1, 0]);
    const outcomes = await load.stop();
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
  } finally {
    await replica.sql('select pg_wal_replay_resume()');
  }
  await replicaBecomes('ok', 'the replica was not used again after catching up');
});

test('the replica stopped and restarted under load: no directory read fails, and it is used again', async () => {
  const load = new Load(
    READS.map(([, path]) => service.url + path),
    6,
  );
  await sleep(1000);
  await replica.stop('fast');
  await replicaBecomes('unreachable', 'the stopped replica was not found unreachable');
  const whileDown = load.outcomes.length;
  await sleep(1000);
  expect(load.outcomes.length).toBeGreaterThan(whileDown); // served by the primary meanwhile
  await replica.start();
  await replicaBecomes('ok', 'the replica was not used again after its restart');
  const back = await calls(replica);
  await sleep(1500);
  const outcomes = await load.stop();
  const after = await calls(replica);
  console.info('replica stopped under load', Load.summary(outcomes));
  expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
  expect(delta(after, back, 'search_contractors')).toBeGreaterThan(0);
});
