// The worker alone (`npm run worker` runs dist/worker/main.js): it picks up a queued job,
// sends through SMTP, and stops cleanly on SIGTERM; it registers its crontab and runs the
// rate-limit sweep; it lapses an unverified draft at its expiry.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { defaultPortsTaken, holdDefaultPortsWhileFileRuns } from '../helpers/default-ports';
import { processPorts } from '../helpers/server';
import { SmtpSink } from '../helpers/smtp';

const ROOT = path.resolve(__dirname, '../..');
let db: TestDatabase;
let sink: SmtpSink;
// The ports a running `npm start` holds are taken while this file starts workers.
holdDefaultPortsWhileFileRuns();
beforeAll(async () => {
  db = await createTestDatabase();
  sink = await new SmtpSink().start();
});
afterAll(async () => {
  await sink.stop();
  await db.drop();
});

test('the default ports are taken while the workers start, as beside a running `npm start`', async () => {
  expect(await defaultPortsTaken()).toEqual([true, true]);
});

/** dist/worker/main.js on the test database: the process, its exit code, and what it printed so far. */
async function startWorker() {
  const child = spawn(process.execPath, ['dist/worker/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(await processPorts()),
      DATABASE_URL: db.url,
      SMTP_URL: sink.url,
      LOG_LEVEL: 'info',
      PUBLIC_BASE_URL: 'https://api.example.com',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

test('a standalone worker sends a queued verification e-mail and exits 0 on SIGTERM', async () => {
  const {
    rows: [s],
  } = await db.pool.query('select slug from app_public.specialties limit 1');
  await db.pool.query(
    `select app_hidden.create_service_request('Wendy', null, 'wendy@example.com', null, $1,
    'Mystic, CT', 'Teak deck needs refinishing before June.', '{}', null, null, 3600)`,
    [s.slug],
  );
  const { child, exited, output } = await startWorker();
  try {
    const [mail] = await sink.waitFor((m) => m.to.includes('wendy@example.com'), 1, 20_000);
    expect(mail!.text).toContain('https://api.example.com/api/v1/public/search-mcp/service-requests/');
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(output()).toContain('worker running');
});

test('the worker registers its crontab, and the rate-limit sweep it queues removes expired buckets only', async () => {
  await db.pool.query(`select app_private.rate_limit_take('t:expired', 5, 60, now() - interval '1 hour'),
                              app_private.rate_limit_take('t:live', 5, 60, null)`);
  await db.pool.query(`select graphile_worker.add_job('rate_limits__sweep', '{}'::json)`);
  const { child, exited, output } = await startWorker();
  // What the sweep left of the two buckets, and the crontab the worker registered at start.
  const state = async () => {
    const { rows } = await db.pool.query(`
      select (select array_agg(bucket order by bucket) from app_private.rate_limit_buckets where bucket like 't:%') as buckets,
             (select array_agg(identifier) from graphile_worker._private_known_crontabs) as crontab`);
    return rows[0] as { buckets: string[]; crontab: string[] | null };
  };
  const expected = { buckets: ['t:live'], crontab: ['rate_limits__sweep'] };
  try {
    const deadline = Date.now() + 20_000;
    while (JSON.stringify(await state()) !== JSON.stringify(expected) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await state()).toEqual(expected);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(output()).toContain('rate-limit buckets swept: 1');
}, 30_000);

test('a draft nobody verifies lapses at its expiry: the queued job records request.lapsed once', async () => {
  const {
    rows: [s],
  } = await db.pool.query('select slug from app_public.specialties limit 1');
  const {
    rows: [d],
  } = await db.pool.query(
    `select app_hidden.create_service_request('Lou', null, 'lou@example.com', null, $1,
    'Mystic, CT', 'Teak deck needs refinishing before June.', '{}', null, null, 1) as r`,
    [s.slug],
  );
  const lapsed = async () =>
    (await db.pool.query(`select detail from app_public.request_events where request_id = $1 and type = 'request.lapsed'`, [d.r.requestId]))
      .rows;
  expect(await lapsed()).toEqual([]);
  const { child, exited } = await startWorker();
  try {
    const deadline = Date.now() + 20_000;
    while ((await lapsed()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await lapsed()).toEqual([{ detail: { expiredAt: expect.stringMatching(/Z$/) } }]);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
}, 30_000);
