// Bench databases: bench_<size> on the same server as DATABASE_URL, seeded once with the demo
// generator and reused. The database's comment records a digest of every migration file it was
// built with; a run re-seeds only when one of those files changed (a landed migration edited),
// and otherwise just applies the migrations that are new since (indexes, functions).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { migrate } from '../scripts/migrate';
import { seed } from '../scripts/seed/load';
import { progress } from '../scripts/seed/progress';

const MIGRATIONS_DIR = path.resolve(__dirname, '../../db/migrations');

export function migrationDigests(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    out[name] = createHash('sha256')
      .update(readFileSync(path.join(MIGRATIONS_DIR, name)))
      .digest('hex')
      .slice(0, 16);
  }
  return out;
}

interface Marker {
  size: number;
  migrations: Record<string, string>;
}

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Makes bench_<size> ready (seeded, migrated) and returns its owner URL. */
export async function ensureBenchDatabase(base: string, size: number, log: (s: string) => void): Promise<string> {
  const name = `bench_${size}`;
  const url = `${base}/${name}`;
  const current = migrationDigests();
  const marker = await withClient(`${base}/postgres`, async (c) => {
    const { rows } = await c.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    if (rows.length === 0) return undefined;
    try {
      return JSON.parse(rows[0]!.comment ?? '') as Marker;
    } catch {
      return null;
    }
  });
  const stale =
    marker === null ||
    (marker !== undefined &&
      (marker.size !== size || Object.entries(marker.migrations).some(([file, digest]) => current[file] !== digest)));
  if (marker === undefined || stale) {
    log(`${name}: ${marker === undefined ? 'creating' : 're-seeding (migrations changed)'}; seeding ${size} contractors`);
    await withClient(`${base}/postgres`, async (c) => {
      await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      await c.query(`drop database if exists ${name}`);
      await c.query(`create database ${name}`);
    });
    await migrate(url);
    // Progress on stderr (a bar on a terminal, a line every 5 s otherwise) and each step's time.
    // Over one connection per core: a load that fails half-way leaves the database without its
    // marker (below), so the next run drops it and seeds again.
    const r = await seed(url, size, {
      connections: availableParallelism(),
      progress: progress(process.stderr, 'bench: seed: '),
      onStep: (step, seconds) => log(`${name}: seed: ${step} done at ${seconds.toFixed(1)} s`),
    });
    log(`${name}: seeded in ${r.seconds.toFixed(0)} s`);
  } else {
    await migrate(url);
  }
  await withClient(`${base}/postgres`, (c) =>
    c.query(`comment on database ${name} is ${c.escapeLiteral(JSON.stringify({ size, migrations: current }))}`),
  );
  return url;
}

/** The server the bench databases live on: LOCAL_PG_URL_BASE, or DATABASE_URL's without its database. */
export function benchServer(): string {
  const base = process.env.LOCAL_PG_URL_BASE ?? process.env.DATABASE_URL?.replace(/\/[^/]*$/, '');
  if (!base) throw new Error('DATABASE_URL or LOCAL_PG_URL_BASE must be set');
  return base;
}

if (require.main === module) {
  const base = benchServer();
  const sizes = process.argv.slice(2).map(Number);
  (async () => {
    for (const size of sizes) await ensureBenchDatabase(base, size, (s) => console.error(`bench: ${s}`));
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
