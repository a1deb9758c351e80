// `npm start` as a newcomer runs it (scripts/start.sh: set-up, build, migrate, demo data,
// serve), then SIGTERM: in-flight work ends and the process exits 0. Production's `npm run serve`
// (scripts/serve.sh) serves a migrated database as it is: no build, no migration, no data. And a
// bad configuration stops the process at start-up with a message naming the value.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { holdDefaultPortsWhileFileRuns } from '../helpers/default-ports';
import { processPorts } from '../helpers/server';

const ROOT = path.resolve(__dirname, '../..');
// The ports a running `npm start` holds are taken while this file starts its own.
holdDefaultPortsWhileFileRuns();

/**
 * Runs `command` until it logs that it listens, then `use`s it and stops it with SIGTERM; returns
 * its exit code and everything it printed.
 */
async function serveWhile(
  command: string,
  env: Record<string, string | undefined>,
  timeoutMs: number,
  use: (output: () => string) => Promise<void>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes('"msg":"listening"')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${command} did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await use(() => output);
  } finally {
    child.kill('SIGTERM');
  }
  return { code: await exited, output };
}

test('npm start serves the demo directory and shuts down cleanly on SIGTERM', async () => {
  const ports = await processPorts();
  const { code, output } = await serveWhile(
    'bash scripts/start.sh',
    { ...process.env, ...ports, LOG_LEVEL: 'info' },
    150_000,
    async (output) => {
      const res = await fetch(`http://127.0.0.1:${ports.PORT}/api/v1/public/contractors/search?limit=3`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { contractors: unknown[] };
      expect(body.contractors).toHaveLength(3);
      expect(output()).toContain(`/api/v1/public/contractors/search`);
    },
  );
  expect(code).toBe(0);
  expect(output).toContain('"msg":"shutting down"');
}, 180_000);

/** What a build, a migration or a seed would change: the schema's objects, the migrations run, the rows. */
async function databaseState(db: TestDatabase): Promise<unknown> {
  const { rows } = await db.pool.query(`
    select (select md5(string_agg(x, ',' order by x)) from (
              select n.nspname || '.' || c.relname || ':' || c.relkind::text as x
                from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname like 'app_%') r) as relations,
           (select md5(string_agg(x, ',' order by x)) from (
              select n.nspname || '.' || p.proname || ':' || md5(p.prosrc) as x
                from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname like 'app_%') f) as functions,
           (select count(*) from public.schema_migrations) as migrations,
           (select count(*) from app_public.contractors) as contractors`);
  return rows[0];
}

test('npm run serve serves an already-migrated database without building, migrating or seeding', async () => {
  const db = await createTestDatabase();
  const ports = await processPorts();
  const built = fs.statSync(path.join(ROOT, 'dist/src/main.js')).mtimeMs;
  const before = await databaseState(db);
  // `npm run serve`'s command, run as npm runs it (npm itself would not pass SIGTERM's exit on).
  const serve = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    .serve!;
  const env = {
    ...process.env,
    ...ports,
    DATABASE_URL: db.url,
    AUTH_DATABASE_URL: db.authUrl,
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '0',
    RUN_WORKER: 'false',
    LOG_LEVEL: 'info',
  };
  const { code, output } = await serveWhile(serve, env, 60_000, async () => {
    expect((await fetch(`http://127.0.0.1:${ports.PORT}/api/v1/public/contractors/specialties`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.PORT}/readyz`)).status).toBe(200);
  });
  expect(code).toBe(0);
  expect(await databaseState(db)).toEqual(before);
  expect(fs.statSync(path.join(ROOT, 'dist/src/main.js')).mtimeMs).toBe(built);
  expect(output).not.toMatch(/migrat|seed|building/i);
  await db.drop();
}, 120_000);

test('a bad configuration value stops start-up with a message naming it', async () => {
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env: { ...process.env, ...(await processPorts()), PORT: 'eighty' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(output).toMatch(/Invalid configuration:\n {2}PORT: /);
});
