// The Express application, composed above the doors: middleware order, every door's router
// mounted where it serves, and the fallbacks that keep every failure in the spec's error shape.
// Only this module imports the doors (REST routers, MCP, A2A, the portal's pages, the discovery
// documents); no door imports it or another door (test/unit/layout.test.ts).
import express from 'express';
import { a2aRouter } from './a2a/routes';
import { claimsRouter } from './claims/routes';
import type { AppDeps } from './deps';
import { directoryRouter } from './directory/routes';
import { deferAdmission } from './identity/admission';
import { accountRouter, registrationRouter } from './identity/routes';
import { OWNER_PAGE_PREFIX } from './owner/paths';
import { ownerPageRouter, ownerRouter } from './owner/routes';
import { PRO_PAGE_PREFIX } from './pro/paths';
import { noticeStopRouter } from './notices/routes';
import { proPageRouter, proRouter } from './pro/routes';
import { GRAPHQL_PATH } from './graphql/preset';
import { MCP_PATH, mcpRouter } from './mcp/routes';
import { requestMetrics } from './metrics/http';
import { A2A_PATH } from './openapi/agent-card';
import { DISCOVERY_PATHS, discoveryRouter } from './openapi/routes';
import { ownerHelpRouter } from './portal/owner-help';
import { portalRouter } from './portal/routes';
import { requestRouter } from './requests/routes';
import { webhookRouter } from './webhooks/routes';
import { BODY_LIMIT_BYTES } from './http/body-limit';
import { keyedPublicAnswers, noSniff, privateAnswers } from './http/caching';
import './http/caller';
import { publicCors } from './http/cors';
import { errorHandler, notFound } from './http/errors';
import { weakEtag } from './http/etag';
import { withMethodGuards } from './http/method-guards';
import { requestLogger } from './http/request-log';

const READY_TIMEOUT_MS = 500;

export function createApp({ config, db, logger, staffGraphql }: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  app.set('json spaces', 0);
  app.set('etag', weakEtag);

  // First: a request is timed from its arrival to its answer's last byte.
  app.use(requestMetrics({ mcp: MCP_PATH, named: ['/healthz', '/readyz', ...DISCOVERY_PATHS] }));
  app.use(requestLogger(logger));
  app.use(noSniff);
  // Who may keep an answer, by route class (src/http/caching.ts): the directory's reads are public
  // and vary on the key (below); everything else under /api answers one credential holder, as do
  // the pro's and the owner's pages, the agent doors and staff GraphQL.
  app.use([PRO_PAGE_PREFIX, OWNER_PAGE_PREFIX, MCP_PATH, A2A_PATH, GRAPHQL_PATH], privateAnswers);
  // Before the body parser: a preflight has no body, and a refused body is still readable.
  app.use(['/api', MCP_PATH, ...DISCOVERY_PATHS], publicCors);
  app.use(express.json({ limit: BODY_LIMIT_BYTES }));

  const probes = express.Router();
  probes.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Answers within a second, whatever the databases do (a load balancer's probe must not hang).
  // Ready is the primary's state; replicas are reported (a replica out means reads on the primary).
  probes.get('/readyz', async (_req, res) => {
    const state = await db.readiness(READY_TIMEOUT_MS);
    const databases = [{ name: 'primary', status: state }, ...(db.replicas?.status() ?? []).map((r) => ({ role: 'replica', ...r }))];
    if (state === 'ok') {
      res.json({ status: 'ok', databases });
      return;
    }
    res
      .status(503)
      .set('Retry-After', '2')
      .json({ success: false, error: state === 'saturated' ? 'Database pool saturated' : 'Database unreachable', databases });
  });
  app.use(withMethodGuards(probes));

  // Admission, in its sequence: src/identity/admission.ts. Registration has its own throttle; the
  // request flow admits its POSTs itself (its confirm page must write nothing, not even a
  // rate-limit count); every other API request is admitted once (key or anonymous, rate limit),
  // in the same round trip as its operation's SQL (deferAdmission, docs/decisions.md).
  const admit = deferAdmission(db, config);
  const api = express.Router();
  // The directory first (most requests, and each router passed costs).
  api.use('/v1/public', keyedPublicAnswers, withMethodGuards(directoryRouter(db, admit)));
  // What the directory did not answer is for one credential holder: routes added below are too.
  api.use(privateAnswers);
  api.use(withMethodGuards(registrationRouter(db, config)));
  api.use('/v1/public', withMethodGuards(requestRouter(db, config, admit)));
  // Owner, pro and listing-claim routes accept an access token as a Bearer, so their admission
  // must not read it as a key. Each router admits its own paths and ends in a 404 for its own
  // prefix only, so no router shadows another whatever their order (test/unit/composition.test.ts).
  const tokenAdmit = deferAdmission(db, config, { tokenBearerAllowed: true });
  api.use('/v1/public', ownerRouter(db, tokenAdmit));
  api.use('/v1/pro', claimsRouter(db, config, tokenAdmit));
  api.use('/v1/pro', proRouter(db, tokenAdmit));
  api.use(withMethodGuards(accountRouter(db, admit)));
  api.use(withMethodGuards(webhookRouter(db, config, admit)));
  // The fallbacks: another path under /v1/pro is the pro door's 404; whatever else reaches here
  // is admitted, and answered by the 404 below (admission settles in the error handler).
  api.use('/v1/pro', tokenAdmit, notFound);
  api.use(admit);
  app.use('/api', api);
  // The pages the pro's and the owner's e-mailed links open (admitted like the API: their forms write).
  app.use(proPageRouter(db, admit));
  // The stop link of an owner's notice e-mail (its stop token can do nothing else).
  app.use(noticeStopRouter(db, admit));
  app.use(ownerPageRouter(db, admit));
  app.use(withMethodGuards(ownerHelpRouter()));
  app.use(portalRouter({ config, db, logger }));
  app.use(withMethodGuards(discoveryRouter({ config, db, logger })));
  app.use(mcpRouter({ config, db, logger }));
  app.use(a2aRouter({ config, db, logger }));
  if (staffGraphql) app.use(staffGraphql);

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
