// Who may keep an answer (RFC 9111; docs/decisions.md, "Caching headers"), by route class: the
// composition (src/app.ts) puts one of these in front of each class, so no handler sets them.
//
// - An answer for one credential holder (a token-scoped read or write, the account and its keys,
//   a one-time secret: a key at registration or minting, the owner access token of a
//   confirmation, the listing access token of a claim's verification; the agent doors, whose
//   tools answer the same) is `Cache-Control: no-store`: no browser, proxy or CDN keeps it. It
//   varies on every header that carries a credential too, for a cache that ignores no-store.
// - A directory read is public and stays cacheable as it was (its weak ETag and 304s, etag.ts),
//   but its answer depends on the key (its RateLimit-* headers; a bad key's 401): it varies on
//   Authorization.
// - Every answer is `X-Content-Type-Options: nosniff`: a JSON body is never read as HTML or script.
import type { RequestHandler } from 'express';
import { API_KEY_HEADER, CREDENTIAL_HEADERS } from './credential-headers';

export const NO_STORE = 'no-store';

/** For the routes whose answers are for one credential holder. */
export const privateAnswers: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', NO_STORE);
  res.vary(CREDENTIAL_HEADERS.join(', '));
  next();
};

/** For public reads whose answer depends on the API key only. */
export const keyedPublicAnswers: RequestHandler = (_req, res, next) => {
  res.vary(API_KEY_HEADER);
  next();
};

/** For every answer. */
export const noSniff: RequestHandler = (_req, res, next) => {
  res.set('X-Content-Type-Options', 'nosniff');
  next();
};
