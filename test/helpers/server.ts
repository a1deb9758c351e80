// Starts the real service (Express + pg, no mocks) on a random port against a test database.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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

const isAddressInUse = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';

export async function startTestService(env: Record<string, string> = {}, options: TestServiceOptions = {}): Promise<TestService> {
  const db = await createTestDatabase();
  const logs = options.captureLogs;
  const destination = logs && { write: (line: string) => void logs.push(line) };
  // A known port, so links in e-mails (PUBLIC_BASE_URL) point at this server; another one when a
  // parallel test took it between the check and the listen.
  let server: RunningServer | undefined;
  for (let attempt = 1; server === undefined; attempt++) {
    const port = await freePort();
    const config = loadConfig({
      DATABASE_URL: db.url,
      AUTH_DATABASE_URL: db.authUrl,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Test files make many anonymous requests; the rate-limit tests set their own limits.
      RATE_LIMIT_ANONYMOUS: '1000000',
      REGISTRATIONS_PER_HOUR: '1000',
      // Without an SMTP sink, e-mail goes to a throwaway outbox.
      OUTBOX_DIR: path.join(os.tmpdir(), `marine-outbox-${db.name}`),
      // The job worker runs only where a test asks for it (RUN_WORKER: 'true'). graphile-worker
      // 0.18 keeps every runner's options in a module-level Map it never clears
      // (dist/taskIdentifiers.js, `cacheByOptions`), and it is loaded with Node's own require
      // (worker/graphile-worker.ts), so one copy serves every test file of a jest worker: a file
      // that starts a runner stays in memory to the end, all its modules with it (~22 MB).
      RUN_WORKER: 'false',
      ...env,
    });
    try {
      server = await startServer(config, createLogger(config.LOG_LEVEL, destination));
    } catch (err) {
      if (!isAddressInUse(err) || attempt >= 5) throw err;
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
      await server.close();
      await db.drop();
    },
  };
}
