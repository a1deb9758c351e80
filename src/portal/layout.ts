// The portal's page shell and response headers. Unlike the script-free pages in http/html.ts,
// portal pages run scripts, but only our own files from this origin: the CSP has no
// 'unsafe-inline' and no 'unsafe-eval', so an injected <script> or on* attribute never runs.
import type { Response } from 'express';
import { esc } from '../html/escape';
import { OWNER_HELP_PATH } from '../requests/paths';
import { assetUrl, type AssetName } from './assets';

export const PORTAL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Pages hold no user data (keys live only in the browser tab), so they may be cached briefly. */
export const PORTAL_HEADERS = {
  'Cache-Control': 'public, max-age=300',
  'Content-Security-Policy': PORTAL_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const PORTAL_PATHS = {
  home: '/developers',
  quickstart: '/developers/quickstart',
  reference: '/developers/reference',
  register: '/developers/register',
  console: '/developers/console',
  owners: OWNER_HELP_PATH,
  openapi: '/developers/openapi.json',
} as const;

const NAV: [string, string][] = [
  [PORTAL_PATHS.home, 'Overview'],
  [PORTAL_PATHS.quickstart, 'Quickstart'],
  [PORTAL_PATHS.reference, 'API reference'],
  [PORTAL_PATHS.register, 'Register'],
  [PORTAL_PATHS.console, 'Key console'],
  [PORTAL_PATHS.owners, 'For boat owners'],
];

export interface PortalPage {
  title: string;
  /** The path of this page, to mark it in the navigation. */
  path: string;
  /** Already escaped HTML. */
  body: string;
  styles?: AssetName[];
  scripts?: AssetName[];
  /** A wider main column (the reference). */
  wide?: boolean;
}

export function renderPage(page: PortalPage): string {
  const nav = NAV.map(
    ([href, label]) => `<li><a href="${esc(href)}"${href === page.path ? ' aria-current="page"' : ''}>${esc(label)}</a></li>`,
  ).join('');
  const styles = [...(page.styles ?? []), 'portal.css' as const]
    .map((name) => `<link rel="stylesheet" href="${esc(assetUrl(name))}">`)
    .join('\n');
  const scripts = (page.scripts ?? []).map((name) => `<script src="${esc(assetUrl(name))}" defer></script>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)} · Marine Pros developers</title>
<link rel="icon" href="data:,">
${styles}
${scripts}
</head>
<body>
<header class="site"><a class="brand" href="${PORTAL_PATHS.home}">Marine Pros <span>developers</span></a>
<nav aria-label="Developer portal"><ul>${nav}</ul></nav></header>
<main class="${page.wide ? 'wide' : 'narrow'}">
${page.body}
</main>
<footer class="site"><p>OpenAPI document: <a href="${PORTAL_PATHS.openapi}">${PORTAL_PATHS.openapi}</a></p></footer>
</body></html>`;
}

/** Sends a page rendered by renderPage. */
export function sendPortalPage(res: Response, html: string): void {
  res.status(200).set(PORTAL_HEADERS).type('html').send(html);
}
