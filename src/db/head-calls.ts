// The two function calls in the head of an admitted call (Database.admittedCall): the admission
// and the caller's role. In a simple-protocol string PostgreSQL parses and plans each call again
// in every request (~0.06 ms of its CPU per request for the two, docs/performance.md "Issue 25:
// the head's calls prepared once per connection"), so on a connection of its own (session
// pooling) each is prepared once, when the connection opens, and the head EXECUTEs it. The head
// stays one simple-protocol string, so a failed admission still stops everything after it. A
// transaction pooler cannot keep a session's prepared statements (PgBouncer 1.18), so there the
// head calls the functions with literals, as before.
import type pg from 'pg';

export interface HeadCall {
  /** The prepared statement's name on each connection. */
  readonly statement: string;
  readonly fn: string;
  readonly argTypes: readonly string[];
  /** What follows the call in its select list (a cast and the column's name), or ''. */
  readonly column: string;
}

export const ADMISSION_COLUMN = 'admission_';

export const ADMIT_REQUEST: HeadCall = {
  statement: 'marine_admit_request',
  fn: 'app_hidden.admit_request',
  argTypes: ['bytea', 'text', 'integer', 'integer', 'integer', 'integer'],
  column: `::text as ${ADMISSION_COLUMN}`,
};

export const ASSUME_CALLER: HeadCall = {
  statement: 'marine_assume_caller',
  fn: 'app_hidden.assume_caller',
  argTypes: ['bytea'],
  column: '',
};

const HEAD_CALLS = [ADMIT_REQUEST, ASSUME_CALLER];

/** The call as a statement of the head: EXECUTE of the prepared statement, or a literal select. */
export function headCallText(call: HeadCall, literals: readonly string[], prepared: boolean): string {
  return prepared ? `execute ${call.statement}(${literals.join(', ')})` : `select ${call.fn}(${literals.join(', ')})${call.column}`;
}

/** `$1, $2, ...` for a call's arguments (a prepared call's, or an operation's bound ones). */
export function placeholders(args: readonly unknown[]): string {
  return args.map((_, i) => `$${i + 1}`).join(', ');
}

function prepareText(call: HeadCall): string {
  return `prepare ${call.statement}(${call.argTypes.join(', ')}) as select ${call.fn}(${placeholders(call.argTypes)})${call.column}`;
}

/**
 * Prepares the head's calls on a new connection, before anything else it is sent (the pool emits
 * 'connect' before it hands the client out, and a pipelining client writes in order). A
 * connection that cannot prepare them (the functions missing: a schema the code does not match)
 * is ended: the request already written to it fails (a 500), and the next connection tries
 * afresh.
 */
export function prepareHeadCalls(client: pg.PoolClient, onError: (err: Error) => void): void {
  // Prepared as the role that runs them: the authenticator itself may not see app_hidden.
  const text = ['set role marine_anonymous', ...HEAD_CALLS.map(prepareText), 'reset role'].join('; ');
  client.query(text, (err: Error | null) => {
    if (err === null) return;
    onError(err);
    void client.end();
  });
}
