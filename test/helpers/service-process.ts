// The service as `npm start` runs it (dist/src/main.js: the supervisor and its children) in a
// process group of its own, against a test database, with its JSON log lines at hand.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestDatabase } from './db';
import { processPorts } from './server';

/**
 * How long a spawned service may take to start (listening, worker running, replicas checked): a
 * start costs seconds of CPU (PostGraphile's introspection in each HTTP worker), and on a machine
 * whose cores are busy it takes many times its quiet figure. Tests assert that it starts.
 */
export const STARTUP_MS = 90_000;

const ROOT = path.resolve(__dirname, '../..');

export interface LogLine {
  msg?: string;
  role?: string;
  pid?: number;
  [key: string]: unknown;
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logs(): LogLine[];
  output(): string;
  /** Resolves with the first log line that matches, or fails after timeoutMs. */
  waitForLog(match: (l: LogLine) => boolean, timeoutMs?: number, count?: number): Promise<LogLine[]>;
  /** SIGKILL to the supervisor and every child (the whole process group). */
  killAll(): void;
}

/** Where the service's database is: a clone of the test template, or a fault test's own cluster. */
export type ServiceDatabase = Pick<TestDatabase, 'name' | 'url' | 'authUrl'>;

export async function spawnService(
  db: ServiceDatabase,
  env: Record<string, string>,
  script: 'main' | 'serve' = 'main',
): Promise<ServiceProcess> {
  const ports = await processPorts();
  const port = Number(env.PORT ?? ports.PORT);
  const [cmd, args] = script === 'serve' ? ['bash', ['scripts/serve.sh']] : [process.execPath, ['dist/src/main.js']];
  const child = spawn(cmd, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      AUTH_DATABASE_URL: db.authUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ANONYMOUS: '1000000',
      // A test that scrapes sets its own.
      METRICS_PORT: ports.METRICS_PORT,
      OUTBOX_DIR: path.join(os.tmpdir(), `marine-outbox-${db.name}`),
      ...env,
    },
  });
  let output = '';
  const lines: LogLine[] = [];
  let partial = '';
  child.stdout!.on('data', (d: Buffer) => {
    const text = partial + d.toString();
    const parts = text.split('\n');
    partial = parts.pop()!;
    for (const p of parts) {
      output += p + '\n';
      try {
        lines.push(JSON.parse(p) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    exited,
    logs: () => lines,
    output: () => output,
    async waitForLog(match, timeoutMs = STARTUP_MS, count = 1) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`log line not seen in ${timeoutMs} ms:\n${output.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    killAll() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  reusedSocket: boolean;
}

/** One request with node's http client (an agent of the caller's choice, or a new connection). */
export function request(
  url: string,
  options: { method?: string; agent?: http.Agent | false; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          ...options.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            reusedSocket: req.reusedSocket,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException & { reusedSocket?: boolean }) =>
      reject(Object.assign(err, { reusedSocket: req.reusedSocket })),
    );
    req.end(body);
  });
}
