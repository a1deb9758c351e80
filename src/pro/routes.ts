// The pro's doors to its quote thread (issue 26): REST under /api/v1/pro (JSON, the token in a
// header or the body, confirm-gated writes) and the page the e-mailed link opens (no script,
// forms that post and answer with the page). Each handler calls one operation (operations.ts)
// and maps its answer; the page's form posts are the pro's confirmation, so they write.
import express, { Router, type RequestHandler } from 'express';
import type { Database } from '../db/database';
import { acceptsBody } from '../http/body-type';
import { postConfirmGated } from '../http/confirm-gated';
import { notFound } from '../http/errors';
import { wantsHtml } from '../http/html';
import { withMethodGuards } from '../http/method-guards';
import { parseOrThrow } from '../input/validate';
import { listProEvents, proWrites, readProQuote, writeProQuote, type ProWrite, type ProWriteSchema } from './operations';
import { PAGE_FORMS, proQuotePage, type PageForm, type ProQuoteView } from './pages';
import { pageQuery, quotePath } from './params';
import { PRO_PAGE_PREFIX } from './paths';
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
  router.use(admit, notFound);
  return router;
}

const AGAIN = 'Open the link from the e-mail about this request again.';

/** The page the e-mail links to, and its forms' posts; mounted at the application's root. */
export function proPageRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  const html: RequestHandler = (_req, res, next) => {
    wantsHtml(res);
    next();
  };

  // The link: the token in its query is traded for this page only (no cookie, no redirect).
  router.get(`${PRO_PAGE_PREFIX}/:quoteId`, html, admit, async (req, res) => {
    const { token } = parseOrThrow(pageQuery, req.query, 'query');
    const { quoteId } = parseOrThrow(quotePath, req.params, 'path');
    const view = await readProQuote(db, req.caller, checkedProTokenDigest(token, AGAIN), req.params);
    proQuotePage(res, view as unknown as ProQuoteView, quoteId, token!);
  });

  for (const [suffix, form] of Object.entries(PAGE_FORMS) as Array<[string, PageForm]>) {
    router.post(
      `${PRO_PAGE_PREFIX}/:quoteId/${suffix}`,
      html,
      express.urlencoded({ extended: false, limit: '20kb' }),
      acceptsBody('application/x-www-form-urlencoded'),
      admit,
      async (req, res) => {
        const fields = (req.body ?? {}) as Record<string, unknown>;
        const token = typeof fields.proAccessToken === 'string' ? fields.proAccessToken : undefined;
        const tokenDigest = checkedProTokenDigest(token, AGAIN);
        const write = proWrites[form.write] as ProWrite<ProWriteSchema>;
        await writeProQuote(db, req.caller, write, { body: { ...form.read(fields), confirm: true }, path: req.params }, () => tokenDigest);
        const { quoteId } = parseOrThrow(quotePath, req.params, 'path');
        const view = await readProQuote(db, req.caller, tokenDigest, req.params);
        proQuotePage(res, view as unknown as ProQuoteView, quoteId, token!, form.done);
      },
    );
  }
  return withMethodGuards(router);
}
