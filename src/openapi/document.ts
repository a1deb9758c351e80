// The OpenAPI 3.1 document, generated (zod-openapi) from the zod schemas that validate requests
// and from the response schemas in responses.ts: one source of truth for both.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { autocompleteQuery, geoQuery, idPath, postsQuery, searchQuery, slugPath } from '../directory/params';
import { keyId, newKey, registration } from '../identity/params';
import {
  acceptEstimateBody,
  markCompleteBody,
  messageBody,
  missingInfoBody,
  opportunityPath,
  reviewBody,
  selectVisitBody,
} from '../owner/params';
import { confirmBody, confirmQuery, requestIdPath, serviceRequestBody } from '../requests/params';
import * as r from './responses';

export const OPENAPI_PATH = '/developers/openapi.json';

const rateLimitHeaders = z.object({
  'RateLimit-Limit': z.string().meta({ description: 'Requests allowed in the rolling window (24 h by default).' }),
  'RateLimit-Remaining': z.string().meta({ description: 'Requests left in the window.' }),
  'RateLimit-Reset': z.string().meta({ description: 'Seconds until one more request is allowed.' }),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid parameters or body: `error` names the parameter and the rule.',
  401: 'Missing, malformed, revoked or unknown credentials.',
  403: 'Authenticated, but not allowed (for example an untrusted client address, or a public key on a staff operation).',
  404: 'Not found (or not yours to know about).',
  409: 'Conflicts with the current state.',
  410: 'Expired.',
  415: 'The body is not of a type this operation reads (`Accept-Post` and `details` name the accepted types).',
  429: 'Rate limit exceeded or locked; `Retry-After` gives the seconds to wait.',
  500: 'Unexpected error (no internals are shown).',
  503: 'The database cannot serve right now (restarting, unreachable, or too busy); `Retry-After` gives the seconds to wait.',
};

function responses(ok: Record<number, { schema: z.ZodType; description: string }>, ...errorStatuses: number[]): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, { schema, description }] of Object.entries(ok)) {
    out[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description,
      headers: rateLimitHeaders,
      content: { 'application/json': { schema } },
    };
  }
  for (const status of [...errorStatuses, 500, 503]) {
    out[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: ERROR_TEXT[status]!,
      ...(status === 429 || status === 503
        ? { headers: z.object({ 'Retry-After': z.string().meta({ description: 'Seconds to wait.' }) }) }
        : {}),
      content: { 'application/json': { schema: r.errorBody } },
    };
  }
  return out;
}

// Registration's own 429 (DESIGN.md): its throttle, and that only well-formed attempts count.
const registrationThrottled: ZodOpenApiResponsesObject = {
  429: {
    description:
      'Too many registrations from this client address in the last hour (`REGISTRATIONS_PER_HOUR`, 10 by default). ' +
      'Only well-formed attempts count: a 400 or 415 spends nothing. `Retry-After` gives the seconds to wait.',
    headers: z.object({
      'Retry-After': z.string().meta({ description: 'Seconds until an attempt is allowed again.' }),
      ...rateLimitHeaders.shape,
    }),
    content: { 'application/json': { schema: r.errorBody } },
  },
};

type Security = Array<Record<string, string[]>>;
const optionalKey: Security = [{}, { apiKey: [] }];
const ownerToken: Security = [{ ownerToken: [] }, { ownerBearer: [] }];

function directory(
  summary: string,
  ok: z.ZodType,
  extra: Partial<ZodOpenApiOperationObject>,
  ...errors: number[]
): ZodOpenApiOperationObject {
  return {
    tags: ['Directory'],
    summary,
    security: optionalKey,
    responses: responses({ 200: { schema: ok, description: 'OK' } }, 401, 429, ...errors),
    ...extra,
  };
}

const ownerWrites: Array<[string, z.ZodType, string]> = [
  ['messages', messageBody, 'Send a message to a pro as the verified owner.'],
  ['missing-info', missingInfoBody, "Answer a pro's open missing-info request."],
  ['select-visit-time', selectVisitBody, 'Choose one of the visit times a pro proposed (any ISO 8601 spelling of the same instant).'],
  ['accept-estimate', acceptEstimateBody, 'Accept an estimate: awards that pro and closes every other submitted estimate.'],
  ['mark-complete', markCompleteBody, "Mark the awarded pro's work complete."],
  ['review', reviewBody, "Review the completed work; the review appears on the pro's profile."],
];

export function buildDocument(publicBaseUrl: string): ReturnType<typeof createDocument> {
  const owner = '/api/v1/public/search-mcp/owner/opportunities';
  const requests = '/api/v1/public/search-mcp/service-requests';
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Marine Services Directory and Owner Request API',
      version: '1.0.0',
      description:
        'Find marine service pros by text, specialty, city and map position; read profiles, articles and blog posts; ' +
        'register as an agent for an API key; start a service request that the boat owner verifies by e-mail, then work it ' +
        'through with the owner access token. Contractor and specialty responses carry both documented shapes: ' +
        "Variant B's `{success, data}` and Variant A's top-level fields. Every `/api` response carries `RateLimit-*` headers.",
    },
    servers: [{ url: publicBaseUrl }],
    tags: [
      { name: 'Directory', description: 'Contractors, specialties, articles and blog.' },
      { name: 'Agents and keys', description: 'Self-registration, the current account, API keys.' },
      { name: 'Service requests', description: 'Step 1 (draft, e-mail verification) and step 2 (confirm).' },
      {
        name: 'Owner',
        description:
          'The owner works the Opportunity with the owner access token. Writes need `confirm: true`; without it they answer a 202 preview and change nothing.',
      },
    ],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `svc_public_…` (public tier) or `svc_live_…` (admin tier).' },
        ownerToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-service-owner-access-token',
          description: 'The owner access token (64 hex) from the confirmation.',
        },
        ownerBearer: { type: 'http', scheme: 'bearer', description: 'The owner access token as a Bearer (not an API key).' },
      },
    },
    paths: {
      '/api/v1/public/contractors/search': {
        get: directory(
          'Search contractors by text, specialty, city and state',
          r.searchResponse,
          { requestParams: { query: searchQuery } },
          400,
        ),
      },
      '/api/v1/public/contractors/geo-search': {
        get: directory(
          'Contractors around a point (radius) or inside a bounding box',
          r.geoResponse,
          { requestParams: { query: geoQuery } },
          400,
        ),
      },
      '/api/v1/public/contractors/autocomplete': {
        get: directory(
          'Type-ahead suggestions: specialties, cities and contractor names for what has been typed so far',
          r.autocompleteResponse,
          { requestParams: { query: autocompleteQuery } },
          400,
        ),
      },
      '/api/v1/public/contractors/specialties': {
        get: directory('Every specialty', r.specialtiesResponse, {}),
      },
      '/api/v1/public/contractors/{slug}': {
        get: directory("A contractor's full profile, by slug", r.profileResponse, { requestParams: { path: slugPath } }, 400, 404),
      },
      '/api/v1/public/contractors/by-id/{id}': {
        get: directory("A contractor's full profile, by id", r.profileResponse, { requestParams: { path: idPath } }, 400, 404),
      },
      '/api/v1/public/articles': {
        get: directory('Articles, newest first', r.articlesResponse, { requestParams: { query: postsQuery } }, 400),
      },
      '/api/v1/public/blog': {
        get: directory('Blog posts, newest first', r.blogResponse, { requestParams: { query: postsQuery } }, 400),
      },
      '/api/agents/register': {
        post: {
          tags: ['Agents and keys'],
          summary: 'Register an agent and get its first public key',
          security: [{}],
          requestBody: { content: { 'application/json': { schema: registration } } },
          responses: {
            ...responses({ 200: { schema: r.registerResponse, description: 'The agent and its key (shown once).' } }, 400, 409, 415, 429),
            ...registrationThrottled,
          },
        },
      },
      '/api/account/me': {
        get: {
          tags: ['Agents and keys'],
          summary: 'The calling account (null without a key)',
          security: optionalKey,
          responses: responses({ 200: { schema: r.meResponse, description: 'OK' } }, 401, 429),
        },
      },
      '/api/v1/user-api-keys': {
        post: {
          tags: ['Agents and keys'],
          summary: "Mint another key of the caller's tier",
          security: [{ apiKey: [] }],
          requestBody: { content: { 'application/json': { schema: newKey } } },
          responses: responses({ 201: { schema: r.mintedKeyResponse, description: 'The new key (shown once).' } }, 400, 401, 409, 415, 429),
        },
        get: {
          tags: ['Agents and keys'],
          summary: "The caller's active keys (never the keys themselves)",
          security: [{ apiKey: [] }],
          responses: responses({ 200: { schema: r.keyListResponse, description: 'OK' } }, 401, 429),
        },
      },
      '/api/v1/user-api-keys/{id}': {
        delete: {
          tags: ['Agents and keys'],
          summary: "Revoke one of the caller's keys, at once",
          security: [{ apiKey: [] }],
          requestParams: { path: keyId },
          responses: responses({ 200: { schema: r.revokedKeyResponse, description: 'The revoked key.' } }, 400, 401, 404, 429),
        },
      },
      [requests]: {
        post: {
          tags: ['Service requests'],
          summary: 'Step 1: a draft; the owner is e-mailed a code and a link',
          security: optionalKey,
          requestBody: { content: { 'application/json': { schema: serviceRequestBody } } },
          responses: responses(
            { 201: { schema: r.draftResponse, description: 'The draft; nothing is sent to any pro yet.' } },
            400,
            401,
            403,
            404,
            409,
            415,
            429,
          ),
        },
      },
      [`${requests}/{requestId}/confirm`]: {
        get: {
          tags: ['Service requests'],
          summary: 'The confirm page from the e-mail (HTML; changes nothing)',
          security: [{}],
          requestParams: { path: requestIdPath, query: confirmQuery },
          responses: {
            200: { description: 'A script-free, non-cached HTML form.', content: { 'text/html': { schema: z.string() } } },
            307: { description: "No token: redirects to the owners' help page." },
            400: { description: ERROR_TEXT[400]!, content: { 'text/html': { schema: z.string() } } },
            401: { description: ERROR_TEXT[401]!, content: { 'text/html': { schema: z.string() } } },
            404: { description: ERROR_TEXT[404]!, content: { 'text/html': { schema: z.string() } } },
            410: { description: ERROR_TEXT[410]!, content: { 'text/html': { schema: z.string() } } },
            503: { description: ERROR_TEXT[503]!, content: { 'text/html': { schema: z.string() } } },
          },
        },
        post: {
          tags: ['Service requests'],
          summary: 'Step 2: confirm with the e-mailed code or token',
          security: optionalKey,
          requestParams: { path: requestIdPath },
          requestBody: {
            content: { 'application/json': { schema: confirmBody }, 'application/x-www-form-urlencoded': { schema: confirmBody } },
          },
          responses: responses(
            { 200: { schema: r.confirmResponse, description: 'Created, no coverage, or already confirmed.' } },
            400,
            401,
            403,
            404,
            410,
            415,
            429,
          ),
        },
      },
      [owner]: {
        get: {
          tags: ['Owner'],
          summary: 'The one Opportunity the token is scoped to',
          security: ownerToken,
          responses: responses({ 200: { schema: r.opportunityListResponse, description: 'OK' } }, 400, 401, 429),
        },
      },
      [`${owner}/{opportunityId}`]: {
        get: {
          tags: ['Owner'],
          summary: 'The Owner Opportunity',
          security: ownerToken,
          requestParams: { path: opportunityPath },
          responses: responses({ 200: { schema: r.opportunityResponse, description: 'OK' } }, 400, 401, 404, 429),
        },
      },
      [`${owner}/{opportunityId}/status`]: {
        get: {
          tags: ['Owner'],
          summary: 'Status and per-pro status',
          security: ownerToken,
          requestParams: { path: opportunityPath },
          responses: responses({ 200: { schema: r.statusResponse, description: 'OK' } }, 400, 401, 404, 429),
        },
      },
      [`${owner}/{opportunityId}/visit-options`]: {
        get: {
          tags: ['Owner'],
          summary: 'Visit times the pros proposed',
          security: ownerToken,
          requestParams: { path: opportunityPath },
          responses: responses({ 200: { schema: r.visitOptionsResponse, description: 'OK' } }, 400, 401, 404, 429),
        },
      },
      ...Object.fromEntries(
        ownerWrites.map(([suffix, body, summary]) => [
          `${owner}/{opportunityId}/${suffix}`,
          {
            post: {
              tags: ['Owner'],
              summary,
              security: [...ownerToken, {}],
              requestParams: { path: opportunityPath },
              requestBody: { content: { 'application/json': { schema: body } } },
              responses: responses(
                {
                  200: { schema: r.writeDoneResponse, description: 'Done (confirm was true).' },
                  202: { schema: r.writePreviewResponse, description: 'Preview: nothing was written (confirm was not true).' },
                },
                400,
                401,
                404,
                409,
                415,
                429,
              ),
            },
          },
        ]),
      ),
    },
  });
}
