// npm run bench:replica -- [--size 10000] [--duration 8] [--warmup 5] [--connections 8]
// The directory with one read replica, on this machine (issue 18): a throwaway primary (seeded
// with the demo generator) and a streaming replica of it (pg_basebackup -R), the API in one
// process with READ_DATABASE_URL, and wrk on each directory workload (bench/workloads.ts). For
// each workload, from each cluster's own statistics: which SQL functions it ran
// (pg_stat_statements) and its transactions (pg_stat_database), and the CPU a request cost the
// API process, the primary's processes and the replica's. Then the admission count alone
// (app_hidden.admit_request in its transaction, pgbench on the primary): its CPU per request and
// its ceiling. Writes bench/results/replica.md and .json; docs/scaling.md builds on them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FaultCluster, freePort } from './cluster';
import { load } from './load';
import { pgbenchLoad, runPgbench } from './pgbench';
import { requestFlowBody, workloads, type Req } from './workloads';

const ROOT = path.resolve(__dirname, '../..');
const RESULTS = path.join(ROOT, 'bench/results');
const TICK_MS = 10;
const log = (s: string): void => console.error(`bench:replica: ${s}`);

/** CPU ticks of a process (itself, and its children that ended: a backend's go to the postmaster). */
function ticks(pid: string): { ppid: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: f[1]!, ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** CPU ticks of one cluster so far: its postmaster and every process it started. */
function clusterTicks(cluster: FaultCluster): number {
  const postmaster = readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
  let total = ticks(postmaster)?.ticks ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = ticks(name);
    if (p?.ppid === postmaster) total += p.ticks;
  }
  return total;
}

interface Stats {
  functions: Record<string, number>;
  xacts: number;
}

/** Calls of each app_hidden function (pg_stat_statements) and committed transactions. */
async function stats(cluster: FaultCluster): Promise<Stats> {
  const rows = await cluster.sql<{ fn: string; calls: string }>(
    `select m[1] as fn, sum(calls)::bigint as calls
       from pg_stat_statements, regexp_matches(query, 'app_hidden\\.([a-z_]+)\\(', 'g') m group by 1`,
  );
  const [db] = await cluster.sql<{ xacts: string }>(`select xact_commit::bigint as xacts from pg_stat_database where datname = 'marine'`);
  return { functions: Object.fromEntries(rows.map((r) => [r.fn, Number(r.calls)])), xacts: Number(db!.xacts) };
}

function minus(after: Stats, before: Stats): Stats {
  const functions: Record<string, number> = {};
  for (const [fn, n] of Object.entries(after.functions)) {
    const d = n - (before.functions[fn] ?? 0);
    if (d > 0) functions[fn] = d;
  }
  return { functions, xacts: after.xacts - before.xacts };
}

interface Row {
  workload: string;
  requests: number;
  rps: number;
  failed: number;
  cpuMsPerRequest: { api: number; primary: number; replica: number };
  primary: Stats;
  replica: Stats;
}

async function startApi(env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${url}/readyz`)
      .then(async (r) => r.ok && ((await r.json()) as { databases: Array<{ status: string }> }).databases.every((d) => d.status === 'ok'))
      .catch(() => false);
    if (ok) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the API did not start:\n${err.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** pgbench on the primary: admission alone, each client its own bucket (as many clients are). */
async function admissionAlone(primary: FaultCluster, connections: number, duration: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-admission-'));
  const script = path.join(dir, 'admit.sql');
  writeFileSync(
    script,
    [
      'begin;',
      'set local role marine_anonymous;',
      "select app_hidden.admit_request(null, 'bench-' || :client_id, 86400, 2000000000, 2000000000, 2000000000);",
      'commit;',
      '',
    ].join('\n'),
  );
  const lsn = async () => (await primary.sql<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
  const lsnBefore = await lsn();
  const before = clusterTicks(primary);
  const out = await runPgbench([
    ...pgbenchLoad(connections, duration),
    '-f',
    script,
    `postgres://marine_authenticator@127.0.0.1:${primary.port}/marine`,
  ]);
  const cpu = clusterTicks(primary) - before;
  const [wal] = await primary.sql<{ bytes: string }>(`select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint as bytes`, 'marine', [
    lsnBefore,
  ]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    tps: transactions / duration,
    primaryCpuMsPerAdmission: (cpu * TICK_MS) / Math.max(1, transactions),
    walBytesPerAdmission: Number(wal!.bytes) / Math.max(1, transactions),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '10000' },
      duration: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '8' },
    },
  });
  const size = Number(values.size);
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const connections = Number(values.connections);
  log(`primary: ${size} contractors`);
  const primary = await FaultCluster.create(size, ["shared_preload_libraries = 'pg_stat_statements'", 'shared_buffers = 128MB']);
  let replica: FaultCluster | undefined;
  let api: ChildProcess | undefined;
  try {
    await primary.sql('create extension pg_stat_statements');
    // As a long-running database is: hint bits set and the visibility map full (index-only scans),
    // before the replica copies it (a replica cannot vacuum).
    await primary.sql('vacuum (freeze, analyze)');
    replica = await primary.createReplica();
    log(`replica on port ${replica.port}`);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    api = await startApi(
      {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: primary.url,
        AUTH_DATABASE_URL: primary.authUrl,
        READ_DATABASE_URL: `postgres://marine_authenticator@127.0.0.1:${replica.port}/marine`,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ANONYMOUS: '2000000000',
        WEB_CONCURRENCY: '0',
        RUN_WORKER: 'false',
        METRICS_PORT: '0',
      },
      url,
    );
    const slugs = (
      await primary.sql<{ slug: string }>('select slug from app_public.contractors where is_active order by md5(slug) limit 1000')
    ).map((r) => r.slug);
    const rows: Row[] = [];
    // A write: an owner's service request (a draft, its event and its e-mail job; the primary's),
    // each with an address of its own (more than a run sends).
    const drafts = (runId: string): Req[] =>
      Array.from({ length: 20_000 }, (_, i) => ({
        method: 'POST',
        path: '/api/v1/public/search-mcp/service-requests',
        body: requestFlowBody(i, runId).body,
      }));
    const measured = [
      ...workloads(slugs).map((w) => ({ name: w.name, warm: w.api, api: w.api, headers: {} })),
      { name: 'service request (a write)', warm: drafts('warm'), api: drafts('run'), headers: { 'content-type': 'application/json' } },
    ];
    for (const w of measured) {
      log(w.name);
      if (warmup > 0) await load({ url, connections, duration: warmup, headers: w.headers, requests: w.warm });
      const [p0, r0] = await Promise.all([stats(primary), stats(replica)]);
      const cpu0 = { api: ticks(String(api.pid))!.ticks, primary: clusterTicks(primary), replica: clusterTicks(replica) };
      const r = await load({ url, connections, duration, headers: w.headers, requests: w.api });
      const cpu1 = { api: ticks(String(api.pid))!.ticks, primary: clusterTicks(primary), replica: clusterTicks(replica) };
      const [p1, r1] = await Promise.all([stats(primary), stats(replica)]);
      const per = (t: number) => (t * TICK_MS) / Math.max(1, r.requests);
      rows.push({
        workload: w.name,
        requests: r.requests,
        rps: r.rps,
        failed: r.errors + r.timeouts + r.non2xx,
        cpuMsPerRequest: {
          api: per(cpu1.api - cpu0.api),
          primary: per(cpu1.primary - cpu0.primary),
          replica: per(cpu1.replica - cpu0.replica),
        },
        primary: minus(p1, p0),
        replica: minus(r1, r0),
      });
    }
    api.kill('SIGTERM');
    log('admission alone (pgbench on the primary)');
    const admission = await admissionAlone(primary, connections, duration);
    const result = {
      size,
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, shared with other work`,
      durationSeconds: duration,
      connections,
      rows,
      admission,
    };
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, 'replica.json'), JSON.stringify(result, null, 2) + '\n');
    writeFileSync(path.join(RESULTS, 'replica.md'), markdown(result));
    console.log(markdown(result));
  } finally {
    api?.kill('SIGKILL');
    await replica?.destroy();
    await primary.destroy();
  }
}

function markdown(r: {
  size: number;
  date: string;
  machine: string;
  durationSeconds: number;
  connections: number;
  rows: Row[];
  admission: { tps: number; primaryCpuMsPerAdmission: number; walBytesPerAdmission: number };
}): string {
  const f = (n: number, d = 2) => n.toFixed(d);
  const calls = (s: Stats) =>
    Object.entries(s.functions)
      .sort((a, b) => b[1] - a[1])
      .map(([fn, n]) => `${fn} ${n}`)
      .join(', ') || '–';
  const lines = [
    `# One read replica: ${r.size} contractors`,
    '',
    `${r.date}, ${r.machine}; wrk, ${r.connections} connections, ${r.durationSeconds} s per workload; the API in one process (WEB_CONCURRENCY=0), the primary and the replica each a throwaway cluster on this machine. \`npm run bench:replica\`.`,
    '',
    "## Who answered what (each cluster's pg_stat_statements and pg_stat_database over the run)",
    '',
    '| workload | requests | failed | primary: app_hidden calls | primary xacts | replica: app_hidden calls | replica xacts |',
    '|---|---:|---:|---|---:|---|---:|',
    ...r.rows.map(
      (x) =>
        `| ${x.workload} | ${x.requests} | ${x.failed} | ${calls(x.primary)} | ${x.primary.xacts} | ${calls(x.replica)} | ${x.replica.xacts} |`,
    ),
    '',
    '## CPU per request (ms) and throughput',
    '',
    '| workload | rps | API process | primary | replica | requests/s per core: API | primary | replica |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...r.rows.map((x) => {
      const c = x.cpuMsPerRequest;
      const perCore = (ms: number) => (ms > 0 ? f(1000 / ms, 0) : '–');
      return `| ${x.workload} | ${f(x.rps, 0)} | ${f(c.api)} | ${f(c.primary)} | ${f(c.replica)} | ${perCore(c.api)} | ${perCore(c.primary)} | ${perCore(c.replica)} |`;
    }),
    '',
    `Admission alone (app_hidden.admit_request in its transaction, pgbench on the primary, each client its own bucket): ${f(r.admission.tps, 0)} per second, ${f(r.admission.primaryCpuMsPerAdmission, 3)} ms of primary CPU each (${f(1000 / r.admission.primaryCpuMsPerAdmission, 0)} per core-second), ${f(r.admission.walBytesPerAdmission, 0)} bytes of WAL each (which every replica replays).`,
    '',
  ];
  return lines.join('\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
