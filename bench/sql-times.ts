// Serial database times of each workload's SQL, per parameter set, on one connection: the warm
// median the text-search targets are stated in (issue 23: a warm-up call, then the timed one),
// and the quick loop for working on a query shape (no HTTP, no concurrency).
//   node dist/bench/sql-times.js 10000 1000000 [--only text] [--rounds 2] [--sets 100]
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { benchServer } from './databases';
import { workloads } from './workloads';

/** Times in ms of a workload's SQL run serially on one connection. */
export interface WarmSql {
  /** Timed calls (each after its own warm-up call). */
  calls: number;
  median: number;
  p90: number;
  max: number;
  /** The call that took `max`. */
  slowest: string;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** Each statement once untimed (the warm-up call), then `rounds` times timed, on `c`. */
export async function warmSqlTimes(c: Client, sqls: readonly string[], rounds = 1): Promise<WarmSql> {
  const times: { ms: number; sql: string }[] = [];
  for (const sql of sqls) {
    await c.query(sql);
    for (let round = 0; round < rounds; round++) {
      const t0 = performance.now();
      await c.query(sql);
      times.push({ ms: performance.now() - t0, sql });
    }
  }
  times.sort((a, b) => a.ms - b.ms);
  const ms = times.map((t) => t.ms);
  return { calls: ms.length, median: percentile(ms, 50), p90: percentile(ms, 90), max: ms.at(-1) ?? 0, slowest: times.at(-1)?.sql ?? '' };
}

/** A connection as the API's caller: the authenticator in role marine_admin with that user's claim, as pgbench runs. */
export async function callerClient(authUrl: string, userId: string | null): Promise<Client> {
  const c = new Client({ connectionString: authUrl });
  await c.connect();
  await c.query('set role marine_admin');
  if (userId) await c.query(`select set_config('app.user_id', $1, false)`, [userId]);
  return c;
}

/** A connection to bench_<size> as its owner (the local cluster's, or DATABASE_URL's server). */
export async function benchClient(size: number): Promise<Client> {
  const c = new Client({ connectionString: `${benchServer()}/bench_${size}` });
  await c.connect();
  return c;
}

/** The profile slugs the workloads draw from (the same 1,000 every run). */
export async function benchSlugs(c: Client): Promise<string[]> {
  const { rows } = await c.query<{ slug: string }>(`select slug from app_public.contractors where is_active order by md5(slug) limit 1000`);
  return rows.map((r) => r.slug);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { only: { type: 'string' }, rounds: { type: 'string', default: '2' }, sets: { type: 'string', default: '100' } },
  });
  for (const size of positionals.map(Number)) {
    const c = await benchClient(size);
    for (const w of workloads(await benchSlugs(c))) {
      if (!w.sql || (values.only && !w.name.includes(values.only))) continue;
      const t = await warmSqlTimes(c, w.sql.slice(0, Number(values.sets)), Number(values.rounds));
      console.log(`${size}\t${w.name}\tmedian ${t.median.toFixed(2)}\tp90 ${t.p90.toFixed(2)}\tmax ${t.max.toFixed(2)} ms\t${t.slowest}`);
    }
    await c.end();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
