// Who a request's SQL runs as (Caller) and the admission it may still owe (DeferredAdmission):
// the values the doors and operations hand to the Database, apart from how it sends them, so a
// module that names a caller needs nothing of node-pg.

/** The roles REST, MCP and A2A requests run as; the staff role (marine_admin) is staff GraphQL's alone. */
export type RequestRole = 'marine_anonymous' | 'marine_agent';

export interface Caller {
  role: RequestRole;
  userId: string | null;
  /** Set by requireStaff (src/identity/admission.ts) once SQL found the caller's staff grant. */
  staff?: boolean;
  /**
   * Set while the request's admission has not run yet (src/identity/admission.ts): the next
   * call admits it in the same round trip as the operation, then clears this.
   */
  admission?: DeferredAdmission;
}

/** An admission to run with the caller's first operation (app_hidden.admit_request). */
export interface DeferredAdmission {
  /** The API key's SHA-256 digest, or null for an anonymous caller. */
  readonly keyDigest: Buffer | null;
  /** app_hidden.admit_request's other arguments (client address, window, limits). */
  readonly args: readonly unknown[];
  /** Applies admit_request's result (headers, the caller's role and id). */
  settle(admission: unknown): void;
  /** Applies admit_request's failure: a spent quota's RATEL becomes the 429 with its headers. */
  fail(err: unknown): never;
  /** Admits in a round trip of its own (a request that ends before any operation). */
  now(): Promise<void>;
  /** The operation runs as anonymous once admitted, not as the key's caller (asTokenHolder). */
  readonly anonymous?: boolean;
}

export const ANONYMOUS: Caller = { role: 'marine_anonymous', userId: null };

/**
 * The caller an access-token operation runs as (an owner's, a pro's or a listing's token is its
 * credential, not a key): anonymous, whatever key admitted the request. It takes over the
 * request's pending admission, so that still runs in the operation's round trip.
 */
export function asTokenHolder(caller: Caller): Caller {
  const admission = caller.admission;
  caller.admission = undefined;
  return admission === undefined ? ANONYMOUS : { ...ANONYMOUS, admission: { ...admission, anonymous: true } };
}
