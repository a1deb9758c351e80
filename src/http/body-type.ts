// The media types a route reads its body as. A body of another type is a 415 that names the
// accepted ones (Accept-Post, and in the error's details), not the 400 "expected object" that
// a body the JSON parser left alone would get from validation. A request without a body passes:
// whether the operation needs one is its own rule.
import type { RequestHandler } from 'express';
import { ApiError } from '../errors';

export function acceptsBody(...types: [string, ...string[]]): RequestHandler {
  const accepted = types.join(', ');
  const what = types.length === 1 ? `Content-Type: ${accepted}` : `one of these types: ${accepted}`;
  return (req, _res, next) => {
    // req.is: null without a body, false for a body of another (or no) Content-Type. An empty
    // body (Content-Length: 0, as fetch sends for a POST without one) is no body.
    if (req.headers['content-length'] !== '0' && req.is(types) === false) {
      throw new ApiError(415, 'Unsupported media type', `Send the body with ${what}.`, { 'Accept-Post': accepted });
    }
    next();
  };
}

/** For routes that read JSON. */
export const jsonBody = acceptsBody('application/json');
