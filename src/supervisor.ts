// npm start's process model (docs/decisions.md, "Process model"): this process forks
// WEB_CONCURRENCY HTTP workers and, with RUN_WORKER, the job worker (node:cluster), replaces a
// child that dies (backing off while one keeps dying young), and on SIGTERM/SIGINT drains them
// all, then exits 0. It serves no API request and opens no database connection: each HTTP
// worker listens on the port itself with SO_REUSEPORT, and the kernel spreads new connections
// over them (cluster's round-robin handoff through this process reset connections it had
// accepted while the workers drained). Its one listener is the metrics port (METRICS_PORT), where
// it serves every child's figures, summed (src/metrics/server.ts).
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import type { Config } from './config';
import type { Logger } from './log';
import { clusterFigures, startMetricsServer } from './metrics/server';

/** Tells a forked child what it is. */
export const ROLE_ENV = 'MARINE_ROLE';
export type Role = 'http' | 'jobs';
/**
 * Messages between the supervisor and its HTTP workers. Shutdown takes two steps: every worker
 * closes its listener, and only then do they answer with `Connection: close` and end their
 * connections; otherwise clients pushed off a worker that drained first reconnect to one that
 * is about to close its listener, and a connection queued there when it closes is reset.
 */
export const LISTENING = 'listening';
export const STOP_ACCEPTING = 'stop-accepting';
export const NOT_ACCEPTING = 'not-accepting';
export const DRAIN = 'drain';
/** How long the supervisor waits for every HTTP worker to close its listener. */
const STOP_ACCEPTING_WAIT_MS = 2_000;

/** A child that lived this long was healthy: its death is replaced at once. */
const STABLE_MS = 30_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** Beyond the HTTP grace period, how long the job worker may take to finish running jobs. */
const JOBS_MARGIN_MS = 20_000;

interface Slot {
  role: Role;
  worker: Worker | null;
  startedAt: number;
  youngDeaths: number;
  restart?: NodeJS.Timeout;
}

/**
 * Whether the port is free. Checked before the workers bind it: with SO_REUSEPORT a second
 * instance started by the same user would join the first one's listeners instead of failing.
 */
function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host }, () => probe.close(() => resolve(true)));
  });
}

export async function runSupervisor(config: Config, logger: Logger, onListening: () => void): Promise<void> {
  if (!(await portIsFree(config.PORT, config.HOST))) {
    throw new Error(`port ${config.PORT} on ${config.HOST} is in use`);
  }
  // Every child's figures in one scrape, on a port the public never reaches.
  await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, clusterFigures(), logger);
  const slots: Slot[] = Array.from({ length: config.WEB_CONCURRENCY }, (): Slot => ({
    role: 'http',
    worker: null,
    startedAt: 0,
    youngDeaths: 0,
  }));
  if (config.RUN_WORKER) slots.push({ role: 'jobs', worker: null, startedAt: 0, youngDeaths: 0 });
  let stopping = false;
  let clean = true;

  // Children run with this process's V8 flags (scripts/serve.sh's memory bounds).
  cluster.setupPrimary({ execArgv: process.execArgv });
  const start = (slot: Slot) => {
    slot.restart = undefined;
    slot.worker = cluster.fork({ [ROLE_ENV]: slot.role });
    slot.startedAt = Date.now();
    logger.info({ child: slot.role, childPid: slot.worker.process.pid }, 'child started');
  };

  let announced = false;
  const notAccepting = new Set<Worker>();
  // During shutdown: checks, as each HTTP worker reports its listener closed or exits, whether
  // all have (see stop below).
  let onListenerClosed = () => undefined as void;
  cluster.on('message', (worker, message: unknown) => {
    if (message === NOT_ACCEPTING) {
      notAccepting.add(worker);
      onListenerClosed();
    } else if (message === LISTENING && !announced) {
      announced = true;
      onListening();
    }
  });
  const tell = (worker: Worker | null, message: string) => {
    if (worker?.isConnected()) worker.send(message, (err: Error | null) => void err);
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.find((s) => s.worker === worker);
    if (!slot) return;
    slot.worker = null;
    const childPid = worker.process.pid;
    if (stopping) {
      if (code !== 0) clean = false;
      logger.info({ child: slot.role, childPid, code, signal }, 'child stopped');
      onListenerClosed();
      finishIfDrained();
      return;
    }
    slot.youngDeaths = Date.now() - slot.startedAt >= STABLE_MS ? 0 : slot.youngDeaths + 1;
    const delay = slot.youngDeaths === 0 ? 0 : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (slot.youngDeaths - 1));
    logger.error({ child: slot.role, childPid, code, signal, restartInMs: delay }, 'child died; replacing it');
    slot.restart = setTimeout(() => start(slot), delay);
  });

  const finishIfDrained = () => {
    if (slots.some((s) => s.worker !== null)) return;
    logger.info({ clean }, 'stopped');
    process.exit(clean ? 0 : 1);
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const http = slots.filter((s) => s.role === 'http');
    for (const slot of slots) clearTimeout(slot.restart);
    // The job worker stops on SIGTERM (worker/process.ts), after its running jobs.
    for (const slot of slots) if (slot.role === 'jobs') slot.worker?.process.kill('SIGTERM');
    // Step one: every HTTP worker closes its listener; step two (all have, or the wait is
    // over): they drain.
    const drain = () => {
      clearTimeout(wait);
      onListenerClosed = () => undefined;
      for (const slot of http) tell(slot.worker, DRAIN);
    };
    onListenerClosed = () => {
      if (http.every((s) => s.worker === null || notAccepting.has(s.worker))) drain();
    };
    const wait = setTimeout(drain, STOP_ACCEPTING_WAIT_MS);
    for (const slot of http) tell(slot.worker, STOP_ACCEPTING);
    onListenerClosed();
    setTimeout(() => {
      clean = false;
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
    }, config.SHUTDOWN_GRACE_MS + JOBS_MARGIN_MS).unref();
    finishIfDrained();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (const slot of slots) start(slot);
}
