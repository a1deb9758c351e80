// A transaction PostgreSQL aborted because it raced another one (a deadlock, or a serialization
// failure) did nothing: it rolled back whole. The operation is one function in one transaction,
// so running it again is safe, and the client should never see the race (docs/decisions.md,
// "One lock order for an Opportunity's writes"). Writes take their locks in one order, so this is
// a guard for what that order does not cover, not the way races are resolved.

/** SQLSTATEs of a transaction aborted by a race: serialization_failure, deadlock_detected. */
const CONFLICT_SQLSTATES = new Set(['40001', '40P01']);

/** How many times an aborted operation runs again before its failure is the answer (DATABASE_CONFLICT_RETRIES). */
export const CONFLICT_RETRIES = 3;
/** The pause before the first run again; each later one waits this much longer, with jitter. */
export const CONFLICT_RETRY_PAUSE_MS = 20;

export function isConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICT_SQLSTATES.has(code);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * run() again while it fails with a conflict, up to `retries` times, pausing a little longer
 * each time (a random part, so two racers do not meet again in step). The first run failed already.
 */
export async function retryingConflicts<T>(first: unknown, retries: number, run: () => Promise<T>): Promise<T> {
  if (!isConflict(first) || retries < 1) throw first;
  for (let attempt = 1; ; attempt++) {
    await pause(CONFLICT_RETRY_PAUSE_MS * attempt * (0.5 + Math.random()));
    try {
      return await run();
    } catch (err) {
      if (!isConflict(err) || attempt >= retries) throw err;
    }
  }
}
