// The owner request flow's REST door, step 1 and step 2 (spec: "Search MCP flow"): each handler
// calls one operation (operations.ts) and answers with JSON or, for the confirm link, a page.
import express, { Router, type Request, type RequestHandler } from 'express';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { acceptsBody, jsonBody } from '../http/body-type';
import { wantsHtml } from '../http/html';
import { parseOrThrow } from '../input/validate';
import { confirmationData, confirmationView, confirmServiceRequest, createServiceRequest } from './operations';
import { confirmedPage, confirmForm } from './pages';
import { confirmQuery, requestIdPath } from './params';
import { OWNER_HELP_PATH } from './paths';
import { requireTrustedClient } from './trusted-clients';

const BASE = '/search-mcp/service-requests';

/**
 * The operations refuse an untrusted address (operations.ts); REST asks the same check earlier,
 * before the body's type and admission, so that refusal is not counted.
 */
function trustedClientsOnly(config: Config): RequestHandler {
  return (req, _res, next) => {
    requireTrustedClient(config, req.ip ?? '');
    next();
  };
}

const clientOf = (req: Request) => ({ caller: req.caller, ip: req.ip ?? '' });

/** `admit` is the API's admission (key, rate limit); the confirm page is not counted. */
export function requestRouter(db: Database, config: Config, admit: RequestHandler): Router {
  const router = Router();
  const trusted = trustedClientsOnly(config);

  router.post(BASE, trusted, jsonBody, admit, async (req, res) => {
    res.status(201).json({ success: true, data: await createServiceRequest(db, config, clientOf(req), req.body) });
  });

  // The link in the e-mail: shows what will be confirmed; never changes anything.
  router.get(`${BASE}/:requestId/confirm`, async (req, res) => {
    wantsHtml(res);
    const { requestId } = parseOrThrow(requestIdPath, req.params, 'path');
    const { token } = parseOrThrow(confirmQuery, req.query, 'query');
    if (token === undefined) {
      res.redirect(307, OWNER_HELP_PATH);
      return;
    }
    confirmForm(res, await confirmationView(db, requestId, token), req.baseUrl + req.path, token);
  });

  // Step 2, as JSON from a client or as the confirm page's form post (answered with a page).
  router.post(
    `${BASE}/:requestId/confirm`,
    express.urlencoded({ extended: false, limit: '10kb' }),
    (req, res, next) => {
      if (req.is('application/x-www-form-urlencoded')) wantsHtml(res);
      next();
    },
    trusted,
    acceptsBody('application/json', 'application/x-www-form-urlencoded'),
    admit,
    async (req, res) => {
      const data = await confirmServiceRequest(db, config, clientOf(req), req.params, req.body ?? {});
      if (res.locals.html === true) {
        confirmedPage(res, data);
        return;
      }
      res.json({ success: true, data: confirmationData(data) });
    },
  );

  return router;
}
