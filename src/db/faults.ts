// Which failures mean "the database cannot serve right now" (a dropped or refused connection,
// a restart, a timeout): they become a 503 with Retry-After, never a crash or a 500.

// SQLSTATEs: connection exceptions (08), insufficient resources (53), operator intervention
// (57: shutdown, cannot connect now, statement timeout), idle-in-transaction timeout (25P03).
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1-4]|57014|25P03)$/;
// node-pg's and Node's own errors for a connection that is gone or never came.
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // unexpectedly, or due to connection timeout
  'timeout exceeded when trying to connect', // the pool's acquire timeout
  'is not queryable', // a client that already saw its connection fail
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/** Which of the database's time limits a failure hit (the metrics count them), or null. */
export type DatabaseTimeout = 'acquire' | 'statement' | 'idle_in_transaction';

export function timeoutOf(err: unknown): DatabaseTimeout | null {
  if (typeof err !== 'object' || err === null) return null;
  const { code, message } = err as { code?: unknown; message?: unknown };
  // 57014 is any cancelled statement; only this message says the timeout cancelled it.
  if (code === '57014' && typeof message === 'string' && message.includes('statement timeout')) return 'statement';
  if (code === '25P03') return 'idle_in_transaction';
  return typeof message === 'string' && message.includes('timeout exceeded when trying to connect') ? 'acquire' : null;
}
