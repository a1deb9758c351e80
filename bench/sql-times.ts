// Serial database times of each workload's SQL, per parameter set, at the sizes given: the
// quick loop for working on a query shape (no HTTP, no concurrency). Prints p50, p99 and the
// slowest parameter set of each workload.
//   node dist/bench/sql-times.js 10000 1000000 [--only text] [--rounds 3]
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { workloads } from './workloads';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { only: { type: 'string' }, rounds: { type: 'string', default: '3' } },
  });
  const base = process.env.LOCAL_PG_URL_BASE ?? process.env.DATABASE_URL!.replace(/\/[^/]*$/, '');
  for (const size of positionals.map(Number)) {
    const c = new Client({ connectionString: `${base}/bench_${size}` });
    await c.connect();
    const { rows } = await c.query<{ slug: string }>(
      `select slug from app_public.contractors where is_active order by md5(slug) limit 1000`,
    );
    for (const w of workloads(rows.map((r) => r.slug))) {
      if (!w.sql || (values.only && !w.name.includes(values.only))) continue;
      const times: { ms: number; sql: string }[] = [];
      for (let round = 0; round < Number(values.rounds); round++) {
        for (const sql of w.sql) {
          const t0 = performance.now();
          await c.query(sql);
          if (round > 0) times.push({ ms: performance.now() - t0, sql });
        }
      }
      times.sort((a, b) => a.ms - b.ms);
      const ms = times.map((t) => t.ms);
      const worst = times[times.length - 1]!;
      console.log(
        `${size}\t${w.name}\tp50 ${percentile(ms, 50).toFixed(2)}\tp99 ${percentile(ms, 99).toFixed(2)}\tmax ${worst.ms.toFixed(2)} ms\t${worst.sql}`,
      );
    }
    await c.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
