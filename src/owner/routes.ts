// The owner's operations on their Opportunity (spec, "Owner read/write operations"). Each
// handler reads the token, parses the body, calls one SQL function and maps its answer: writes
// return either {preview} (202, nothing written) or {opportunityId} (200).
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { ANONYMOUS, type Database } from '../db/database';
import { notFound } from '../http/errors';
import { parseOrThrow } from '../http/validate';
import { acceptEstimateBody, markCompleteBody, messageBody, missingInfoBody, opportunityPath, reviewBody, selectVisitBody } from './params';
import { ownerTokenOf } from './token';

const BASE = '/search-mcp/owner/opportunities';

interface Preview { preview: { action: string; detail: Record<string, unknown> } }

export function ownerRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  router.use(BASE, admit);

  router.get(BASE, async (req, res) => {
    const token = ownerTokenOf(req, undefined);
    res.json({ success: true, data: await db.callJson(ANONYMOUS, 'app_hidden.owner_list_opportunities', [token]) });
  });

  for (const [suffix, fn] of [['', 'owner_get_opportunity'], ['/status', 'owner_opportunity_status'],
    ['/visit-options', 'owner_visit_options']] as const) {
    router.get(`${BASE}/:opportunityId${suffix}`, async (req, res) => {
      const token = ownerTokenOf(req, undefined);
      const { opportunityId } = parseOrThrow(opportunityPath, req.params, 'path');
      res.json({ success: true, data: await db.callJson(ANONYMOUS, `app_hidden.${fn}`, [token, opportunityId]) });
    });
  }

  /** One confirm-gated write: `args` picks the SQL arguments (after token and id) from the body. */
  function write<S extends z.ZodType<{ ownerAccessToken?: string; confirm?: boolean }>>(
    suffix: string, schema: S, fn: string, args: (body: z.output<S>) => unknown[],
  ): void {
    router.post(`${BASE}/:opportunityId/${suffix}`, async (req, res) => {
      const body = parseOrThrow(schema, req.body ?? {}, 'body');
      const token = ownerTokenOf(req, body.ownerAccessToken);
      const { opportunityId } = parseOrThrow(opportunityPath, req.params, 'path');
      const result = await db.callJson<Preview | { opportunityId: string }>(ANONYMOUS, `app_hidden.${fn}`,
        [token, opportunityId, ...args(body), body.confirm === true]);
      if ('preview' in result) {
        res.status(202).json({ success: true, confirmationRequired: true, writesPerformed: false,
          action: result.preview.action, detail: result.preview.detail });
        return;
      }
      res.json({ success: true, data: result });
    });
  }

  write('messages', messageBody, 'owner_send_message', (b) => [b.quoteId, b.content]);
  write('missing-info', missingInfoBody, 'owner_answer_missing_info', (b) => [b.quoteId, b.answers]);
  write('select-visit-time', selectVisitBody, 'owner_select_visit_time', (b) => [b.quoteId, b.visitId, b.selectedTime]);
  write('accept-estimate', acceptEstimateBody, 'owner_accept_estimate', (b) => [b.estimateId]);
  write('mark-complete', markCompleteBody, 'owner_mark_complete', (b) => [b.quoteId]);
  write('review', reviewBody, 'owner_review', (b) => [b.quoteId, b.rating, b.review]);

  // Unknown paths under the prefix end here, so they are not admitted (counted) twice.
  router.use(BASE, notFound);
  return router;
}
