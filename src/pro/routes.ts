// The pro's doors to its quote thread: REST under /api/v1/pro (JSON, the token in a header or
// the body, confirm-gated writes) and the page the e-mailed link opens (no script, forms that
// post and are answered with a redirect to the page). Each handler calls one operation
// (operations.ts) and maps its answer; the page's form posts are the pro's confirmation, so they
// write.
import { Router, type RequestHandler } from 'express';
import type { Database } from '../db/database';
import { field } from '../html/form-fields';
import { pageHref, type PageState } from '../html/page-parts';
import { pageTimeZone } from '../html/time-zone';
import { postConfirmGated } from '../http/confirm-gated';
import { notFound } from '../http/errors';
import { withMethodGuards } from '../http/method-guards';
import { htmlAnswers, pageFormBody, pageWrite, seeThePage } from '../http/page-post';
import { pageQuery } from '../input/page-query';
import { parseOrThrow } from '../input/validate';
import { listProEvents, proWrites, readProQuote, writeProQuote, type ProWrite, type ProWriteSchema } from './operations';
import { PAGE_FORMS, proQuotePage, type PageForm, type ProQuoteView } from './pages';
import { quotePath } from './params';
import { PRO_PAGE_PREFIX, proPagePath } from './paths';
import { checkedProTokenDigest, proTokenDigestOf } from './token';

const BASE = '/quotes';

/** Mounted at /api/v1/pro; `admit` must let a 64-hex Bearer through as the pro's token. */
export function proRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();

  router.get(`${BASE}/:quoteId`, admit, async (req, res) => {
    const tokenDigest = proTokenDigestOf(req, undefined);
    res.json({ success: true, data: await readProQuote(db, req.caller, tokenDigest, req.params) });
  });

  router.get(`${BASE}/:quoteId/events`, admit, async (req, res) => {
    const tokenDigest = proTokenDigestOf(req, undefined);
    res.json({ success: true, data: await listProEvents(db, req.caller, tokenDigest, req.params, req.query) });
  });

  /** One confirm-gated write, answered 202 with the preview or 200 with what was written. */
  function write<S extends ProWriteSchema>(suffix: string, w: ProWrite<S>): void {
    postConfirmGated(router, `${BASE}/:quoteId/${suffix}`, admit, (req) =>
      writeProQuote(db, req.caller, w, { body: req.body ?? {}, path: req.params }, (bodyToken) => proTokenDigestOf(req, bodyToken)),
    );
  }

  write('messages', proWrites.messages);
  write('missing-info', proWrites.missingInfo);
  write('visit-times', proWrites.visitTimes);
  write('estimates', proWrites.estimates);
  write('decline', proWrites.decline);

  withMethodGuards(router);
  // Its own prefix only: the rest of /v1/pro is the listing claims' (src/claims/routes.ts).
  router.use(BASE, admit, notFound);
  return router;
}

const AGAIN = 'Open the link from the e-mail about this request again.';

/** The page's state from a query or a form: its token and the reader's zone (and a refused zone). */
function stateOf(token: string | undefined, tz: unknown): { state: PageState; zoneRefused?: string } {
  const { zone, refused } = pageTimeZone(tz);
  return { state: { token: token ?? '', zone }, zoneRefused: refused };
}

/** The page the e-mail links to, and its forms' posts; mounted at the application's root. */
export function proPageRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();

  // The link: the token in its query is traded for this page only (no cookie). The page's own
  // links, forms and redirects carry it on, as the link did, with the reader's zone.
  router.get(`${PRO_PAGE_PREFIX}/:quoteId`, htmlAnswers, admit, async (req, res) => {
    const { token, tz, done } = parseOrThrow(pageQuery, req.query, 'query');
    const { quoteId } = parseOrThrow(quotePath, req.params, 'path');
    const view = await readProQuote(db, req.caller, checkedProTokenDigest(token, AGAIN), req.params);
    const { state, zoneRefused } = stateOf(token, tz);
    const doneText = done !== undefined && Object.hasOwn(PAGE_FORMS, done) ? PAGE_FORMS[done]!.done : undefined;
    proQuotePage(res, view as unknown as ProQuoteView, quoteId, state, { done: doneText, zoneRefused });
  });

  // A form's post writes (the pro's click is its confirmation), then redirects to the page.
  for (const [suffix, form] of Object.entries(PAGE_FORMS) as Array<[string, PageForm]>) {
    router.post(`${PRO_PAGE_PREFIX}/:quoteId/${suffix}`, ...pageFormBody(admit), async (req, res) => {
      const fields = (req.body ?? {}) as Record<string, unknown>;
      const token = field(fields.proAccessToken);
      const tokenDigest = checkedProTokenDigest(token, AGAIN);
      const { quoteId } = parseOrThrow(quotePath, req.params, 'path');
      const { state } = stateOf(token, fields.tz);
      const write = proWrites[form.write] as ProWrite<ProWriteSchema>;
      const body = { ...form.read(fields), confirm: true };
      const written = await pageWrite(
        res,
        () => writeProQuote(db, req.caller, write, { body, path: req.params }, () => tokenDigest),
        async (refused) => {
          const view = await readProQuote(db, req.caller, tokenDigest, req.params);
          proQuotePage(res, view as unknown as ProQuoteView, quoteId, state, { refused });
        },
      );
      if (written !== undefined) seeThePage(res, pageHref(proPagePath(quoteId), state, { done: suffix }));
    });
  }
  return withMethodGuards(router);
}
