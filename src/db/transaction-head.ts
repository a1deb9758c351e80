// The head of an operation's transaction: the simple-protocol statements that begin it as the
// caller (becomeCaller), as the caller of a key's digest after admission (assumeCaller), or admit
// in a transaction of their own first (admissionStatements). Their calls are literal under a
// transaction pooler and `execute`s of statements each connection prepared otherwise
// (src/db/head-calls.ts).
import type pg from 'pg';
import type { Caller, DeferredAdmission } from './caller';
import { literalOf } from './connection';
import { ADMIT_REQUEST, ASSUME_CALLER, headCallText } from './head-calls';

/** Whom a transaction runs as: a caller already admitted, or a key's digest assume_caller turns into its caller. */
export type RunAs = { keyDigest: Buffer | null } | { caller: Caller };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkCallerId(caller: Caller): void {
  if (caller.userId !== null && !UUID.test(caller.userId)) throw new Error('caller id is not a UUID');
}

/** The statements that make a transaction the caller's: a role from a closed set, a checked id. */
export function becomeCaller(client: pg.PoolClient, caller: Caller): string {
  const claim = caller.userId === null ? "''" : client.escapeLiteral(caller.userId);
  return `set local role ${caller.role}; select set_config('app.user_id', ${claim}, true)`;
}

/** Makes the transaction the caller of a key's digest (null: anonymous) once admission passed. */
export function assumeCaller(client: pg.PoolClient, keyDigest: Buffer | null, prepared: boolean): string {
  return `set local role marine_anonymous; ${headCallText(ASSUME_CALLER, [literalOf(client, keyDigest)], prepared)}`;
}

/** The key digest the operation's transaction assumes after admission (null: anonymous). */
export function assumedDigest(admission: DeferredAdmission): Buffer | null {
  return admission.anonymous === true ? null : admission.keyDigest;
}

/** The statements of app_hidden.admit_request in a transaction of its own (a count that commits). */
export function admissionStatements(client: pg.PoolClient, admission: DeferredAdmission, settings: string, prepared: boolean): string[] {
  const literals = [admission.keyDigest, ...admission.args].map((v) => literalOf(client, v));
  return [`begin${settings}`, 'set local role marine_anonymous', headCallText(ADMIT_REQUEST, literals, prepared), 'commit'];
}
