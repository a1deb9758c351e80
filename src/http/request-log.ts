// Structured request logs with a request id (taken from a sane x-request-id, else new). Query
// strings can carry credentials (the confirm link's token): their values are redacted.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../log';

const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/;
const SECRET_PARAM = /token|key|code|secret|password|auth/i;

export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

const serializers = {
  req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

export function requestLogger(logger: Logger): RequestHandler {
  if (!logger.isLevelEnabled('info')) return failureLogger(logger);
  return pinoHttp({
    logger,
    genReqId: requestId,
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      return 'info';
    },
    serializers,
  });
}

/**
 * Below info, pino-http would build a child logger per request only to log the failures: about
 * a tenth of a cheap request's CPU (docs/performance.md). This keeps what that level shows (a
 * line for each response of 500 or more, req.log with the request id) and builds the child only
 * when something is logged.
 */
function failureLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestId(req, res);
    (req as { id?: string }).id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ req: serializers.req({ id, method: req.method, url: req.originalUrl }) })),
    });
    const started = Date.now();
    res.on('finish', () => {
      if (res.statusCode >= 500) {
        req.log.error({ res: serializers.res(res), responseTime: Date.now() - started }, 'request errored');
      }
    });
    next();
  };
}
