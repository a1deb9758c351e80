// The owner's REST door to their Opportunity (spec, "Owner read/write operations"): each handler
// reads the token from the request, calls one operation (operations.ts) and maps its answer:
// writes return either {preview} (202, nothing written) or {opportunityId} (200): postConfirmGated.
import { Router, type RequestHandler } from 'express';
import type { Database } from '../db/database';
import { postConfirmGated } from '../http/confirm-gated';
import { notFound } from '../http/errors';
import { withMethodGuards } from '../http/method-guards';
import {
  listOwnerOpportunities,
  ownerWrites,
  readOwnerOpportunity,
  writeOwnerOpportunity,
  type OwnerWrite,
  type WriteSchema,
} from './operations';
import { ownerTokenDigestOf } from './token';

const BASE = '/search-mcp/owner/opportunities';

export function ownerRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();

  router.get(BASE, admit, async (req, res) => {
    const tokenDigest = ownerTokenDigestOf(req, undefined);
    res.json({ success: true, data: await listOwnerOpportunities(db, req.caller, tokenDigest) });
  });

  for (const [suffix, read] of [
    ['', 'opportunity'],
    ['/status', 'status'],
    ['/visit-options', 'visitOptions'],
  ] as const) {
    router.get(`${BASE}/:opportunityId${suffix}`, admit, async (req, res) => {
      const tokenDigest = ownerTokenDigestOf(req, undefined);
      res.json({ success: true, data: await readOwnerOpportunity(db, req.caller, read, tokenDigest, req.params) });
    });
  }

  /** One confirm-gated write, answered 202 with the preview or 200 with the written id. */
  function write<S extends WriteSchema>(suffix: string, w: OwnerWrite<S>): void {
    postConfirmGated(router, `${BASE}/:opportunityId/${suffix}`, admit, (req) =>
      writeOwnerOpportunity(db, req.caller, w, { body: req.body ?? {}, path: req.params }, (bodyToken) =>
        ownerTokenDigestOf(req, bodyToken),
      ),
    );
  }

  write('messages', ownerWrites.messages);
  write('missing-info', ownerWrites.missingInfo);
  write('select-visit-time', ownerWrites.selectVisitTime);
  write('accept-estimate', ownerWrites.acceptEstimate);
  write('mark-complete', ownerWrites.markComplete);
  write('review', ownerWrites.review);
  write('notice-emails', ownerWrites.noticeEmails);

  // A known path with another method: 405 with Allow (before the catch-all below).
  withMethodGuards(router);
  // Unknown paths under the prefix end here, admitted (counted) once, as elsewhere under /api.
  router.use(BASE, admit, notFound);
  return router;
}
