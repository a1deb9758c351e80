// Server-rendered pages for people (the confirm link, the owners' help page): no script at all,
// never cached, a Content-Security-Policy that allows nothing but inline styles and posting
// forms back here, and no Referer (the confirm link carries a token).
import type { Response } from 'express';
import { esc } from '../html/escape';
import { CORS_RESPONSE_HEADERS } from './cors';

export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#10243e}
h1{font-size:1.5rem}dt{font-weight:600}dd{margin:0 0 .75rem}button{font-size:1rem;padding:.6rem 1.2rem;
background:#0b5cab;color:#fff;border:0;border-radius:4px;cursor:pointer}code{background:#eef3f8;padding:.1rem .3rem}
.error{border-left:4px solid #b42318;padding-left:1rem}.notice{border-left:4px solid #067647;padding-left:1rem}
section{border-top:1px solid #d0d7de;margin-top:2rem}blockquote{border-left:3px solid #d0d7de;margin:0;padding-left:1rem}`;

/**
 * Sends a whole page; `body` must already be escaped HTML. A page is for the person who opened
 * it: no other origin may read it, even where the API around it answers CORS (src/http/cors.ts).
 */
export function sendPage(res: Response, status: number, title: string, body: string): void {
  for (const name of CORS_RESPONSE_HEADERS) res.removeHeader(name);
  res.status(status).set(PAGE_HEADERS).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`);
}

/** Marks a response as a page for people: failures are rendered as HTML (see errors.ts). */
export function wantsHtml(res: Response): void {
  res.locals.html = true;
}
