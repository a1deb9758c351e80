// pgbench as the bench's baseline: transaction scripts run by a number of clients for a time,
// as fast as they go or throttled to a rate (-R), with the PostgreSQL CPU per transaction
// (bench/cpu.ts). Each run starts new backends, whose first calls compile and plan the SQL
// functions (a search's PL/pgSQL stages take seconds of such calls to reach their warm rate; the
// API's pool is warm), so the first `warmSeconds` of a run are not measured: its CPU is counted
// from then, and only the transactions that ended after it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCpuCount } from './cpu';
import { latencySlice, type Slice } from './slices';

const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';

/** Runs pgbench with these arguments; its output (stdout), or a rejection with the end of stderr. */
export function runPgbench(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '',
      err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}: ${err.slice(-2000)}`))));
  });
}

/** pgbench's load options: `connections` clients on two threads for `seconds`, throttled to `rate` a second when given. */
export function pgbenchLoad(connections: number, seconds: number, rate?: number): string[] {
  return [
    '-n',
    '-c',
    String(connections),
    '-j',
    '2',
    '-T',
    String(seconds),
    ...(rate === undefined ? [] : ['-R', String(Math.max(1, Math.round(rate)))]),
  ];
}

/** pgbench over `scripts` (each a transaction's text, picked with equal weight; pgbench takes at most 128) at `url`. */
export async function pgbenchSlice(
  url: string,
  scripts: readonly string[],
  connections: number,
  duration: number,
  warmSeconds: number,
  rate?: number,
): Promise<Slice> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-'));
  const args = [...pgbenchLoad(connections, warmSeconds + duration, rate), '-l', '--log-prefix', path.join(dir, 'log')];
  scripts.forEach((text, i) => {
    const file = path.join(dir, `s${i}.sql`);
    writeFileSync(file, text);
    args.push('-f', `${file}@1`);
  });
  args.push(url);
  let count: ReturnType<typeof startCpuCount> = () => null;
  let warmAt = Infinity; // seconds since the epoch, as pgbench's log writes its times
  const warm = setTimeout(() => {
    count = startCpuCount();
    warmAt = Date.now() / 1000;
  }, warmSeconds * 1000);
  const out = await runPgbench(args).finally(() => clearTimeout(warm));
  const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  // Log lines: client, transaction, latency (us), script, end time (s, us).
  const done: Array<{ end: number; ms: number }> = [];
  for (const f of readdirSync(dir).filter((n) => n.startsWith('log'))) {
    for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const [, , us, , sec, usec] = line.split(' ');
      const end = Number(sec) + Number(usec) / 1e6;
      if (usec && end > warmAt) done.push({ end, ms: Number(us) / 1000 });
    }
  }
  const cpu = count(done.length);
  if (done.length === 0) return latencySlice([], duration, failed, cpu);
  // A loop, not Math.max(...): a long run logs more transactions than a call takes arguments.
  let last = -Infinity;
  for (const d of done) last = Math.max(last, d.end);
  return latencySlice(
    done.map((d) => d.ms),
    last - warmAt,
    failed,
    cpu,
  );
}
