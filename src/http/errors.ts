// The one place where failures become HTTP responses: whatever toApiError (src/errors.ts) makes
// of a failure ends as {success: false, error, details?}, or as a page for people.
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { isDatabaseUnavailable } from '../db/faults';
import { ApiError, toApiError } from '../errors';
import { esc } from '../html/escape';
import { sendPage } from './html';

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

/** The request's whole path, not the part below the router that is handling it. */
const wholePath = (req: Request) => req.originalUrl.split('?')[0];

export const notFound: RequestHandler = (req) => {
  throw new ApiError(404, 'Not found', `No operation at ${req.method} ${wholePath(req)}`);
};

/** For a known path with a method it does not serve: 405 with the Allow header. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = allowed.join(', ');
  return (req) => {
    throw new ApiError(405, 'Method not allowed', `${wholePath(req)} accepts ${allow}`, { Allow: allow });
  };
}
