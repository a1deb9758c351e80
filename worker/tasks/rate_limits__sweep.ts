// The rate-limit buckets whose every counted hit has left the window, forgotten a batch at a time
// (app_private.rate_limit_sweep), so the admission's storage follows the callers of the last
// window, not every client address ever seen. Queued every hour by the worker's crontab
// (worker/runner.ts). Idempotent: a bucket removed twice is not there the second time.
import type { Task } from 'graphile-worker';
import { call } from './deps';

/** Buckets per statement: each batch is one short transaction, well inside the worker's statement timeout. */
export const SWEEP_BATCH = 10_000;

export default function sweepRateLimits(): Task {
  return async (_payload, helpers) => {
    let removed = 0;
    for (;;) {
      const n = await call<number>(helpers, 'rate_limit_sweep', [SWEEP_BATCH]);
      removed += n;
      if (n < SWEEP_BATCH) break;
    }
    helpers.logger.info(`rate-limit buckets swept: ${removed}`);
  };
}
