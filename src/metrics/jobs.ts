// Job worker figures (worker/): the queue's depth, read from graphile_worker when scraped (by the
// process that runs the worker: it connects as the owner, which may read that schema), each
// task's runs and permanent failures, and how long sending an e-mail takes.
import type pg from 'pg';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { Mailer } from '../../worker/mailer';

// At most this many jobs are looked at per scrape: a backlog larger than that reads as this
// number, and a scrape's query stays cheap whatever the backlog.
export const QUEUE_COUNT_LIMIT = 10_000;
const QUEUE_QUERY_TIMEOUT_MS = 1_000;
const QUEUE_STATES = ['ready', 'scheduled', 'locked', 'failed'] as const;
const QUEUE_QUERY = `select state, count(*)::int as jobs from (
  select case when locked_at is not null then 'locked' when attempts >= max_attempts then 'failed'
              when run_at > now() then 'scheduled' else 'ready' end as state
  from graphile_worker.jobs limit ${QUEUE_COUNT_LIMIT}) as j group by state`;

/** The job worker's pool in this process, whose queue the gauge reads (none: no figure). */
let queuePool: pg.Pool | null = null;

/** How many jobs are in each state (at most QUEUE_COUNT_LIMIT in all), or null when the query failed. */
function queueDepth(pool: pg.Pool): Promise<Array<{ state: string; jobs: number }> | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), QUEUE_QUERY_TIMEOUT_MS);
    pool.query<{ state: string; jobs: number }>(QUEUE_QUERY, (err, result) => {
      clearTimeout(timer);
      resolve(err ? null : result.rows);
    });
  });
}

new Gauge({
  name: 'marine_job_queue_jobs',
  help: `Jobs in the queue by state: ready to run, scheduled (a retry's back-off), locked (running), failed (no attempt left); at most ${QUEUE_COUNT_LIMIT} in all`,
  labelNames: ['state'],
  // One job worker per supervisor; several machines' workers read the same queue.
  aggregator: 'max',
  async collect() {
    this.reset();
    const rows = queuePool === null ? null : await queueDepth(queuePool);
    if (rows === null) return;
    for (const state of QUEUE_STATES) this.set({ state }, rows.find((r) => r.state === state)?.jobs ?? 0);
  },
});

/** Reads the queue's depth through this pool (the job worker's). */
export function trackJobQueue(pool: pg.Pool): void {
  queuePool = pool;
}

const runs = new Counter({
  name: 'marine_job_runs_total',
  help: 'Job attempts by task and outcome (success, error: retried later or failed)',
  labelNames: ['task', 'outcome'],
});

const failures = new Counter({
  name: 'marine_jobs_failed_total',
  help: 'Jobs that failed their last attempt, by task',
  labelNames: ['task'],
});

/** Counts runs of the given tasks (any other identifier counts as "other"). */
export function jobCounters(tasks: readonly string[]): {
  ran(task: string, outcome: 'success' | 'error'): void;
  failed(task: string): void;
} {
  const known = new Set(tasks);
  const label = (task: string) => (known.has(task) ? task : 'other');
  return {
    ran: (task, outcome) => runs.inc({ task: label(task), outcome }),
    failed: (task) => failures.inc({ task: label(task) }),
  };
}

const emailSends = new Histogram({
  name: 'marine_email_send_duration_seconds',
  help: 'Time to hand an e-mail to the mail server (smtp) or write it to the outbox, by transport and outcome',
  labelNames: ['transport', 'outcome'],
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/** The mailer with every send timed. */
export function timedMailer(mailer: Mailer, transport: 'smtp' | 'outbox'): Mailer {
  return {
    async send(mail) {
      const end = emailSends.startTimer({ transport });
      try {
        await mailer.send(mail);
        end({ outcome: 'sent' });
      } catch (err) {
        end({ outcome: 'failed' });
        throw err;
      }
    },
    close: () => mailer.close(),
  };
}
