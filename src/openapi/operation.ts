// How one documented operation is written, for each feature's OpenAPI paths (src/<feature>/openapi.ts)
// and the document that assembles them (document.ts): its responses with their headers (rate
// limits, caching, Retry-After), the error statuses' texts and examples, the security choices,
// and the shapes several features share (an event feed, a confirm-gated write).
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiParameters, ZodOpenApiResponsesObject } from 'zod-openapi';
import { eventsQuery } from '../events/params';
import { NO_STORE } from '../http/caching';
import { API_KEY_HEADER, CREDENTIAL_HEADERS } from '../http/credential-headers';
import { eventsPageExample, eventsPageResponse } from './events';
import * as r from './responses';

/** A feature's paths: each path's operations by method. */
export type Paths = Record<string, Record<string, ZodOpenApiOperationObject>>;

type Status = `${1 | 2 | 3 | 4 | 5}${string}`;

const seconds = (description: string) => z.int().min(0).meta({ description, example: 86400 });
// Sent on every response of an admitted request (docs/api.md: anonymous reads, keys): always on a
// success; on an error when the request got as far as admission (a malformed key, a refused
// address or a malformed body is answered before it, without them).
const rateLimitHeaders = (required: boolean) => {
  const h = (schema: z.ZodType) => (required ? schema : schema.optional());
  return z.object({
    'RateLimit-Limit': h(z.int().min(1).meta({ description: 'Requests allowed in the rolling window (24 h by default).', example: 500 })),
    'RateLimit-Remaining': h(z.int().min(0).meta({ description: 'Requests left in the window.', example: 497 })),
    'RateLimit-Reset': h(seconds('Seconds until one more request is allowed.')),
  });
};
export const retryAfter = z.object({ 'Retry-After': seconds('Seconds to wait before trying again.').meta({ example: 3600 }) });

export const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid parameters or body: `error` names the parameter and the rule.',
  401: 'Missing, malformed, revoked or unknown credentials.',
  403: 'Authenticated, but not allowed (for example an untrusted client address, or a public key on a staff operation).',
  404: 'Not found (or not yours to know about).',
  409: 'Conflicts with the current state.',
  410: 'Expired.',
  415: 'The body is not of a type this operation reads (`Accept-Post` and `details` name the accepted types).',
  429: 'Rate limit exceeded or locked; `Retry-After` gives the seconds to wait.',
  500: 'Unexpected error (no internals are shown).',
  503: 'The database cannot serve right now (restarting, unreachable, or too busy); `Retry-After` gives the seconds to wait.',
};

/** Real error bodies of this service, one per status. */
const ERROR_EXAMPLES: Record<number, z.input<typeof r.errorBody>> = {
  400: { success: false, error: "Invalid query parameter 'limit': must be at least 1", details: 'limit: must be at least 1' },
  401: {
    success: false,
    error: 'Invalid or inactive API key',
    details: 'Send the key as "Authorization: Bearer svc_public_..." (or svc_live_...).',
  },
  403: {
    success: false,
    error: 'This client is not allowed to submit service requests',
    details: 'The request flow accepts requests only from trusted client addresses.',
  },
  404: { success: false, error: 'Contractor not found' },
  409: { success: false, error: 'A user with this e-mail already exists' },
  410: {
    success: false,
    error: 'This request has expired',
    details: 'Verification codes and drafts are valid for a limited time; start a new request.',
  },
  415: {
    success: false,
    error: 'Unsupported media type',
    details: 'Send the body with Content-Type: application/json.',
  },
  429: { success: false, error: 'Daily rate limit of 100 requests exceeded', details: 'Retry after 3600 seconds.' },
  500: { success: false, error: 'Internal server error' },
  503: { success: false, error: 'Service temporarily unavailable', details: 'The database is not answering; retry shortly.' },
};

// Who may keep an answer (src/http/caching.ts), on every response of an operation of that class.
const nosniff = z.literal('nosniff').meta({ description: 'Every answer: its body is never read as another type.', example: 'nosniff' });
const CACHING_HEADERS = {
  /** Answers for one credential holder: token-scoped reads and writes, the account and its keys, one-time secrets. */
  private: z.object({
    'Cache-Control': z.literal(NO_STORE).meta({ description: 'No cache may keep this answer.', example: NO_STORE }),
    Vary: z.string().meta({ description: 'Every request header that carries a credential.', example: CREDENTIAL_HEADERS.join(', ') }),
    'X-Content-Type-Options': nosniff,
  }),
  /** Directory reads: cacheable (ETag, If-None-Match), but the answer depends on the API key. */
  keyed: z.object({
    Vary: z.string().meta({ description: 'The answer depends on the API key (rate-limit headers, a 401).', example: API_KEY_HEADER }),
    'X-Content-Type-Options': nosniff,
  }),
};
export type Caching = keyof typeof CACHING_HEADERS;

/** Adds the caching class's headers to every response. */
function withCachingHeaders(all: ZodOpenApiResponsesObject, caching: Caching): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, response] of Object.entries(all)) {
    const own = (response as { headers?: z.ZodObject }).headers;
    out[status as Status] = { ...response, headers: (own ?? z.object({})).extend(CACHING_HEADERS[caching].shape) } as never;
  }
  return out;
}

export interface Ok {
  schema: z.ZodType;
  description: string;
  example: unknown;
}

/**
 * The responses of a JSON operation: its successes, the error statuses it names, and 500 and
 * 503, which any operation can answer. `admitted`: the request passes admission, so responses
 * carry RateLimit-* (agent registration has its own throttle and does not).
 */
export function responses(
  ok: Record<number, Ok>,
  errorStatuses: number[],
  admitted = true,
  descriptions: Record<number, string> = {},
): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, { schema, description, example }] of Object.entries(ok)) {
    out[status as Status] = {
      description,
      ...(admitted ? { headers: rateLimitHeaders(true) } : {}),
      content: { 'application/json': { schema, example } },
    };
  }
  for (const status of [...new Set([...errorStatuses, 500, 503])]) {
    const headers = [429, 503].includes(status)
      ? admitted
        ? rateLimitHeaders(false).extend(retryAfter.shape)
        : retryAfter
      : admitted
        ? rateLimitHeaders(false)
        : undefined;
    out[String(status) as Status] = {
      description: descriptions[status] ?? ERROR_TEXT[status]!,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: r.errorBody, example: ERROR_EXAMPLES[status] } },
    };
  }
  return out;
}

export type Security = Array<Record<string, string[]>>;
export const optionalKey: Security = [{}, { apiKey: [] }];
export const ownerToken: Security = [{ ownerToken: [] }, { ownerBearer: [] }];
export const proToken: Security = [{ proToken: [] }, { proBearer: [] }];
export const listingToken: Security = [{ listingToken: [] }, { listingBearer: [] }];

interface Operation {
  operationId: string;
  tags: [string];
  summary: string;
  description: string;
  security: Security;
  requestParams?: ZodOpenApiParameters;
  requestBody?: { schema: z.ZodType; example: unknown; form?: boolean };
  responses: ZodOpenApiResponsesObject;
  /** false: answered before admission, so without RateLimit-* (agent registration). */
  admitted?: boolean;
  /** Who may keep its answers (absent: private, as every /api route but the directory's reads). */
  caching?: Caching;
}

export function operation({ requestBody, admitted = true, caching = 'private', ...o }: Operation): ZodOpenApiOperationObject {
  // An operation that reads a body answers another content type with 415.
  const unsupported = requestBody ? responses({}, [415], admitted)['415'] : undefined;
  return {
    ...o,
    responses: withCachingHeaders({ ...o.responses, ...(unsupported ? { 415: unsupported } : {}) }, caching),
    ...(requestBody
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: requestBody.schema, example: requestBody.example },
              ...(requestBody.form
                ? { 'application/x-www-form-urlencoded': { schema: requestBody.schema, example: requestBody.example } }
                : {}),
            },
          },
        }
      : {}),
  };
}

export const ok = (schema: z.ZodType, example: unknown, description = 'OK'): Record<number, Ok> => ({
  200: { schema, description, example },
});

/** An event feed (docs/events.md): the token, the id in the path, the page's `after` and `limit`. */
export function eventFeed(
  operationId: string,
  tag: string,
  summary: string,
  description: string,
  security: Security,
  path: z.ZodObject,
): ZodOpenApiOperationObject {
  return operation({
    operationId,
    tags: [tag],
    summary,
    description,
    security,
    requestParams: { path, query: eventsQuery },
    responses: responses(ok(eventsPageResponse, eventsPageExample), [400, 401, 404, 429]),
  });
}

/** A confirm-gated write (the owner's or the pro's), documented with its preview. */
export interface WriteDoc {
  suffix: string;
  operationId: string;
  body: z.ZodType;
  example: object;
  preview: { action: string; detail: object };
  summary: string;
  description: string;
}

/** The POST of a confirm-gated write: 200 with what was written, 202 with the preview. */
export function writeOperation(
  w: WriteDoc,
  side: { tag: string; security: Security; path: z.ZodObject; note: string; done: { schema: z.ZodType; example: unknown } },
): ZodOpenApiOperationObject {
  return operation({
    operationId: w.operationId,
    tags: [side.tag],
    summary: w.summary,
    description: w.description + side.note,
    security: [...side.security, {}],
    requestParams: { path: side.path },
    requestBody: { schema: w.body, example: w.example },
    responses: responses(
      {
        200: { schema: side.done.schema, description: 'Done (confirm was true).', example: side.done.example },
        202: {
          schema: r.writePreviewResponse,
          description: 'Preview: nothing was written (confirm was not true).',
          example: { success: true, confirmationRequired: true, writesPerformed: false, ...w.preview },
        },
      },
      [400, 401, 404, 409, 429],
    ),
  });
}
