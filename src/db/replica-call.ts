// Replica routing: a directory read a read replica answers while the primary admits the request
// (replicaCall, admitAlone). Two round trips that overlap, one per server, so the request waits
// for the slower of the two instead of both (docs/decisions.md, "Read replicas and a transaction
// pooler"); which replica is fit is src/db/replicas.ts's.
import type pg from 'pg';
import type { Caller, DeferredAdmission } from './caller';
import { checkOut, send, type FaultListener } from './connection';
import { isDatabaseUnavailable } from './faults';
import { ADMISSION_COLUMN } from './head-calls';
import type { Pooled, Replica } from './replicas';
import { admissionStatements, assumedDigest, type RunAs } from './transaction-head';

/** A database that runs an operation as a caller in one round trip (Database.asCaller). */
export interface Reader extends Pooled {
  asCaller<R extends pg.QueryResultRow>(as: RunAs, operation: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

/** The primary: it admits, and reads what a replica could not. */
export interface Primary extends Reader {
  readonly onFault: FaultListener | undefined;
  readonly transactionSettings: string;
  readonly headPrepared: boolean;
}

/**
 * A read a replica answers. A pending admission runs on the primary at the same time. The read's
 * answer is used only once admission has allowed the request (a refusal answers instead, and the
 * read's work is wasted). A replica that cannot answer (down, shutting down, a key it has not
 * replayed yet, a recovery conflict) leaves the read to the primary, as the admitted caller;
 * one that is gone is told to onUnavailable.
 */
export async function replicaCall<R extends pg.QueryResultRow>(
  primary: Primary,
  replica: Replica<Reader>,
  caller: Caller,
  operation: pg.QueryConfig,
  onUnavailable: (err: unknown) => void,
): Promise<pg.QueryResult<R>> {
  const admission = caller.admission;
  caller.admission = undefined;
  const as = admission === undefined ? { caller } : { keyDigest: assumedDigest(admission) };
  const [admitted, read] = await Promise.allSettled([
    admission === undefined ? null : admitAlone(primary, admission),
    replica.db.asCaller<R>(as, operation),
  ]);
  if (admitted.status === 'rejected') throw admitted.reason;
  if (read.status === 'fulfilled') return read.value;
  const err: unknown = read.reason;
  const code = (err as { code?: unknown }).code;
  if (isDatabaseUnavailable(err)) onUnavailable(err);
  else if (code !== 'CREDS' && code !== '40001') throw err;
  return primary.asCaller<R>({ caller }, operation);
}

/** Admission alone, in one round trip (its own transaction, which commits the count). */
async function admitAlone(primary: Primary, admission: DeferredAdmission): Promise<void> {
  const client = await checkOut(primary.pool, primary.onFault);
  let broken: Error | undefined;
  try {
    let results: pg.QueryResult[];
    try {
      const text = admissionStatements(client, admission, primary.transactionSettings, primary.headPrepared).join('; ');
      results = (await send(client, { text })) as unknown as pg.QueryResult[];
    } catch (err) {
      primary.onFault?.(err);
      await send(client, { text: 'rollback' }).catch((e: Error) => (broken = e));
      admission.fail(err);
    }
    // admit_request's row is the result before the commit's.
    admission.settle(JSON.parse(results[results.length - 2]!.rows[0]![ADMISSION_COLUMN] as string));
  } finally {
    client.release(broken);
  }
}
