// `npm start` as a newcomer runs it (scripts/start.sh: set-up, build, migrate, demo data,
// serve), then SIGTERM: in-flight work ends and the process exits 0. And a bad configuration
// stops the process at start-up with a message naming the value.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { holdDefaultPortsWhileFileRuns } from '../helpers/default-ports';
import { processPorts } from '../helpers/server';

const ROOT = path.resolve(__dirname, '../..');
// The ports a running `npm start` holds are taken while this file starts its own.
holdDefaultPortsWhileFileRuns();

test('npm start serves the demo directory and shuts down cleanly on SIGTERM', async () => {
  const ports = await processPorts();
  const child = spawn('bash', ['scripts/start.sh'], {
    cwd: ROOT,
    env: { ...process.env, ...ports, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 150_000;
    while (!output.includes('"msg":"listening"')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const res = await fetch(`http://127.0.0.1:${ports.PORT}/api/v1/public/contractors/search?limit=3`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { contractors: unknown[] };
    expect(body.contractors).toHaveLength(3);
    expect(output).toContain(`/api/v1/public/contractors/search`);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(output).toContain('"msg":"shutting down"');
}, 180_000);

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
