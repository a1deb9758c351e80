// Admission of every API request: who is calling (an API key as a Bearer token, or anonymous by
// client address) and whether their rolling-window quota allows one more request. One SQL call
// (app_hidden.admit_request) decides both and counts the request in a transaction of its own,
// committed before the operation runs (a failing operation still counts); this file reads the
// header, hashes the key (SQL only ever sees its digest) and writes the RateLimit-* headers.
//
// The sequence, for one request:
// 1. Before any admission: the body parser (413, malformed JSON) and, on the request flow's
//    POSTs, the trusted-client check (403, src/requests/routes.ts): these answers are not counted.
//    (Over MCP and A2A the operation's own check refuses the client, so after step 3: counted.)
// 2. The key is read: a malformed Authorization header is a 401 at once (apiKeyOf). Owner routes
//    and the pro's routes take a 64-hex Bearer as the owner's or pro's access token, not as a
//    key (tokenBearerAllowed).
// 3. The request is admitted, in one of two ways:
//    - deferAdmission (every REST route and the pro's page): leaves a pending admission on
//      req.caller, and the first database call runs it in the same round trip as the operation
//      (Database.admittedCall; an access-token operation takes it over: asTokenHolder);
//    - admission() (POST /mcp, /a2a, /graphql, whose SDKs answer without telling us whether
//      they reached the database): admits before the handler runs.
//    A 429 (RATEL, with the admission as its detail) or a 401 (unknown or revoked key) ends it.
// 4. A request that fails before a pending admission ran (a 400 from parsing, a 404) is admitted
//    by the error handler before it answers (src/http/errors.ts), so it counts, and a bad key or
//    a spent quota is the answer it gets.
// 5. After admission: requireStaff on staff GraphQL (401 anonymous, 403 without a staff grant,
//    whatever the key's tier: app_hidden.require_staff). Whether an
//    operation needs a key is SQL's to say (app_hidden.required_user_id: CREDS, a 401).
// Not admitted: agent registration, which has its own throttle per address (registrationThrottle,
// counted only once the body is well-formed), and the confirm page (GET), which must write nothing, not even a count. Where each router is
// mounted with which admission: src/app.ts.
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config';
import { ANONYMOUS, type Caller, type RequestRole } from '../db/caller';
import type { Database } from '../db/database';
import { sha256 } from '../credentials';
import { ApiError, isPgError } from '../errors';
import { countAdmission } from '../metrics/admission';

// A present header must be exactly this; anything else is a 401, never silently anonymous.
const API_KEY_HEADER = /^Bearer (svc_(?:public|live)_[0-9a-f]{40})$/;
const INVALID_KEY = 'Invalid or inactive API key';

/** app_hidden.rate_limit_hit's answer; window is the rolling window's length in seconds. */
interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  reset: number;
  window: number;
}
interface Admission {
  caller: { userId: string; keyId: string; tier: 'public' | 'admin' } | null;
  rate: RateState;
  role: RequestRole;
}

/** admit_request's refusal for a spent quota: RATEL with the admission as its detail. */
function refusedAdmission(err: unknown): Admission | null {
  if (!isPgError(err) || err.code !== 'RATEL' || !err.detail?.startsWith('{')) return null;
  return JSON.parse(err.detail) as Admission;
}

function setRateLimitHeaders(res: Response, rate: RateState): void {
  res.set({
    'RateLimit-Limit': String(rate.limit),
    'RateLimit-Remaining': String(rate.remaining),
    'RateLimit-Reset': String(rate.reset),
  });
}

function rateLimitError(rate: RateState): ApiError {
  const what =
    rate.window === 86_400
      ? `Daily rate limit of ${rate.limit} requests exceeded`
      : `Rate limit of ${rate.limit} requests per ${rate.window} seconds exceeded`;
  return new ApiError(429, what, `Retry after ${rate.reset} seconds.`, { 'Retry-After': String(rate.reset) });
}

// An owner or pro access token sent as a Bearer (their routes only): not an API key, not a mistake.
const TOKEN_BEARER = /^Bearer [0-9a-fA-F]{64}$/;

/**
 * Reads the API key of a request: null without an Authorization header (or, where access
 * tokens are accepted, with an owner's or pro's token in it), 401 when malformed.
 */
function apiKeyOf(authorization: string | undefined, tokenBearerAllowed = false): string | null {
  if (authorization === undefined) return null;
  if (tokenBearerAllowed && TOKEN_BEARER.test(authorization)) return null;
  const match = API_KEY_HEADER.exec(authorization);
  if (!match) {
    countAdmission('unauthenticated');
    throw new ApiError(401, INVALID_KEY, 'Send the key as "Authorization: Bearer svc_public_..." (or svc_live_...).');
  }
  return match[1]!;
}

/**
 * Reads the request's key (a malformed header is a 401 at once) and leaves its admission to the
 * first database call (Database.call), which runs it in the same round trip as the operation.
 * A request that ends without one (a 400 from validation, a 404) is admitted by the error
 * handler before it answers, so a bad key or a spent quota still comes first. A request with a
 * caller already (admitted, or pending from an earlier router) keeps it: it is admitted once.
 */
export function deferAdmission(db: Database, config: Config, options: { tokenBearerAllowed?: boolean } = {}): RequestHandler {
  // Named, so a test can tell admission among a route's handlers (test/unit/composition.test.ts).
  return function admit(req, res, next) {
    if (req.caller !== undefined) return next();
    const key = apiKeyOf(req.headers.authorization, options.tokenBearerAllowed);
    const keyDigest = key === null ? null : sha256(key);
    const caller: Caller = { ...ANONYMOUS };
    caller.admission = {
      keyDigest,
      args: [
        req.ip ?? 'unknown',
        config.RATE_LIMIT_WINDOW_SECONDS,
        config.RATE_LIMIT_ANONYMOUS,
        config.RATE_LIMIT_PUBLIC,
        config.RATE_LIMIT_ADMIN,
      ],
      settle(value) {
        countAdmission('admitted');
        const admitted = value as Admission;
        setRateLimitHeaders(res, admitted.rate);
        caller.role = admitted.role;
        caller.userId = admitted.caller?.userId ?? null;
      },
      fail(err) {
        const refused = refusedAdmission(err);
        if (refused === null) {
          if (isPgError(err) && err.code === 'CREDS') countAdmission('unauthenticated');
          throw err;
        }
        countAdmission('rate_limited');
        setRateLimitHeaders(res, refused.rate);
        throw rateLimitError(refused.rate);
      },
      async now() {
        const pending = caller.admission;
        if (pending === undefined) return;
        caller.admission = undefined;
        let admitted: unknown;
        try {
          admitted = await db.callJson(ANONYMOUS, 'app_hidden.admit_request', [pending.keyDigest, ...pending.args]);
        } catch (err) {
          pending.fail(err);
        }
        pending.settle(admitted);
      },
    };
    req.caller = caller;
    next();
  };
}

/**
 * Admits the request before its handler runs; a deferred admission (a directory path that
 * matched no route) runs now, and a request admitted already is not admitted again.
 */
export function admission(db: Database, config: Config, options: { tokenBearerAllowed?: boolean } = {}): RequestHandler {
  const defer = deferAdmission(db, config, options);
  return async (req, res, next) => {
    if (req.caller === undefined) defer(req, res, () => undefined); // synchronous: sets req.caller, or throws the 401
    await req.caller.admission?.now();
    next();
  };
}

/**
 * Agent registration instead of admission: its own count per client address (an hour's window),
 * so keys cannot be farmed to escape the limits above. Only well-formed attempts count (docs/api.md):
 * the registration operation calls the returned function once the body has passed validation, so
 * a 400 (or a 415) spends nothing.
 */
export function registrationThrottle(db: Database, config: Config): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const rate = await db.callJson<RateState>(ANONYMOUS, 'app_hidden.count_registration_attempt', [
      req.ip ?? 'unknown',
      config.REGISTRATIONS_PER_HOUR,
    ]);
    setRateLimitHeaders(res, rate);
    if (!rate.allowed) throw rateLimitError(rate);
  };
}

/**
 * For staff GraphQL: the caller must hold a staff grant (app_hidden.require_staff decides: CREDS
 * 401 without a key, FORBD 403 without a grant; the key's tier plays no part). Marks the caller
 * as staff, which is what lets staff GraphQL run it as the staff role.
 */
export function requireStaff(db: Database): RequestHandler {
  return async (req, _res, next) => {
    await db.callJson(req.caller, 'app_hidden.require_staff', []);
    req.caller.staff = true;
    next();
  };
}
