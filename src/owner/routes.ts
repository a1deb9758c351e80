// The owner's doors to their Opportunity (spec, "Owner read/write operations"): REST, where each
// handler reads the token from the request, calls one operation (operations.ts) and maps its
// answer (writes return either {preview} (202, nothing written) or {opportunityId} (200):
// postConfirmGated); and the page the owner's e-mails link to (pages.ts), whose forms reach the
// same operations.
import { Router, type Request, type RequestHandler } from 'express';
import type { Database } from '../db/database';
import { ApiError, toApiError } from '../errors';
import { field } from '../html/form-fields';
import { pageHref } from '../html/page-parts';
import { pageTimeZone } from '../html/time-zone';
import { postConfirmGated } from '../http/confirm-gated';
import { notFound } from '../http/errors';
import { withMethodGuards } from '../http/method-guards';
import { htmlAnswers, pageFormBody, pageWrite, seeThePage } from '../http/page-post';
import { pageQuery } from '../input/page-query';
import { parseOrThrow } from '../input/validate';
import {
  listOwnerEvents,
  listOwnerOpportunities,
  ownerWrites,
  readOwnerOpportunity,
  writeOwnerOpportunity,
  type OwnerWrite,
  type WriteSchema,
} from './operations';
import { OWNER_PAGE_FORMS, type OwnerPageForm } from './page-forms';
import { ownerOpportunityPage, ownerPreviewPage, type OwnerOpportunityView } from './pages';
import { OWNER_PAGE_PREFIX, ownerPagePath } from './paths';
import { checkedOwnerTokenDigest, ownerTokenDigestOf } from './token';

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

  router.get(`${BASE}/:opportunityId/events`, admit, async (req, res) => {
    const tokenDigest = ownerTokenDigestOf(req, undefined);
    res.json({ success: true, data: await listOwnerEvents(db, req.caller, tokenDigest, req.params, req.query) });
  });

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

// The owner's page (the link in the owner's e-mails). A wrong, malformed or expired token answers
// exactly as an unknown Opportunity does, so the page never says whether a link was ever good.
const GONE = new ApiError(404, 'Opportunity not found', 'Open the link from the latest e-mail about this request again.');

/** The token's digest for the page, and every failure of the token or the id as the one 404. */
async function asThePage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const error = toApiError(err);
    if (error?.status === 401 || (error?.status === 404 && error.message === 'Opportunity not found')) throw GONE;
    throw err;
  }
}

/** The page the owner's e-mails link to, and its forms' posts; mounted at the application's root. */
export function ownerPageRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  const digest = (token: string | undefined) => checkedOwnerTokenDigest(token, GONE.details!);
  const view = async (req: Request, tokenDigest: string) =>
    (await readOwnerOpportunity(db, req.caller, 'opportunity', tokenDigest, req.params)) as unknown as OwnerOpportunityView;

  // The link: the token in its query is traded for this page only (no cookie); the page's links,
  // forms and redirects carry it on, as the link did, with the reader's zone.
  router.get(`${OWNER_PAGE_PREFIX}/:opportunityId`, htmlAnswers, admit, async (req, res) => {
    const { token, tz, done } = parseOrThrow(pageQuery, req.query, 'query');
    const v = await asThePage(async () => view(req, digest(token)));
    const { zone, refused } = pageTimeZone(tz);
    const doneText = done !== undefined && Object.hasOwn(OWNER_PAGE_FORMS, done) ? OWNER_PAGE_FORMS[done]!.done : undefined;
    ownerOpportunityPage(res, v, { token: token!, zone }, { done: doneText, zoneRefused: refused });
  });

  for (const [suffix, form] of Object.entries(OWNER_PAGE_FORMS) as Array<[string, OwnerPageForm]>) {
    router.post(`${OWNER_PAGE_PREFIX}/:opportunityId/${suffix}`, ...pageFormBody(admit), async (req, res) => {
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const token = field(fields.ownerAccessToken);
      const state = { token: token ?? '', zone: pageTimeZone(fields.tz).zone };
      const tokenDigest = await asThePage(async () => digest(token));
      const write = ownerWrites[form.write] as OwnerWrite<WriteSchema>;
      const body = { ...form.read(fields), confirm: fields.confirm === 'yes' };
      const result = await pageWrite(
        res,
        () => asThePage(() => writeOwnerOpportunity(db, req.caller, write, { body, path: req.params }, () => tokenDigest)),
        async (refused) => ownerOpportunityPage(res, await view(req, tokenDigest), state, { refused }),
      );
      if (result === undefined) return;
      if ('preview' in result) {
        ownerPreviewPage(res, await view(req, tokenDigest), state, { suffix, fields }, result.preview);
        return;
      }
      seeThePage(res, pageHref(ownerPagePath(result.opportunityId), state, { done: suffix }));
    });
  }
  return withMethodGuards(router);
}
