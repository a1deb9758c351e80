// The worker alone (`npm run worker` runs dist/worker/main.js): it picks up a queued job,
// sends through SMTP, and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { SmtpSink } from '../helpers/smtp';

const ROOT = path.resolve(__dirname, '../..');
let db: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  db = await createTestDatabase();
  sink = await new SmtpSink().start();
});
afterAll(async () => {
  await sink.stop();
  await db.drop();
});

test('a standalone worker sends a queued verification e-mail and exits 0 on SIGTERM', async () => {
  const {
    rows: [s],
  } = await db.pool.query('select slug from app_public.specialties limit 1');
  await db.pool.query(
    `select app_hidden.create_service_request('Wendy', null, 'wendy@example.com', null, $1,
    'Mystic, CT', 'Teak deck needs refinishing before June.', '{}', null, null, 3600)`,
    [s.slug],
  );
  const child = spawn(process.execPath, ['dist/worker/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: db.url, SMTP_URL: sink.url, LOG_LEVEL: 'info', PUBLIC_BASE_URL: 'https://api.example.com' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const [mail] = await sink.waitFor((m) => m.to.includes('wendy@example.com'), 1, 20_000);
    expect(mail!.text).toContain('https://api.example.com/api/v1/public/search-mcp/service-requests/');
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(output).toContain('worker running');
});
