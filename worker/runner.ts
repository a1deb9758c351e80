// The graphile-worker runner with this project's tasks. It connects as the database owner
// (DATABASE_URL): tasks call app_private functions no request role may call. It keeps a liveness
// session named after its pool and sweeps the locks of dead pools (worker/recovery.ts).
import { EventEmitter } from 'node:events';
import type { Logger as WorkerLogger, Runner, TaskList, WorkerEvents } from 'graphile-worker';
import type { Config } from '../src/config';
import { createPool } from '../src/db/pool';
import type { Logger } from '../src/log';
import { trackPool } from '../src/metrics/database';
import { jobCounters, timedMailer, trackJobQueue } from '../src/metrics/jobs';
import { graphileWorker } from './graphile-worker';
import { openLiveness } from './liveness';
import { createMailer } from './mailer';
import { startRecovery } from './recovery';
import type { TaskDeps } from './tasks/deps';
import sendClaimCode from './tasks/listing_claims__send_code';
import notifyCoverage from './tasks/opportunities__notify_coverage';
import sendOwnerAccess from './tasks/opportunities__send_owner_access';
import sendNotices from './tasks/notices__send';
import notifyPro from './tasks/quotes__notify_pro';
import sweepRateLimits from './tasks/rate_limits__sweep';
import lapseServiceRequest from './tasks/service_requests__lapse';
import sendVerification from './tasks/service_requests__send_verification';
import deliverWebhooks from './tasks/webhook_endpoints__deliver';
import notifyWebhookDisabled from './tasks/webhook_endpoints__notify_disabled';
import testWebhook from './tasks/webhook_endpoints__test';
import pruneWebhooks from './tasks/webhooks__prune';
import { webhookSender } from './webhook-sender';

/** Recurring jobs (graphile-worker's crontab format); none runs twice for one time, whatever the workers. */
export const CRONTAB = ['17 * * * * rate_limits__sweep', '43 * * * * webhooks__prune'].join('\n');

// The worker waits longer than a request would: a job that cannot get a connection is retried.
const WORKER_ACQUIRE_TIMEOUT_MS = 10_000;
export interface RunningWorker {
  stop(): Promise<void>;
}

function workerLogger(logger: Logger): WorkerLogger {
  const log = logger.child({ component: 'worker' });
  return new graphileWorker.Logger(() => (level, message, meta) => {
    const method = level === 'warning' ? 'warn' : level;
    log[method](meta ?? {}, message);
  });
}

export async function startWorker(config: Config, logger: Logger): Promise<RunningWorker> {
  const mailer = timedMailer(
    createMailer({ smtpUrl: config.SMTP_URL, outboxDir: config.OUTBOX_DIR, from: config.MAIL_FROM }, logger),
    config.SMTP_URL ? 'smtp' : 'outbox',
  );
  const webhooks = webhookSender({
    allowedPrivateCidrs: config.webhookAllowedPrivateCidrs,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxResponseBytes: config.WEBHOOK_MAX_RESPONSE_BYTES,
  });
  const deps: TaskDeps = { mailer, publicBaseUrl: config.publicBaseUrl, coverageEmail: config.COVERAGE_EMAIL, webhooks };
  const taskList: TaskList = {
    service_requests__send_verification: sendVerification(deps),
    service_requests__lapse: lapseServiceRequest(),
    quotes__notify_pro: notifyPro(deps),
    opportunities__notify_coverage: notifyCoverage(deps),
    opportunities__send_owner_access: sendOwnerAccess(deps),
    notices__send: sendNotices(deps),
    listing_claims__send_code: sendClaimCode(deps),
    rate_limits__sweep: sweepRateLimits(),
    webhook_endpoints__deliver: deliverWebhooks(deps),
    webhook_endpoints__test: testWebhook(deps),
    webhook_endpoints__notify_disabled: notifyWebhookDisabled(deps),
    webhooks__prune: pruneWebhooks(),
  };
  // Our own pool: graphile-worker ends a pool it made without waiting for it, which leaves
  // connections open after stop(); this one is ended, and awaited, below.
  const pgPool = createPool(
    config.DATABASE_URL,
    'marine-worker',
    {
      max: config.WORKER_CONCURRENCY + 2,
      acquireTimeoutMs: WORKER_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: config.WORKER_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.WORKER_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    (err) => logger.warn({ err }, 'worker connection failed'),
  );
  // Open before the pool exists, so it is live from the pool's first lock (recovery.ts).
  const liveness = await openLiveness(config.DATABASE_URL, logger);
  trackPool('jobs', pgPool);
  trackJobQueue(pgPool);
  const events = new EventEmitter() as WorkerEvents;
  const jobs = jobCounters(Object.keys(taskList));
  events.on('job:success', ({ job }) => jobs.ran(job.task_identifier, 'success'));
  events.on('job:error', ({ job }) => jobs.ran(job.task_identifier, 'error'));
  events.on('job:failed', ({ job }) => jobs.failed(job.task_identifier));
  events.on('pool:create', ({ workerPool }) => {
    liveness.register(workerPool.id);
    logger.info({ workerId: workerPool.id }, 'worker pool created');
  });
  let runner: Runner;
  try {
    runner = await graphileWorker.run({
      pgPool,
      concurrency: config.WORKER_CONCURRENCY,
      noHandleSignals: true,
      pollInterval: 2000,
      taskList,
      // Queued by the worker itself, not from SQL: the rate-limit sweep, at minute 17 of every hour,
      // and the webhook log's prune at minute 43.
      crontab: CRONTAB,
      events,
      logger: workerLogger(logger),
    });
  } catch (err) {
    webhooks.close();
    await liveness.close();
    await pgPool.end();
    throw err;
  }
  const recovery = startRecovery(pgPool, logger);
  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        await recovery.stop();
        await runner.stop();
        await pgPool.end();
        await liveness.close();
        mailer.close();
        webhooks.close();
      })()),
  };
}
