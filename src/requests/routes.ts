// The owner request flow, step 1 and step 2 (spec: "Search MCP flow"). Each handler parses its
// input, calls one SQL function (db/migrations/0005_service_requests.sql) and maps the result.
import express, { Router, type RequestHandler } from 'express';
import type { Config } from '../config';
import { mintToken, sha256, verificationDigest } from '../credentials';
import { ANONYMOUS, type Caller, type Database } from '../db/database';
import { wantsHtml } from '../http/html';
import { trustedClientsOnly } from '../http/trusted-clients';
import { parseOrThrow } from '../input/validate';
import { confirmedPage, confirmForm, type Confirmation, type ConfirmationView } from './pages';
import { confirmBody, confirmQuery, requestIdPath, serviceRequestBody } from './params';

const BASE = '/search-mcp/service-requests';
export const OWNER_HELP_PATH = '/developers/owners';

/** `admit` is the API's admission (key, rate limit); the confirm page is not counted. */
export function requestRouter(db: Database, config: Config, admit: RequestHandler): Router {
  const router = Router();
  const trusted = trustedClientsOnly(config.trustedClients);

  router.post(BASE, trusted, admit, async (req, res) => {
    res.status(201).json({ success: true, data: await createServiceRequest(db, config, req.caller, req.body) });
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
    const view = await db.callJson<ConfirmationView>(ANONYMOUS, 'app_hidden.service_request_confirmation',
      [requestId, verificationDigest(requestId, token)]);
    confirmForm(res, view, req.baseUrl + req.path, token);
  });

  // Step 2, as JSON from a client or as the confirm page's form post (answered with a page).
  router.post(`${BASE}/:requestId/confirm`, express.urlencoded({ extended: false, limit: '10kb' }), (req, res, next) => {
    if (req.is('application/x-www-form-urlencoded')) wantsHtml(res);
    next();
  }, trusted, admit, async (req, res) => {
    const data = await confirmServiceRequest(db, config, req.caller, req.params, req.body ?? {});
    if (res.locals.html === true) {
      confirmedPage(res, data);
      return;
    }
    res.json({ success: true, data: confirmationData(data) });
  });

  return router;
}

// The two steps as operations, shared with the MCP tools (src/mcp/tools/requests.ts); the
// trusted-client check and admission stay with each caller.

export async function createServiceRequest(db: Database, config: Config, caller: Caller, body: unknown): Promise<unknown> {
  const b = parseOrThrow(serviceRequestBody, body, 'body');
  return db.callJson(caller, 'app_hidden.create_service_request', [
    b.owner.firstName, b.owner.lastName ?? null, b.owner.email, b.owner.phone ?? null,
    b.project.specialtySlug, b.project.location, b.project.description, b.contractorSlugs,
    b.ownerConsent.statement ?? null, b.clientRequestId ?? null, config.VERIFICATION_LIFETIME_SECONDS,
  ]);
}

export async function confirmServiceRequest(db: Database, config: Config, caller: Caller, path: unknown, body: unknown): Promise<Confirmation> {
  const { requestId } = parseOrThrow(requestIdPath, path, 'path');
  const b = parseOrThrow(confirmBody, body, 'body');
  const digest = (secret: string | undefined) => (secret === undefined ? null : verificationDigest(requestId, secret));
  // The owner access token is minted here; SQL stores its digest and says whether it was issued.
  const ownerToken = mintToken();
  const confirmation = await db.callJson<Confirmation>(caller, 'app_hidden.confirm_service_request', [
    requestId, digest(b.verificationCode), digest(b.verificationToken), config.VERIFICATION_MAX_ATTEMPTS, sha256(ownerToken),
  ]);
  return { ...confirmation, ownerAccessToken: confirmation.ownerAccessToken === null ? null : ownerToken };
}

/** A repeat confirm carries no owner access token: the field is left out rather than null. */
export function confirmationData(data: Confirmation): Omit<Confirmation, 'ownerAccessToken'> | Confirmation {
  const { ownerAccessToken, ...rest } = data;
  return ownerAccessToken === null ? rest : data;
}
