// The REST door to claiming a listing and editing it (docs/decisions.md, "Claiming a listing"):
// each handler calls one operation (operations.ts) and maps its answer. An edit answers either
// the preview (202, nothing changed) or the edited listing (200).
import { Router, type RequestHandler } from 'express';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { jsonBody } from '../http/body-type';
import { answerGatedWrite } from '../http/gated-write';
import { notFound } from '../http/errors';
import { withMethodGuards } from '../http/method-guards';
import { editClaimedListing, readClaimedListing, startListingClaim, verifyListingClaim } from './operations';
import { listingTokenDigestOf } from './token';

export const CLAIMS_PATH = '/pro/listing-claims';
export const LISTING_PATH = '/pro/listing';

/** `admit` must let a 64-hex Bearer through as the listing access token, not read it as a key. */
export function claimsRouter(db: Database, config: Config, admit: RequestHandler): Router {
  const router = Router();

  router.post(CLAIMS_PATH, jsonBody, admit, async (req, res) => {
    res.status(201).json({ success: true, data: await startListingClaim(db, config, req.caller, req.body) });
  });

  router.post(`${CLAIMS_PATH}/:claimId/verify`, jsonBody, admit, async (req, res) => {
    res.json({ success: true, data: await verifyListingClaim(db, config, req.caller, req.params, req.body ?? {}) });
  });

  router.get(LISTING_PATH, admit, async (req, res) => {
    res.json({ success: true, data: await readClaimedListing(db, listingTokenDigestOf(req, undefined)) });
  });

  router.post(`${LISTING_PATH}/edits`, jsonBody, admit, async (req, res) => {
    const result = await editClaimedListing(db, req.body ?? {}, (bodyToken) => listingTokenDigestOf(req, bodyToken));
    answerGatedWrite(res, result);
  });

  // A known path with another method: 405 with Allow (before the catch-all below).
  withMethodGuards(router);
  // Unknown paths under these prefixes end here, admitted (counted) once, as elsewhere under /api.
  router.use([CLAIMS_PATH, LISTING_PATH], admit, notFound);
  return router;
}
