// Post/redirect/get for the pages for people (docs/decisions.md, "Owner page and
// post/redirect/get"): a form post that writes is answered with a 303 to the page, its query
// naming what was done, so reloading the page reads it again instead of posting twice. A post
// the operation refuses for what was typed or for the state of the thread (400, 409, 410, 429)
// shows the page again, with the refusal in words and the refusal's status; anything else (a
// wrong token, an unknown thread, the database down) is the error handler's page.
import express, { type RequestHandler, type Response } from 'express';
import { type ApiError, toApiError } from '../errors';
import { BODY_LIMIT_BYTES } from './body-limit';
import { acceptsBody } from './body-type';
import { wantsHtml } from './html';

/** A page's failures are pages too (errors.ts). */
export const htmlAnswers: RequestHandler = (_req, res, next) => {
  wantsHtml(res);
  next();
};

/**
 * In front of a page's form posts: an HTML answer, the form's body (and no other type), then
 * admission. The body may be as large as a JSON body: a form's text is percent-encoded, up to nine
 * bytes for a character (5000 characters of a message can pass 20 kB).
 */
export const pageFormBody = (admit: RequestHandler): RequestHandler[] => [
  htmlAnswers,
  express.urlencoded({ extended: false, limit: BODY_LIMIT_BYTES }),
  acceptsBody('application/x-www-form-urlencoded'),
  admit,
];

const SHOWN_ON_THE_PAGE = new Set([400, 409, 410, 422, 429]);

/**
 * Runs a form's operation; a refusal the page can show goes to `showRefusal` (and the result is
 * undefined), anything else is thrown on.
 */
export async function pageWrite<T>(
  res: Response,
  run: () => Promise<T>,
  showRefusal: (error: ApiError) => Promise<void>,
): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    const error = toApiError(err);
    if (error === null || !SHOWN_ON_THE_PAGE.has(error.status)) throw err;
    res.set(error.headers);
    await showRefusal(error);
    return undefined;
  }
}

/** The redirect after a write: "See Other", the page's own address (never another origin). */
export function seeThePage(res: Response, location: string): void {
  res.status(303).location(location).end();
}
