// The graphile-worker runner with this project's tasks. It connects as the database owner
// (DATABASE_URL): tasks call app_private functions no request role may call.
import type { Logger as WorkerLogger, Runner, TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../src/config';
import type { Logger } from '../src/log';
import { graphileWorker } from './graphile-worker';
import { createMailer } from './mailer';
import type { TaskDeps } from './tasks/deps';
import notifyCoverage from './tasks/opportunities__notify_coverage';
import sendOwnerAccess from './tasks/opportunities__send_owner_access';
import notifyPro from './tasks/quotes__notify_pro';
import notifyOwner from './tasks/request_events__notify_owner';
import sendVerification from './tasks/service_requests__send_verification';

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
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, outboxDir: config.OUTBOX_DIR, from: config.MAIL_FROM }, logger);
  const deps: TaskDeps = { mailer, publicBaseUrl: config.publicBaseUrl, coverageEmail: config.COVERAGE_EMAIL };
  const taskList: TaskList = {
    service_requests__send_verification: sendVerification(deps),
    quotes__notify_pro: notifyPro(deps),
    opportunities__notify_coverage: notifyCoverage(deps),
    opportunities__send_owner_access: sendOwnerAccess(deps),
    request_events__notify_owner: notifyOwner(deps),
  };
  // Our own pool: graphile-worker ends a pool it made without waiting for it, which leaves
  // connections open after stop(); this one is ended, and awaited, below.
  const pgPool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.WORKER_CONCURRENCY + 2, application_name: 'marine-worker' });
  pgPool.on('error', (err) => logger.warn({ err }, 'idle worker connection failed'));
  pgPool.on('connect', (client) => client.on('error', (err) => logger.warn({ err }, 'worker connection failed')));
  const runner: Runner = await graphileWorker.run({
    pgPool,
    concurrency: config.WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    logger: workerLogger(logger),
  });
  return {
    async stop() {
      await runner.stop();
      await pgPool.end();
      mailer.close();
    },
  };
}
