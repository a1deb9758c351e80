// Starts the real service (Express + pg, no mocks) on a random port against a test database.
import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/log';
import { startServer, type RunningServer } from '../../src/server';
import { createTestDatabase, type TestDatabase } from './db';
import { checkResponse } from './openapi';

export interface TestService {
  db: TestDatabase;
  server: RunningServer;
  url: string;
  get(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }>;
  /** JSON request with an optional API key. */
  send(method: string, path: string, body?: unknown, apiKey?: string): Promise<{ status: number; headers: Headers; body: any }>;
  stop(): Promise<void>;
}

/** Every log line the service wrote, when started with captureLogs. */
export interface TestServiceOptions {
  captureLogs?: string[];
}

// Below Linux's ephemeral range (32768-60999): a port found free there cannot be taken meanwhile
// by the local end of an outgoing connection (to PostgreSQL, say), as one from listen(0) can.
const PORTS = { from: 20_000, to: 32_000 };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A free port for a test server; a test that listens on it retries with another if it is taken. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    if (await canListen(port)) return port;
  }
}

/**
 * The ports of a process a test starts (the service, the job worker): a free public port and a
 * metrics port of the system's choosing, never the defaults a running `npm start` holds
 * (test/helpers/default-ports.ts). Test files run side by side, so no two may share one either.
 */
export async function processPorts(): Promise<{ PORT: string; METRICS_PORT: string }> {
  return { PORT: String(await freePort()), METRICS_PORT: '0' };
}

const isAddressInUse = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';

export async function startTestService(env: Record<string, string> = {}, options: TestServiceOptions = {}): Promise<TestService> {
  const db = await createTestDatabase();
  const logs = options.captureLogs;
  const destination = logs && { write: (line: string) => void logs.push(line) };
  // A known port, so links in e-mails (PUBLIC_BASE_URL) point at this server; another one when a
  // parallel test took it between the check and the listen.
  let server: RunningServer | undefined;
  let settings: Record<string, string> = {};
  for (let attempt = 1; server === undefined; attempt++) {
    const port = await freePort();
    settings = {
      DATABASE_URL: db.url,
      AUTH_DATABASE_URL: db.authUrl,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Test files make many anonymous requests; the rate-limit tests set their own limits.
      RATE_LIMIT_ANONYMOUS: '1000000',
      REGISTRATIONS_PER_HOUR: '1000',
      // Every test claim comes from 127.0.0.1; the limit's own tests set theirs.
      LISTING_CLAIMS_PER_CLIENT: '1000000',
      // Without an SMTP sink, e-mail goes to a throwaway outbox.
      OUTBOX_DIR: path.join(os.tmpdir(), `marine-outbox-${db.name}`),
      ...env,
      // The job worker, where a test asks for it (RUN_WORKER: 'true'), runs in a process of its
      // own (startJobWorker), never in jest's: graphile-worker kept every test file that ran one
      // in memory (docs/decisions.md, "The tests' job worker runs in a process of its own").
      RUN_WORKER: 'false',
    };
    const config = loadConfig(settings);
    try {
      server = await startServer(config, createLogger(config.LOG_LEVEL, destination));
    } catch (err) {
      if (!isAddressInUse(err) || attempt >= 5) throw err;
    }
  }
  let stopJobWorker = async () => {};
  if (env.RUN_WORKER === 'true') {
    try {
      stopJobWorker = await startJobWorker(settings, logs);
    } catch (err) {
      await server.close();
      await db.drop();
      throw err;
    }
  }
  const request = async (path: string, init?: RequestInit) => {
    const res = await fetch(server.url + path, init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    checkResponse(init?.method ?? 'GET', path, res.status, res.headers.get('content-type'), body);
    return { status: res.status, headers: res.headers, body: body as any };
  };
  return {
    db,
    server,
    url: server.url,
    get: request,
    send: (method, path, body, apiKey) =>
      request(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async stop() {
      await stopJobWorker();
      await server.close();
      await db.drop();
    },
  };
}

// A level's number in pino's own table ('silent', or none, keeps nothing), to keep the job
// worker's lines at the test's level.
const levelOf = (name: string | undefined): number => (name === undefined ? undefined : pino.levels.values[name]) ?? Infinity;
const lineLevel = (line: string): number => {
  try {
    return (JSON.parse(line) as { level?: number }).level ?? Infinity;
  } catch {
    return Infinity; // not a log line: kept unless the test is silent
  }
};

/** How long the job worker may take to start; on a machine whose cores are busy, many times its quiet second. */
const JOB_WORKER_STARTUP_MS = 90_000;

/**
 * The job worker as `npm run worker` runs it (dist/worker/main.js), in a process of its own, with
 * the test service's settings (its database, links, e-mail and log level), its log lines added to
 * the test's captured ones. Resolves once it runs; the function it resolves with stops it
 * (SIGTERM, then waits for its exit).
 */
async function startJobWorker(settings: Record<string, string>, logs: string[] | undefined): Promise<() => Promise<void>> {
  const level = settings.LOG_LEVEL;
  const child = spawn(process.execPath, ['dist/worker/main.js'], {
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...settings,
      // At info at least, to hear that it runs; lines below the test's own level are not kept.
      LOG_LEVEL: levelOf(level) < levelOf('info') ? level! : 'info',
      // Its /metrics on a port of its own (the service's PORT in settings it does not listen on).
      METRICS_PORT: (await processPorts()).METRICS_PORT,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // What it wrote before it ran, for the error when it does not start.
  let output = '';
  let running: (() => void) | undefined;
  const started = new Promise<void>((resolve) => (running = resolve));
  const kept = levelOf(level);
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (running) output += chunk;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (logs !== undefined && kept !== Infinity && lineLevel(line) >= kept) logs.push(line);
      if (running && line.includes('"msg":"worker running"')) {
        running();
        running = undefined;
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (running) output += chunk;
  });
  let timer: NodeJS.Timeout | undefined;
  const failed = await Promise.race([
    started.then(() => false),
    exited.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), JOB_WORKER_STARTUP_MS))),
  ]);
  clearTimeout(timer);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  if (failed) {
    await stop();
    throw new Error(`the job worker did not start:\n${output}`);
  }
  return stop;
}
