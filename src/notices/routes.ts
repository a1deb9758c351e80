// The stop link of an owner's notice e-mail: GET answers a page that asks (it never stops: mail
// scanners and link previews open links), POST stops, from the page's button or from a mail
// client's RFC 8058 one-click request (List-Unsubscribe-Post). Mounted at the application's root.
import express, { Router, type RequestHandler } from 'express';
import type { Database } from '../db/database';
import { acceptsBody } from '../http/body-type';
import { wantsHtml } from '../http/html';
import { withMethodGuards } from '../http/method-guards';
import { parseOrThrow } from '../input/validate';
import { noticeStopLink } from './operations';
import { stopLinkPage } from './pages';
import { stopLinkQuery } from './params';
import { NOTICE_STOP_PATH } from './paths';

export function noticeStopRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  const html: RequestHandler = (_req, res, next) => {
    wantsHtml(res);
    next();
  };
  router.get(NOTICE_STOP_PATH, html, admit, async (req, res) => {
    const { token } = parseOrThrow(stopLinkQuery, req.query, 'query');
    stopLinkPage(res, await noticeStopLink(db, req.caller, token, false), token!);
  });
  router.post(
    NOTICE_STOP_PATH,
    html,
    express.urlencoded({ extended: false, limit: '1kb' }),
    // RFC 8058's one-click request is either type; the body (List-Unsubscribe=One-Click) is not read.
    acceptsBody('application/x-www-form-urlencoded', 'multipart/form-data'),
    admit,
    async (req, res) => {
      const { token } = parseOrThrow(stopLinkQuery, req.query, 'query');
      stopLinkPage(res, await noticeStopLink(db, req.caller, token, true), token!);
    },
  );
  return withMethodGuards(router);
}
