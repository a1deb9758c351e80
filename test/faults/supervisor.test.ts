// npm start's process model, as dist/src/main.js runs it: a killed HTTP worker is replaced while
// the other serves, a port in use is refused, and SIGTERM under keep-alive load drains every
// child without a reset.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { DRAIN } from '../../src/supervisor';
import { REQUESTS, requestBody } from '../helpers/requests';
import { request, spawnService, type ServiceProcess, STARTUP_MS } from '../helpers/service-process';
import { Load } from './load';

const SEARCH = '/api/v1/public/contractors/search?q=diesel&limit=5';
let db: TestDatabase;
let svc: ServiceProcess | undefined;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterEach(async () => {
  svc?.killAll();
  await svc?.exited;
  svc = undefined;
});
afterAll(() => db.drop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a SIGKILLed HTTP worker is replaced at once, with the memory bounds, while the other serves', async () => {
  svc = await spawnService(db, { WEB_CONCURRENCY: '2', RUN_WORKER: 'false' }, 'serve');
  const first = await svc.waitForLog((l) => l.msg === 'listening', STARTUP_MS, 2);
  const pids = first.map((l) => l.pid!);
  expect(new Set(pids).size).toBe(2);
  expect(pids).not.toContain(svc.child.pid);

  // Under load: only the requests in flight on the killed worker fail (counted below).
  const load = new Load([svc.url + SEARCH], 4);
  await sleep(1_000);
  process.kill(pids[0]!, 'SIGKILL');
  const killedAt = Date.now();
  await svc.waitForLog((l) => l.msg === 'child died; replacing it' && l.childPid === pids[0], STARTUP_MS);
  // The worker was gone by now (it dies a few ms after the signal, and its connections with it).
  const goneBy = Date.now();
  // Meanwhile the survivor answers every new connection.
  for (let i = 0; i < 20; i++) expect((await request(svc.url + SEARCH)).status).toBe(200);
  const outcomes = await load.stop();
  const failed = outcomes.filter((o) => o.status !== 200);
  console.info('HTTP worker killed under load', { requests: Load.summary(outcomes), failed });
  expect(outcomes.filter((o) => o.startedAt > killedAt).length).toBeGreaterThan(10);
  expect(failed.filter((o) => o.status !== 'network' || o.startedAt > goneBy)).toEqual([]);
  // Four loops: the request each had in flight, and rarely one more sent before the death.
  expect(failed.length).toBeLessThanOrEqual(8);

  // Replaced at once: the new worker listens once it has started, which on a busy machine takes
  // as long as any start (STARTUP_MS), not a quiet machine's seconds.
  const [fresh] = await svc.waitForLog((l) => l.msg === 'listening' && !pids.includes(l.pid!), STARTUP_MS);
  // scripts/serve.sh's V8 bounds reach the children.
  const argv = readFileSync(`/proc/${fresh!.pid}/cmdline`, 'utf8').split('\0');
  expect(argv).toContain('--max-old-space-size=128');
  expect(argv).toContain('--max-semi-space-size=8');
  for (let i = 0; i < 10; i++) expect((await request(svc.url + SEARCH)).status).toBe(200);
}, 240_000);

test('a second instance on a port in use stops with a message instead of sharing the port', async () => {
  svc = await spawnService(db, { WEB_CONCURRENCY: '1', RUN_WORKER: 'false' });
  await svc.waitForLog((l) => l.msg === 'listening', STARTUP_MS);
  const port = new URL(svc.url).port;
  const second = await spawnService(db, { WEB_CONCURRENCY: '1', RUN_WORKER: 'false', PORT: port });
  const ended = await Promise.race([second.exited, sleep(STARTUP_MS).then(() => null)]);
  second.killAll();
  expect(ended).toEqual({ code: 1, signal: null });
  expect(second.output()).toContain(`port ${port} on 127.0.0.1 is in use`);
}, 150_000);

interface Outcome {
  sentAt: number;
  doneAt: number;
  status?: number;
  connection?: string;
  reused: boolean;
  error?: string;
}

test('SIGTERM under keep-alive load: no resets, Connection: close after it, in-flight requests finish, exit 0', async () => {
  svc = await spawnService(db, { WEB_CONCURRENCY: '2', SHUTDOWN_GRACE_MS: '8000' });
  await svc.waitForLog((l) => l.msg === 'listening', STARTUP_MS, 2);
  await svc.waitForLog((l) => l.msg === 'worker running', STARTUP_MS);
  const {
    rows: [s],
  } = await db.pool.query('select slug from app_public.specialties order by slug limit 1');

  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const outcomes: Outcome[] = [];
  let sigtermAt = Infinity;
  const stopAt = () => sigtermAt + 3_000;
  const hardStop = Date.now() + 40_000;
  const loop = async () => {
    while (Date.now() < Math.min(stopAt(), hardStop)) {
      const sentAt = Date.now();
      try {
        const r = await request(svc!.url + SEARCH, { agent });
        outcomes.push({ sentAt, doneAt: Date.now(), status: r.status, connection: r.headers.connection, reused: r.reusedSocket });
      } catch (err) {
        const e = err as NodeJS.ErrnoException & { reusedSocket: boolean };
        outcomes.push({ sentAt, doneAt: Date.now(), reused: e.reusedSocket, error: e.code ?? e.message });
        if (e.code === 'ECONNREFUSED') return; // the listener is closed: the server is gone
      }
    }
  };
  const loops = Array.from({ length: 8 }, loop);

  // A request in flight across the signal: its headers go now, its body a second after SIGTERM.
  const body = JSON.stringify(requestBody(s.slug, []));
  let slowRequest: http.ClientRequest | undefined;
  const slow = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
    const req = (slowRequest = http.request(
      svc!.url + REQUESTS,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      },
    ));
    req.on('error', reject);
    req.flushHeaders();
  });

  // The signal comes once the load has had answers on reused connections (however busy the
  // machine is, so not after a fixed time), and the slow request's body a second after it.
  const loaded = Date.now() + 20_000; // within the server's 30 s for a whole request
  while (!(outcomes.length > 20 && outcomes.some((o) => o.reused)) && Date.now() < loaded) await sleep(50);
  sigtermAt = Date.now();
  svc.child.kill('SIGTERM');
  setTimeout(() => slowRequest!.end(body), 1_000);
  const slowAnswer = await slow;
  await Promise.all(loops);
  const { code } = await svc.exited;
  const exitedAfter = Date.now() - sigtermAt;
  agent.destroy();

  const resets = outcomes.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED');
  expect(resets).toEqual([]);
  // Answered before the signal went (in its millisecond too). How many depends on the machine
  // (the wait above ends after 20 s however few came): that some did, on reused connections, is
  // the load this test needs.
  const before = outcomes.filter((o) => o.doneAt <= sigtermAt);
  expect(before.length).toBeGreaterThan(0);
  expect(before.some((o) => o.reused)).toBe(true);
  // Requests sent once both HTTP workers had begun to drain (each logs it, on this machine's
  // clock) are answered with Connection: close. Not a fixed time after the signal: the listeners
  // close first, and a busy machine takes its time between the two.
  const draining = svc.logs().filter((l) => l.msg === 'shutting down' && l.reason === DRAIN);
  expect(draining).toHaveLength(2);
  const drainingAt = Math.max(...draining.map((l) => Number(l.time)));
  const after = outcomes.filter((o) => o.status !== undefined && o.sentAt > drainingAt);
  expect(after.every((o) => o.connection === 'close')).toBe(true);
  expect(slowAnswer).toEqual({ status: 201, connection: 'close' });
  expect(code).toBe(0);
  expect(exitedAfter).toBeLessThan(8_000);
  expect(svc.output()).toContain('"msg":"stopped"');
}, 240_000);
