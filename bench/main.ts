// npm run bench -- --size 100000 [--size 10000,1000000] [--duration 8] [--connections 8]
//   [--only geo] (only workloads whose name contains it; prints, writes no results unless --results)
//   [--results DIR] (where the tables go; default bench/results, or nowhere with --only)
//   [--sql-sets N] (parameter sets of each workload's warm SQL times, default all 100)
//   [--slices 4] (the API and pgbench alternate in this many slices of each measurement)
// For each size: a seeded bench_<size> database (cached, see databases.ts), the API started as
// `npm start` starts it (scripts/serve.sh: production build, worker included), wrk in a separate
// process (load.ts), and the baselines measured in the same run: (a) pgbench on the same SQL
// (as fast as it goes, and again throttled to the rate the API served, for the CPU comparison),
// (b) a bare node:http server answering the same bytes, (c) PostGraphile (POST /graphql) on the
// closest query its generated schema offers, (d) PostGraphile serving the same SQL functions
// (bench/same-sql-graphql.ts), behind the same admission: the like-for-like baseline.
// Writes bench/results/<size>.json and .md, and bench/results/scale.md from every size's JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort } from './cluster';
import { startCpuCount } from './cpu';
import { benchServer, ensureBenchDatabase } from './databases';
import { load as runLoad, type LoadResult } from './load';
import { pgbenchSlice } from './pgbench';
import { f0, fms, fr } from './format';
import { combine, latencySlice, wrkSlice, type Measured, type Slice } from './slices';
import { callerClient, warmSqlTimes, type WarmSql } from './sql-times';
import { textMixMarkdown } from './text-mix';
import { requestFlowBody, workloads, type Req, type Workload } from './workloads';

const ROOT = path.resolve(__dirname, '../..');
const NODE = process.execPath;

interface Row {
  workload: string;
  /** The workload's SQL alone, serially on one connection, each call after a warm-up call (ms). */
  sql?: WarmSql | null;
  api: Measured & { rssMaxMb: number };
  db: Measured | null;
  /**
   * (a) again, throttled to the rate the API served in the slice before it (pgbench -R): the
   * same SQL at the same load, for the CPU comparison (absent from results before issue 25's
   * third stop). A backend's CPU per transaction depends on the load: at 1,000 transactions a
   * second the specialties call costs ~1.6x what it costs saturated (docs/performance.md).
   */
  dbAtApiRate?: Measured | null;
  http: Measured | null;
  graphql: (Measured & { note: string }) | null;
  /** (d) the same SQL function through PostGraphile (absent from results before issue 25). */
  graphqlSame?: Measured | null;
  apiOverCeiling: number | null;
  apiOverGraphql: number | null;
  apiOverGraphqlSame?: number | null;
}
interface SizeResult {
  size: number;
  date: string;
  machine: string;
  durationSeconds: number;
  slices: number;
  connections: number;
  rows: Row[];
  apiRssMaxMb: number;
  failedRequests: number;
}

const log = (s: string): void => console.error(`bench: ${s}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** An SMTP sink: resolves a waiter when a message to that address arrives. */
class Sink {
  private waiters = new Map<string, () => void>();
  private arrived = new Set<string>();
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) {
          const w = this.waiters.get(r.address);
          if (w) {
            this.waiters.delete(r.address);
            w();
          } else this.arrived.add(r.address);
        }
        callback();
      });
    },
  });
  port = 0;
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.server.address() as net.AddressInfo).port;
  }
  waitFor(address: string, timeoutMs = 30_000): Promise<void> {
    if (this.arrived.delete(address)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.waiters.delete(address);
        reject(new Error(`no mail for ${address}`));
      }, timeoutMs);
      this.waiters.set(address, () => {
        clearTimeout(t);
        resolve();
      });
    });
  }
  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

function load(url: string, headers: Record<string, string>, requests: Req[], connections: number, duration: number): Promise<LoadResult> {
  return runLoad({ url, connections, duration, headers, requests });
}

/** A load run as a slice, with the CPU its requests cost (apiPid: the process serving them). */
async function measure(run: () => Promise<LoadResult>, apiPid?: number): Promise<Slice> {
  const count = startCpuCount(apiPid);
  const r = await run();
  return wrkSlice(r, count(r.requests));
}

/** Baseline a: pgbench, one script per parameter set, each the API's transaction (bench/pgbench.ts). */
function pgbench(
  authUrl: string,
  w: Workload,
  role: string,
  userId: string,
  connections: number,
  duration: number,
  warmSeconds: number,
  rate?: number,
): Promise<Slice> {
  // pgbench takes at most 128 scripts.
  const scripts = w
    .sql!.slice(0, 100)
    .map((sql) => `begin;\nset local role ${role};\nselect set_config('app.user_id', '${userId}', true);\n${sql};\ncommit;\n`);
  return pgbenchSlice(authUrl, scripts, connections, duration, warmSeconds, rate);
}

async function startChild(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
  logFile: string,
): Promise<ChildProcess> {
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  child.on('exit', () => writeFileSync(logFile, output));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited: ${output.slice(-2000)}`);
    if (await ready().catch(() => false)) return child;
    await sleep(100);
  }
  child.kill();
  throw new Error(`${cmd} did not become ready: ${output.slice(-2000)}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}

async function runSize(
  base: string,
  size: number,
  duration: number,
  connections: number,
  warmup: number,
  slices: number,
  pgbenchWarmup: number,
  only?: string,
  sqlSets = Infinity,
): Promise<SizeResult> {
  // --only a,b: the workloads whose name contains any of them.
  const chosen = (name: string) => !only || only.split(',').some((o) => name.includes(o));
  const url = await ensureBenchDatabase(base, size, log);
  const authUrl = `${base.replace('postgres@', 'marine_authenticator@')}/bench_${size}`;
  const owner = new Client({ connectionString: url });
  await owner.connect();
  // Clean rate-limit counts each run (the bench database is ours), fresh statistics.
  await owner.query('truncate app_private.rate_limit_slots');
  await owner.query('vacuum analyze app_public.contractors, app_public.contractor_specialties');
  const { rows: slugRows } = await owner.query<{ slug: string }>(
    `select slug from app_public.contractors where is_active order by md5(slug) limit 1000`,
  );
  const sink = new Sink();
  await sink.start();
  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  // Started as npm start starts it (scripts/serve.sh: memory bounds; node from PATH, as set up).
  const apiProcess = await startChild(
    'bash',
    [path.join(ROOT, 'scripts/serve.sh')],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.NODE_MAX_OLD_SPACE_MB ? { NODE_MAX_OLD_SPACE_MB: process.env.NODE_MAX_OLD_SPACE_MB } : {}),
      ...(process.env.NODE_MAX_SEMI_SPACE_MB ? { NODE_MAX_SEMI_SPACE_MB: process.env.NODE_MAX_SEMI_SPACE_MB } : {}),
      DATABASE_URL: url,
      AUTH_DATABASE_URL: authUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: api,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      RATE_LIMIT_ADMIN: '1000000000',
      // One process, no supervisor (as in the earlier results): the CPU and memory columns read
      // this pid. WEB_CONCURRENCY=2 measures npm start's default process model instead.
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '0',
      // A free metrics port: an `npm start` on the same machine holds the default one.
      METRICS_PORT: '0',
      // e.g. BENCH_API_NODE_OPTIONS=--cpu-prof to profile the API under load.
      ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
    },
    async () => (await fetch(`${api}/readyz`)).ok,
    path.join(os.tmpdir(), `bench-api-${size}.log`),
  );
  const pid = apiProcess.pid!;
  // Baseline d: the same SQL functions through PostGraphile, in a process of its own (its CPU
  // counted as the API's is), with the API's configuration and admission.
  const samePort = await freePort();
  const sameSqlUrl = `http://127.0.0.1:${samePort}`;
  const sameSqlGraphql = await startChild(
    NODE,
    [path.join(__dirname, 'same-sql-graphql.js')],
    { ...process.env, DATABASE_URL: url, AUTH_DATABASE_URL: authUrl, PORT: String(samePort), RATE_LIMIT_ADMIN: '1000000000' },
    async () =>
      (
        await fetch(`${sameSqlUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ __typename }"}',
        })
      ).ok,
    path.join(os.tmpdir(), `bench-same-sql-graphql-${size}.log`),
  );
  const result: SizeResult = {
    size,
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
    durationSeconds: duration,
    slices,
    connections,
    rows: [],
    apiRssMaxMb: 0,
    failedRequests: 0,
  };
  try {
    // The admin key: register, promote and grant staff (owner SQL, as `npm run admin` does: the
    // admin tier's limits for the load, staff for the GraphQL baseline), mint a svc_live_ key.
    const email = `bench-admin-${Date.now()}@example.com`;
    const reg = await fetch(`${api}/api/agents/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Admin', email, password: 'bench-password-1234' }),
    });
    const regBody = (await reg.json()) as { data: { agent: { id: string }; credentials: { apiKey: string } } };
    if (!reg.ok) throw new Error(`register: ${reg.status} ${JSON.stringify(regBody)}`);
    await owner.query(`select app_private.set_admin($1, true, 'cli:bench'), app_private.grant_staff($1, 'cli:bench')`, [email]);
    const minted = await fetch(`${api}/api/v1/user-api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${regBody.data.credentials.apiKey}` },
      body: JSON.stringify({ name: 'bench' }),
    });
    const key = ((await minted.json()) as { data: { apiKey: string } }).data.apiKey;
    if (!key?.startsWith('svc_live_')) throw new Error('no admin key');
    const userId = regBody.data.agent.id;
    const headers = { authorization: `Bearer ${key}` };
    const caller = await callerClient(authUrl, userId);
    /** A GraphQL baseline: its first request must answer without errors, then a warm-up and a load. */
    const measureGraphql = async (base: string, bodies: string[], what: string, processId: number | undefined): Promise<Measured> => {
      const reqs: Req[] = bodies.map((b) => ({ method: 'POST', path: '/graphql', body: b }));
      const jsonHeaders = { ...headers, 'content-type': 'application/json' };
      const check = await fetch(`${base}/graphql`, { method: 'POST', headers: jsonHeaders, body: bodies[0] });
      const checkBody = await check.text();
      if (!check.ok || checkBody.includes('"errors"')) throw new Error(`${what}: ${checkBody.slice(0, 1000)}`);
      if (warmup > 0) await load(base, jsonHeaders, reqs, connections, warmup);
      return combine([await measure(() => load(base, jsonHeaders, reqs, connections, duration), processId)]);
    };

    for (const w of workloads(slugRows.map((r) => r.slug))) {
      if (!chosen(w.name)) continue;
      log(`${size}: ${w.name}`);
      // The bytes the API answers (for the bare server), and a check that every request succeeds.
      const sample = await fetch(api + w.api[0]!.path, { headers });
      const body = Buffer.from(await sample.arrayBuffer());
      // A 503 is the statement timeout (a national search at 1,000,000 can take seconds cold): the
      // load counts such answers as failures; any other error status is a wrong request.
      if (sample.status === 503) log(`${w.name}: the first request answered 503 (${body.toString().slice(0, 200)})`);
      else if (!sample.ok) throw new Error(`${w.name}: ${sample.status} ${body.toString().slice(0, 500)}`);
      // The SQL alone first, while nothing else runs: a warm-up call, then the timed one, per set.
      const sql = w.sql ? await warmSqlTimes(caller, w.sql.slice(0, sqlSets)) : null;
      if (warmup > 0) await load(api, headers, w.api, connections, warmup);
      let rssMax = 0;
      const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(pid))), 100);
      // The API and pgbench alternate in slices (bench/slices.ts).
      const apiSlices: Slice[] = [],
        dbSlices: Slice[] = [],
        dbAtRateSlices: Slice[] = [];
      const sliceSeconds = Math.max(1, Math.round(duration / slices));
      for (let i = 0; i < slices; i++) {
        // The API's pool closes connections idle for 10 s (pg-pool's default), which the two
        // pgbench runs between its slices outlast: a second of unmeasured load opens them again,
        // or each slice would start on new backends with cold caches (p99 40 -> 135 ms, geo point).
        if (i > 0) await load(api, headers, w.api, connections, 1);
        const apiSlice = await measure(() => load(api, headers, w.api, connections, sliceSeconds), pid);
        apiSlices.push(apiSlice);
        if (!w.sql) continue;
        dbSlices.push(await pgbench(authUrl, w, 'marine_agent', userId, connections, sliceSeconds, pgbenchWarmup));
        const apiRate = apiSlice.requests / apiSlice.seconds;
        dbAtRateSlices.push(await pgbench(authUrl, w, 'marine_agent', userId, connections, sliceSeconds, pgbenchWarmup, apiRate));
      }
      clearInterval(sampler);
      const apiRun = combine(apiSlices);
      const db = w.sql ? combine(dbSlices) : null;
      const dbAtApiRate = w.sql ? combine(dbAtRateSlices) : null;

      const barePort = await freePort();
      const bodyFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-bare-')), 'body');
      writeFileSync(bodyFile, body);
      const bare = await startChild(
        NODE,
        [path.join(__dirname, 'bare.js'), bodyFile, String(barePort)],
        process.env,
        async () => (await fetch(`http://127.0.0.1:${barePort}/`)).ok,
        path.join(os.tmpdir(), 'bench-bare.log'),
      );
      const http = combine([await measure(() => load(`http://127.0.0.1:${barePort}`, headers, w.api, connections, duration), bare.pid)]);
      await stop(bare);

      const graphql: Row['graphql'] = w.graphql
        ? { ...(await measureGraphql(api, w.graphql, `graphql ${w.name}`, pid)), note: w.graphqlNote }
        : null;
      const graphqlSame = w.graphqlSame
        ? await measureGraphql(sameSqlUrl, w.graphqlSame, `graphql same SQL ${w.name}`, sameSqlGraphql.pid)
        : null;
      const ceiling = db ? Math.min(db.rps, http.rps) : null;
      result.rows.push({
        workload: w.name,
        sql,
        api: { ...apiRun, rssMaxMb: rssMax },
        db,
        dbAtApiRate,
        http,
        graphql,
        apiOverCeiling: ceiling ? apiRun.rps / ceiling : null,
        apiOverGraphql: graphql ? apiRun.rps / graphql.rps : null,
        graphqlSame,
        apiOverGraphqlSame: graphqlSame ? apiRun.rps / graphqlSame.rps : null,
      });
      log(
        `${size}: ${w.name}: SQL median ${sql ? fms(sql.median) : '–'} ms; API ${apiRun.rps.toFixed(0)} rps p99 ${apiRun.p99} ms; db ${db?.rps.toFixed(0) ?? '–'}; http ${http.rps.toFixed(0)}; graphql ${graphql?.rps.toFixed(0) ?? '–'}; graphql same SQL ${graphqlSame?.rps.toFixed(0) ?? '–'}`,
      );
    }

    // The request flow: create a service request, until its verification e-mail is in the sink.
    if (!only || only.split(',').some((o) => 'request flow'.includes(o))) {
      log(`${size}: request flow`);
      const runId = Date.now().toString(36);
      let i = 0,
        failed = 0;
      const latencies: number[] = [];
      let rssMax = 0;
      const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(pid))), 100);
      const until = Date.now() + duration * 1000;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: Math.min(4, connections) }, async () => {
          while (Date.now() < until) {
            const { body, email } = requestFlowBody(i++, runId);
            const t0 = performance.now();
            const mail = sink.waitFor(email);
            try {
              const r = await fetch(`${api}/api/v1/public/search-mcp/service-requests`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body,
              });
              await r.arrayBuffer();
              if (!r.ok) throw new Error(`status ${r.status}`);
              await mail;
              latencies.push(performance.now() - t0);
            } catch (err) {
              failed++;
              mail.catch(() => undefined);
              log(`request flow failed: ${String(err)}`);
            }
          }
        }),
      );
      clearInterval(sampler);
      const seconds = (Date.now() - started) / 1000;
      const flow = combine([latencySlice(latencies, seconds, failed, null)]);
      result.rows.push({
        workload: 'request flow (until e-mail)',
        api: { ...flow, p50: Math.round(flow.p50), p99: Math.round(flow.p99), requests: latencies.length + failed, rssMaxMb: rssMax },
        db: null,
        http: null,
        graphql: null,
        apiOverCeiling: null,
        apiOverGraphql: null,
      });
    }
    await caller.end();
  } finally {
    await stop(sameSqlGraphql);
    await stop(apiProcess);
    await sink.stop();
    await owner.end();
  }
  return { ...result, ...totals(result.rows) };
}

const fx = (n: number | null) => (n === null ? '–' : `${(n * 100).toFixed(0)}%`);
const warm = (t: WarmSql | null | undefined) => (t ? `${fms(t.median)} / ${fms(t.max)}` : '–');

export function sizeMarkdown(r: SizeResult): string {
  const lines = [
    `### ${r.size.toLocaleString('en-US')} contractors`,
    '',
    `${r.date}, ${r.machine}; ${r.connections} connections, ${r.durationSeconds} s per measurement ` +
      `(API and pgbench alternating in ${r.slices} slices). ` +
      `Requests per second, latency p50/p99 in ms. API RSS max under load: ${r.apiRssMaxMb.toFixed(0)} MB; failed requests: ${r.failedRequests}.`,
    '',
    '| workload | SQL median / max (warm, 1 conn) | API rps | API p50 | API p99 | (a) pgbench rps | (a) p50/p99 | (b) bare HTTP rps | (c) GraphQL rps | (c) p50/p99 | (d) GraphQL same SQL rps | (d) p50/p99 | API / min(a,b) | API / c | API / d | API RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of r.rows) {
    lines.push(
      `| ${row.workload} | ${warm(row.sql)} | ${f0(row.api.rps)} | ${fms(row.api.p50)} | ${fms(row.api.p99)} | ${f0(row.db?.rps)} | ` +
        `${row.db ? `${fms(row.db.p50)} / ${fms(row.db.p99)}` : '–'} | ${f0(row.http?.rps)} | ${f0(row.graphql?.rps)} | ` +
        `${row.graphql ? `${fms(row.graphql.p50)} / ${fms(row.graphql.p99)}` : '–'} | ${f0(row.graphqlSame?.rps)} | ` +
        `${row.graphqlSame ? `${fms(row.graphqlSame.p50)} / ${fms(row.graphqlSame.p99)}` : '–'} | ${fx(row.apiOverCeiling)} | ${fr(row.apiOverGraphql)} | ` +
        `${fr(row.apiOverGraphqlSame ?? null)} | ${row.api.rssMaxMb.toFixed(0)} |`,
    );
  }
  lines.push(
    '',
    "SQL median / max: the workload's SQL function call alone, serially on one connection (the API's role and claims), " +
      'each parameter set called once to warm up and then timed, before the loads.',
  );
  const notes = r.rows.filter((row) => row.graphql).map((row) => `- ${row.workload}: ${row.graphql!.note}`);
  lines.push('', 'GraphQL equivalents (c):', '', ...notes, '');
  // Where the requests per second come from: on a shared two-core machine, CPU per request.
  const cpu = (m: Measured | null | undefined, node: boolean) =>
    m?.cpu ? `${node ? `${fms(m.cpu.apiMs)} + ` : ''}${fms(m.cpu.postgresMs)} (${m.cpu.machineBusyPercent.toFixed(0)}%)` : '–';
  lines.push(
    'CPU ms per request (Node process + PostgreSQL; in brackets, how busy the machine was):',
    '',
    "| workload | API | (a) pgbench: PostgreSQL | (a) at the API's rate: rps, PostgreSQL | API's PostgreSQL less (a) at its rate | (b) bare HTTP: Node | (c) GraphQL | (d) GraphQL same SQL |",
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of r.rows.filter((x) => x.api.cpu)) {
    const bare = row.http?.cpu ? `${fms(row.http.cpu.apiMs)} (${row.http.cpu.machineBusyPercent.toFixed(0)}%)` : '–';
    const atRate = row.dbAtApiRate;
    const gap = row.api.cpu && atRate?.cpu ? (row.api.cpu.postgresMs - atRate.cpu.postgresMs).toFixed(2) : '–';
    lines.push(
      `| ${row.workload} | ${cpu(row.api, true)} | ${cpu(row.db, false)} | ${atRate ? `${f0(atRate.rps)}, ${cpu(atRate, false)}` : '–'} | ${gap} | ` +
        `${bare} | ${cpu(row.graphql, true)} | ${cpu(row.graphqlSame, true)} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

function scaleMarkdown(results: SizeResult[]): string {
  results.sort((a, b) => a.size - b.size);
  const names = [...new Set(results.flatMap((r) => r.rows.map((row) => row.workload)))];
  const head = results.map((r) => `${r.size.toLocaleString('en-US')} p50 / p99`);
  const lines = [
    '### Scale: API latency (ms) by directory size',
    '',
    `| workload | ${head.join(' | ')} | p99 largest / smallest |`,
    `|---|${results.map(() => '---:').join('|')}|---:|`,
  ];
  for (const name of names) {
    const cells = results.map((r) => r.rows.find((row) => row.workload === name)?.api);
    const first = cells[0],
      last = cells[cells.length - 1];
    const growth = first && last && results.length > 1 ? `${(last.p99 / Math.max(first.p99, 1)).toFixed(2)}×` : '–';
    lines.push(`| ${name} | ${cells.map((c) => (c ? `${fms(c.p50)} / ${fms(c.p99)}` : '–')).join(' | ')} | ${growth} |`);
  }
  lines.push('', `Sizes measured: ${results.map((r) => `${r.size} (${r.date})`).join(', ')}.`, '');
  return lines.join('\n');
}

function totals(rows: Row[]): Pick<SizeResult, 'apiRssMaxMb' | 'failedRequests'> {
  return {
    apiRssMaxMb: Math.max(...rows.map((r) => r.api.rssMaxMb)),
    failedRequests: rows.reduce((a, r) => a + r.api.failed + (r.graphql?.failed ?? 0), 0),
  };
}

/** An --only run's rows in place of the same workloads' rows of an earlier result (the others kept). */
function withRows(earlier: SizeResult, run: SizeResult): SizeResult {
  const rows = earlier.rows.map((row) => run.rows.find((x) => x.workload === row.workload) ?? row);
  rows.push(...run.rows.filter((x) => !earlier.rows.some((row) => row.workload === x.workload)));
  return {
    ...earlier,
    rows,
    date: `${earlier.date}; ${run.rows.map((x) => x.workload).join(', ')}: ${run.date} (${run.durationSeconds} s in ${run.slices} slices)`,
    ...totals(rows),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', multiple: true },
      duration: { type: 'string', default: '8' },
      // Long enough for V8 to reach its steady state on a ~300 rps workload (docs/performance.md).
      warmup: { type: 'string', default: '10' },
      connections: { type: 'string', default: '8' },
      only: { type: 'string' },
      results: { type: 'string' },
      'sql-sets': { type: 'string' },
      slices: { type: 'string', default: '4' },
      // Each pgbench slice's new backends reach their warm rate after this (docs/performance.md).
      'pgbench-warmup': { type: 'string', default: '5' },
    },
  });
  const sizes = (values.size ?? ['100000']).flatMap((s) => s.split(',')).map(Number);
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 1)) throw new Error('--size takes whole numbers');
  const base = benchServer();
  // An --only run prints its tables and writes them only where --results says.
  const results = values.results ? path.resolve(values.results) : values.only ? null : path.join(ROOT, 'bench/results');
  if (results) mkdirSync(results, { recursive: true });
  for (const size of sizes) {
    const r = await runSize(
      base,
      size,
      Number(values.duration),
      Number(values.connections),
      Number(values.warmup),
      Math.max(1, Number(values.slices)),
      Number(values['pgbench-warmup']),
      values.only,
      values['sql-sets'] ? Number(values['sql-sets']) : Infinity,
    );
    console.log(sizeMarkdown(r));
    if (!results) continue;
    const file = path.join(results, `${size}.json`);
    const saved = values.only && existsSync(file) ? withRows(JSON.parse(readFileSync(file, 'utf8')) as SizeResult, r) : r;
    writeFileSync(file, JSON.stringify(saved, null, 2) + '\n');
    writeFileSync(path.join(results, `${size}.md`), sizeMarkdown(saved));
  }
  if (!results) return;
  const all = readdirSync(results)
    .filter((f) => /^\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(path.join(results, f), 'utf8')) as SizeResult);
  const scale = scaleMarkdown(all);
  writeFileSync(path.join(results, 'scale.md'), scale);
  writeFileSync(
    path.join(results, 'scale.json'),
    JSON.stringify(
      all.map((r) => ({
        size: r.size,
        date: r.date,
        workloads: Object.fromEntries(r.rows.map((row) => [row.workload, { p50: row.api.p50, p99: row.api.p99, rps: row.api.rps }])),
      })),
      null,
      2,
    ) + '\n',
  );
  console.log(scale);
  if (all.some((r) => r.rows.some((row) => row.workload.includes('text')))) {
    const mix = textMixMarkdown(all);
    writeFileSync(path.join(results, 'text-mix.md'), mix);
    console.log(mix);
  }
  if (all.some((r) => r.failedRequests > 0)) log('some requests failed: see the tables');
}

main().catch((err: unknown) => {
  console.error('bench: failed:', err instanceof Error ? err.stack : err);
  process.exit(1);
});
