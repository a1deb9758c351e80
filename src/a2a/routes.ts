// The A2A endpoint (POST /a2a): the official SDK's JSON-RPC transport (A2A 1.0, and 0.3's method
// names through its compatibility layer) over SkillRequestHandler (handler.ts). Each POST is
// admitted like any /api request (API key as Bearer or anonymous by address; rate-limit headers)
// and carries one JSON-RPC request (the SDK refuses batches), so one skill counts one request.
// Refusals before the SDK runs (a malformed body, an invalid key, a spent quota) keep their HTTP
// status and headers (401, 429 with Retry-After) and get a JSON-RPC error body, which A2A
// clients read.
import { jsonRpcHandler } from '@a2a-js/sdk/server/express';
import { type ErrorRequestHandler, Router } from 'express';
import type { AppDeps } from '../deps';
import { toApiError } from '../errors';
import { methodNotAllowed } from '../http/errors';
import { admission } from '../identity/admission';
import { nameOperation } from '../metrics/request-labels';
import { A2A_PATH } from '../openapi/agent-card';
import { CallerUser, SkillRequestHandler } from './handler';

// JSON-RPC 2.0's codes for what happens here; -32000 ("server error", implementation-defined,
// outside A2A's -32001..-32009) for an admission's refusal, whose data carries the HTTP status.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const REFUSED = -32000;
const REASONS: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 429: 'RATE_LIMITED' };

export function a2aRouter({ config, db }: AppDeps): Router {
  const domain = new URL(config.publicBaseUrl).host;
  const jsonRpc = jsonRpcHandler({
    requestHandler: new SkillRequestHandler(config.publicBaseUrl),
    userBuilder: (req) =>
      Promise.resolve(
        new CallerUser({
          db,
          config,
          caller: req.caller,
          ip: req.ip ?? '',
          log: req.log,
          nameOperation: (skill) => nameOperation(req.res!, skill),
        }),
      ),
    legacyCompat: { enabled: true },
  });

  /** An admission's or the body parser's refusal as a JSON-RPC error, with its HTTP status and headers. */
  const jsonRpcErrors: ErrorRequestHandler = (err, req, res, next) => {
    const apiError = toApiError(err);
    if (apiError === null || res.headersSent || req.method !== 'POST') {
      next(err);
      return;
    }
    const status = apiError.status;
    const parseFailed = (err as { type?: string }).type === 'entity.parse.failed';
    const code = parseFailed ? PARSE_ERROR : status >= 500 ? INTERNAL_ERROR : status in REASONS ? REFUSED : INVALID_REQUEST;
    const metadata: Record<string, string> = { status: String(status) };
    if (apiError.details !== undefined) metadata.details = apiError.details;
    if (apiError.headers['Retry-After'] !== undefined) metadata.retryAfter = apiError.headers['Retry-After'];
    const body = req.body as { id?: unknown } | undefined;
    const id = typeof body?.id === 'string' || typeof body?.id === 'number' ? body.id : null;
    const info = { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: REASONS[status] ?? 'INVALID_REQUEST', domain, metadata };
    res
      .status(status)
      .set(apiError.headers)
      .json({ jsonrpc: '2.0', id, error: { code, message: apiError.message, data: [info] } });
  };

  const router = Router();
  router.all(A2A_PATH, (req, res, next) => (req.method === 'POST' ? next() : methodNotAllowed(['POST'])(req, res, next)));
  router.post(A2A_PATH, admission(db, config));
  router.use(A2A_PATH, jsonRpc);
  router.use(A2A_PATH, jsonRpcErrors);
  return router;
}
