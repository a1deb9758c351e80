// The REST door to claiming a listing and editing it (docs/decisions.md, "Claiming a listing"):
// each handler calls one operation (operations.ts) and maps its answer. An edit answers either
// the preview (202, nothing changed) or the edited listing (200): postConfirmGated.
import { Router, type RequestHandler } from 'express';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { jsonBody } from '../http/body-type';
import { postConfirmGated } from '../http/confirm-gated';
import { notFound } from '../http/errors';
import { withMethodGuards } from '../http/method-guards';
import { editClaimedListing, readClaimedListing, startListingClaim, verifyListingClaim } from './operations';
import { listingTokenDigestOf } from './token';

const CLAIMS_PATH = '/listing-claims';
const LISTING_PATH = '/listing';

/**
 * Mounted at /api/v1/pro, beside the pro's router (whose 404 covers /api/v1/pro/quotes only).
 * `admit` must let a 64-hex Bearer through as the listing access token, not read it as a key.
 */
export function claimsRouter(db: Database, config: Config, admit: RequestHandler): Router {
  const router = Router();

  router.post(CLAIMS_PATH, jsonBody, admit, async (req, res) => {
    res.status(201).json({ success: true, data: await startListingClaim(db, config, req.caller, req.ip ?? '', req.body) });
  });

  router.post(`${CLAIMS_PATH}/:claimId/verify`, jsonBody, admit, async (req, res) => {
    res.json({ success: true, data: await verifyListingClaim(db, config, req.caller, req.params, req.body ?? {}) });
  });

  router.get(LISTING_PATH, admit, async (req, res) => {
    res.json({ success: true, data: await readClaimedListing(db, req.caller, listingTokenDigestOf(req, undefined)) });
  });

  postConfirmGated(router, `${LISTING_PATH}/edits`, admit, (req) =>
    editClaimedListing(db, req.caller, req.body ?? {}, (bodyToken) => listingTokenDigestOf(req, bodyToken)),
  );

  // A known path with another method: 405 with Allow (before the catch-all below).
  withMethodGuards(router);
  // Unknown paths under these prefixes end here, admitted (counted) once, as elsewhere under /api;
  // any other path goes on (to the pro's router, or the composition's fallback).
  router.use([CLAIMS_PATH, LISTING_PATH], admit, notFound);
  return router;
}
