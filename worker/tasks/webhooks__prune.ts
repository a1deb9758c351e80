// The webhook attempts, and deliveries no longer pending, older than the retention (30 days),
// removed a batch at a time (app_private.webhook_prune). Queued every hour by the worker's
// crontab (worker/runner.ts). Idempotent: a row removed twice is not there the second time.
import type { Task } from 'graphile-worker';
import { call } from './deps';

/** Rows of each table per statement: each batch is one short transaction. */
export const PRUNE_BATCH = 10_000;

export default function pruneWebhooks(): Task {
  return async (_payload, helpers) => {
    let removed = 0;
    for (;;) {
      const n = await call<number>(helpers, 'webhook_prune', [PRUNE_BATCH]);
      removed += n;
      if (n < PRUNE_BATCH) break;
    }
    helpers.logger.info(`webhook rows pruned: ${removed}`);
  };
}
