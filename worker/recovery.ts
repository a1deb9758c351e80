// Jobs of a dead worker go back to the queue within seconds instead of after graphile-worker's
// 4-hour lock expiry. A lock is dead when no session anywhere on the server is named after its
// locker (worker/liveness.ts), so two machines sharing a database never unlock each other's
// live jobs. Only locks older than LOCK_GRACE_MS are considered: a new pool may lock its first
// job a moment before its liveness session has been renamed.
import type pg from 'pg';
import type { Logger } from '../src/log';
import { LIVENESS_PREFIX } from './liveness';

export const LOCK_GRACE_MS = 10_000;
export const SWEEP_INTERVAL_MS = 5_000;

const DEAD_LOCKERS = `
  select coalesce(array_agg(distinct j.locked_by), '{}') as ids
  from graphile_worker.jobs j
  where j.locked_by is not null
    and j.locked_at < now() - $1 * interval '1 millisecond'
    and not exists (select 1 from pg_stat_activity a where a.application_name = $2 || j.locked_by)`;

/** Unlocks the jobs (and job queues) of lockers with no live session; returns their ids. */
export async function unlockDeadWorkers(pool: pg.Pool): Promise<string[]> {
  const {
    rows: [row],
  } = await pool.query<{ ids: string[] }>(DEAD_LOCKERS, [LOCK_GRACE_MS, LIVENESS_PREFIX]);
  const ids = row?.ids ?? [];
  if (ids.length > 0) await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [ids]);
  return ids;
}

/** Sweeps now and every SWEEP_INTERVAL_MS until stopped. */
export function startRecovery(pool: pg.Pool, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = unlockDeadWorkers(pool).then(
      (ids) => void (ids.length > 0 && logger.warn({ workerIds: ids }, 'unlocked the jobs of dead workers')),
      (err: unknown) => logger.warn({ err }, 'dead-worker sweep failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
