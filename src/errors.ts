// Failures as the API answers them, whatever the door (REST, MCP, staff GraphQL): a status,
// a client-safe message, details and headers. toApiError is the one mapping from SQLSTATEs
// (db/ERRORS.md), database faults and parser errors; http/errors.ts sends the result.
import { DbRefusal } from './db/refusal';
import { isConflict } from './db/conflicts';
import { isDatabaseUnavailable } from './db/faults';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** SQLSTATE -> HTTP status (db/ERRORS.md). */
const STATUS_BY_SQLSTATE: Record<string, number> = {
  INVAL: 400,
  CREDS: 401,
  FORBD: 403,
  NTFND: 404,
  CONFL: 409,
  EXPRD: 410,
  RATEL: 429,
  '23505': 409,
  '23514': 400,
  '23502': 400,
  '22P02': 400,
  // Backstop for bytes PostgreSQL cannot take (a NUL) that reach SQL unparsed, e.g. GraphQL variables.
  '22021': 400,
  '22P05': 400,
  '22023': 400,
  '22003': 400,
  '42501': 403,
};

interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
}

export function isPgError(err: unknown): err is PgErrorLike {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as PgErrorLike).code === 'string' &&
    typeof (err as PgErrorLike).message === 'string' &&
    'severity' in err
  );
}

/** Body-parser and other http-errors carry `status` and `type`. */
interface HttpErrorLike {
  status: number;
  type?: string;
  expose?: boolean;
  message: string;
}

function isHttpError(err: unknown): err is HttpErrorLike {
  return typeof err === 'object' && err !== null && typeof (err as HttpErrorLike).status === 'number';
}

/** Seconds a client is asked to wait when the database cannot serve. */
const UNAVAILABLE_RETRY_AFTER = '2';

export function toApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (isDatabaseUnavailable(err)) {
    return new ApiError(503, 'Service temporarily unavailable', 'The database is not answering; retry shortly.', {
      'Retry-After': UNAVAILABLE_RETRY_AFTER,
    });
  }
  // A race that the operation's runs again did not get past (src/db/conflicts.ts): try later.
  if (isConflict(err)) {
    return new ApiError(503, 'Service temporarily unavailable', 'The request raced another one on the same record; retry shortly.', {
      'Retry-After': UNAVAILABLE_RETRY_AFTER,
    });
  }
  if (isPgError(err) || err instanceof DbRefusal) {
    const status = STATUS_BY_SQLSTATE[err.code];
    if (status === undefined) return null;
    // Our own codes carry a client-safe message; PostgreSQL's own messages name tables and
    // constraints, so those get a generic text.
    const own = /^[A-Z]{5}$/.test(err.code);
    // A 429 whose detail is a number of seconds (db/ERRORS.md) sends it as Retry-After.
    if (status === 429 && err.detail && /^\d+$/.test(err.detail)) {
      return new ApiError(status, err.message, `Retry after ${err.detail} seconds.`, { 'Retry-After': err.detail });
    }
    return new ApiError(status, own ? err.message : genericText(status), own ? err.detail : undefined);
  }
  if (isHttpError(err) && err.status >= 400 && err.status < 500) {
    if (err.type === 'entity.parse.failed') return new ApiError(400, 'Malformed JSON body', err.message);
    if (err.type === 'entity.too.large') return new ApiError(413, 'Request body too large');
    if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported') {
      return new ApiError(415, 'Unsupported content encoding', err.message);
    }
    return new ApiError(err.status, err.expose ? err.message : genericText(err.status));
  }
  return null;
}

function genericText(status: number): string {
  switch (status) {
    case 400:
      return 'Invalid request';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not found';
    case 409:
      return 'Conflict';
    default:
      return 'Request failed';
  }
}
