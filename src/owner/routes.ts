// The owner's operations on their Opportunity (spec, "Owner read/write operations"). Each
// handler reads the token, parses the body, calls one SQL function and maps its answer: writes
// return either {preview} (202, nothing written) or {opportunityId} (200).
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { ANONYMOUS, type Database } from '../db/database';
import { notFound } from '../http/errors';
import { parseOrThrow } from '../input/validate';
import { acceptEstimateBody, markCompleteBody, messageBody, missingInfoBody, opportunityPath, reviewBody, selectVisitBody } from './params';
import { ownerTokenDigestOf } from './token';

const BASE = '/search-mcp/owner/opportunities';

export interface Preview { preview: { action: string; detail: Record<string, unknown> } }
export type WriteSchema = z.ZodType<{ ownerAccessToken?: string; confirm?: boolean }>;

/** A confirm-gated write: its body schema, SQL function and the SQL arguments after token and id. */
export interface OwnerWrite<S extends WriteSchema> {
  schema: S;
  fn: string;
  args: (body: z.output<S>) => unknown[];
}
const op = <S extends WriteSchema>(schema: S, fn: string, args: (body: z.output<S>) => unknown[]): OwnerWrite<S> => ({ schema, fn, args });

// Shared with the MCP tools (src/mcp/tools/owner.ts), so both call the same functions alike.
export const ownerReads = {
  list: 'owner_list_opportunities', opportunity: 'owner_get_opportunity', status: 'owner_opportunity_status', visitOptions: 'owner_visit_options',
} as const;
export const ownerWrites = {
  messages: op(messageBody, 'owner_send_message', (b) => [b.quoteId, b.content]),
  missingInfo: op(missingInfoBody, 'owner_answer_missing_info', (b) => [b.quoteId, b.answers]),
  selectVisitTime: op(selectVisitBody, 'owner_select_visit_time', (b) => [b.quoteId, b.visitId, b.selectedTime]),
  acceptEstimate: op(acceptEstimateBody, 'owner_accept_estimate', (b) => [b.estimateId]),
  markComplete: op(markCompleteBody, 'owner_mark_complete', (b) => [b.quoteId]),
  review: op(reviewBody, 'owner_review', (b) => [b.quoteId, b.rating, b.review]),
};

/** Runs a parsed write as the owner (anonymous role; the token is the credential). */
export function performOwnerWrite<S extends WriteSchema>(db: Database, write: OwnerWrite<S>, tokenDigest: string,
  opportunityId: string, body: z.output<S>): Promise<Preview | { opportunityId: string }> {
  return db.callJson<Preview | { opportunityId: string }>(ANONYMOUS, `app_hidden.${write.fn}`,
    [tokenDigest, opportunityId, ...write.args(body), body.confirm === true]);
}

export function ownerRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  router.use(BASE, admit);

  router.get(BASE, async (req, res) => {
    const tokenDigest = ownerTokenDigestOf(req, undefined);
    res.json({ success: true, data: await db.callJson(ANONYMOUS, `app_hidden.${ownerReads.list}`, [tokenDigest]) });
  });

  for (const [suffix, fn] of [['', ownerReads.opportunity], ['/status', ownerReads.status],
    ['/visit-options', ownerReads.visitOptions]] as const) {
    router.get(`${BASE}/:opportunityId${suffix}`, async (req, res) => {
      const tokenDigest = ownerTokenDigestOf(req, undefined);
      const { opportunityId } = parseOrThrow(opportunityPath, req.params, 'path');
      res.json({ success: true, data: await db.callJson(ANONYMOUS, `app_hidden.${fn}`, [tokenDigest, opportunityId]) });
    });
  }

  /** One confirm-gated write, answered 202 with the preview or 200 with the written id. */
  function write<S extends WriteSchema>(suffix: string, w: OwnerWrite<S>): void {
    router.post(`${BASE}/:opportunityId/${suffix}`, async (req, res) => {
      const body = parseOrThrow(w.schema, req.body ?? {}, 'body');
      const tokenDigest = ownerTokenDigestOf(req, body.ownerAccessToken);
      const { opportunityId } = parseOrThrow(opportunityPath, req.params, 'path');
      const result = await performOwnerWrite(db, w, tokenDigest, opportunityId, body);
      if ('preview' in result) {
        res.status(202).json({ success: true, confirmationRequired: true, writesPerformed: false,
          action: result.preview.action, detail: result.preview.detail });
        return;
      }
      res.json({ success: true, data: result });
    });
  }

  write('messages', ownerWrites.messages);
  write('missing-info', ownerWrites.missingInfo);
  write('select-visit-time', ownerWrites.selectVisitTime);
  write('accept-estimate', ownerWrites.acceptEstimate);
  write('mark-complete', ownerWrites.markComplete);
  write('review', ownerWrites.review);

  // Unknown paths under the prefix end here, so they are not admitted (counted) twice.
  router.use(BASE, notFound);
  return router;
}
