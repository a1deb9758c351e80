// The one place where failures become HTTP responses: SQLSTATEs from db/ERRORS.md, validation
// failures and Express' own errors all end as {success: false, error, details?}.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DbRefusal } from '../db/database';
import { isDatabaseUnavailable } from '../db/faults';
import { esc } from '../html/escape';
import { sendPage } from './html';

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
  return typeof err === 'object' && err !== null && typeof (err as PgErrorLike).code === 'string' &&
    typeof (err as PgErrorLike).message === 'string' && 'severity' in err;
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
    return new ApiError(503, 'Service temporarily unavailable', 'The database is not answering; retry shortly.',
      { 'Retry-After': UNAVAILABLE_RETRY_AFTER });
  }
  if (isPgError(err) || err instanceof DbRefusal) {
    const status = STATUS_BY_SQLSTATE[err.code];
    if (status === undefined) return null;
    const headers: Record<string, string> = {};
    if (status === 429 && err.detail && /^\d+$/.test(err.detail)) headers['Retry-After'] = err.detail;
    // Our own codes carry a client-safe message; PostgreSQL's own messages name tables and
    // constraints, so those get a generic text.
    const own = /^[A-Z]{5}$/.test(err.code);
    return new ApiError(status, own ? err.message : genericText(status), own ? err.detail : undefined, headers);
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
    case 400: return 'Invalid request';
    case 403: return 'Forbidden';
    case 404: return 'Not found';
    case 409: return 'Conflict';
    default: return 'Request failed';
  }
}

export const errorHandler: ErrorRequestHandler = async (failure, req, res, _next) => {
  let err: unknown = failure;
  // A request that failed before its deferred admission ran (src/identity/admission.ts) is
  // admitted first: it counts, and a bad key or a spent quota is the answer.
  // (Not when the database is what failed: it would only wait for it again.)
  try {
    if (!isDatabaseUnavailable(failure)) await req.caller?.admission?.now();
  } catch (admissionError) {
    err = admissionError;
  }
  const apiError = toApiError(err);
  if (apiError === null) {
    req.log.error({ err }, 'unexpected error');
    if (res.locals.html === true) sendPage(res, 500, 'Something went wrong', '<h1>Something went wrong</h1><p>Please try again later.</p>');
    else res.status(500).json({ success: false, error: 'Internal server error' });
    return;
  }
  if (apiError.status === 503) req.log.warn({ err }, 'database unavailable');
  res.set(apiError.headers);
  if (res.locals.html === true) {
    const details = apiError.details === undefined ? '' : `<p>${esc(apiError.details)}</p>`;
    sendPage(res, apiError.status, apiError.message, `<div class="error"><h1>${esc(apiError.message)}</h1>${details}</div>`);
    return;
  }
  const body: { success: false; error: string; details?: string } = { success: false, error: apiError.message };
  if (apiError.details !== undefined) body.details = apiError.details;
  res.status(apiError.status).json(body);
};

export const notFound: RequestHandler = (req) => {
  throw new ApiError(404, 'Not found', `No operation at ${req.method} ${req.path}`);
};

/** For a known path with a method it does not serve: 405 with the Allow header. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = allowed.join(', ');
  return (req) => {
    throw new ApiError(405, 'Method not allowed', `${req.path} accepts ${allow}`, { Allow: allow });
  };
}
