// CORS for the public API (docs/api.md, "CORS"): the /api paths, /mcp and the discovery documents
// answer any origin. Keys and owner tokens travel in headers, never in cookies, so there is no
// ambient credential for another site to ride on: `*`, and never Allow-Credentials.
// Preflights end here with a 204 (before admission: they are not counted). Pages for people
// (the confirm page, the portal) carry no CORS headers: see sendPage (html.ts) and the portal.
import cors from 'cors';
import type { RequestHandler } from 'express';
import { CREDENTIAL_HEADERS } from './credential-headers';

/** Headers a browser app may send beyond the CORS-safelisted ones: every credential header the API reads, and these. */
export const CORS_ALLOWED_HEADERS = [
  ...CREDENTIAL_HEADERS,
  'Content-Type',
  'If-None-Match',
  'X-Request-Id',
  // MCP's Streamable HTTP clients send these (the server is stateless: no session id comes back).
  'Mcp-Protocol-Version',
  'Mcp-Session-Id',
];

/** Response headers a browser app may read beyond the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'ETag', 'X-Request-Id'];

/** Headers that let another origin read a response; a page for people removes them. */
export const CORS_RESPONSE_HEADERS = ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];

export const publicCors: RequestHandler = cors({
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST', 'DELETE'],
  allowedHeaders: CORS_ALLOWED_HEADERS,
  exposedHeaders: CORS_EXPOSED_HEADERS,
  // Chromium caps a cached preflight at 2 hours.
  maxAge: 7200,
  optionsSuccessStatus: 204,
});
