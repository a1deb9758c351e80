// The OpenAPI 3.1 document, generated (zod-openapi) from the zod schemas that validate requests
// and from the response schemas in responses.ts: one source of truth for both. Every operation
// has an operationId, a description and examples (examples.ts: real answers over the demo data);
// test/unit/openapi-structure.test.ts holds operations added later to the same rules, and
// test/unit/openapi-lint.test.ts runs Redocly's and Spectral's rulesets over the document.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiParameters, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { autocompleteQuery, geoQuery, idPath, postsQuery, searchQuery, slugPath } from '../directory/params';
import { claimBody, claimIdPath, editBody, verifyBody } from '../claims/params';
import { LISTING_TOKEN_HEADER } from '../claims/token';
import { NO_STORE } from '../http/caching';
import { API_KEY_HEADER, CREDENTIAL_HEADERS } from '../http/credential-headers';
import { keyId, newKey, registration } from '../identity/params';
import {
  acceptEstimateBody,
  markCompleteBody,
  messageBody,
  missingInfoBody,
  noticeEmailsBody,
  opportunityPath,
  reviewBody,
  selectVisitBody,
} from '../owner/params';
import { OWNER_TOKEN_HEADER } from '../owner/token';
import { proDeclineBody, proEstimateBody, proMessageBody, proQuestionsBody, proVisitTimesBody, quotePath } from '../pro/params';
import { PRO_API_PREFIX } from '../pro/paths';
import { PRO_TOKEN_HEADER } from '../pro/token';
import { confirmBody, confirmQuery, requestIdPath, serviceRequestBody } from '../requests/params';
import { deliveriesQuery, newWebhookEndpoint, webhookEndpointId } from '../webhooks/params';
import { eventsQuery } from '../events/params';
import { eventsPageExample, eventsPageResponse, webhooks } from './events';
import * as ex from './examples';
import * as r from './responses';

export const OPENAPI_PATH = '/developers/openapi.json';

type Status = `${1 | 2 | 3 | 4 | 5}${string}`;
type Document = ReturnType<typeof createDocument>;

const seconds = (description: string) => z.int().min(0).meta({ description, example: 86400 });
// Sent on every response of an admitted request (DESIGN.md: anonymous reads, keys): always on a
// success; on an error when the request got as far as admission (a malformed key, a refused
// address or a malformed body is answered before it, without them).
const rateLimitHeaders = (required: boolean) => {
  const h = (schema: z.ZodType) => (required ? schema : schema.optional());
  return z.object({
    'RateLimit-Limit': h(z.int().min(1).meta({ description: 'Requests allowed in the rolling window (24 h by default).', example: 500 })),
    'RateLimit-Remaining': h(z.int().min(0).meta({ description: 'Requests left in the window.', example: 497 })),
    'RateLimit-Reset': h(seconds('Seconds until one more request is allowed.')),
  });
};
const retryAfter = z.object({ 'Retry-After': seconds('Seconds to wait before trying again.').meta({ example: 3600 }) });

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

/** Real error bodies of this service, one per status. */
const ERROR_EXAMPLES: Record<number, z.input<typeof r.errorBody>> = {
  400: { success: false, error: "Invalid query parameter 'limit': must be at least 1", details: 'limit: must be at least 1' },
  401: {
    success: false,
    error: 'Invalid or inactive API key',
    details: 'Send the key as "Authorization: Bearer svc_public_..." (or svc_live_...).',
  },
  403: {
    success: false,
    error: 'This client is not allowed to submit service requests',
    details: 'The request flow accepts requests only from trusted client addresses.',
  },
  404: { success: false, error: 'Contractor not found' },
  409: { success: false, error: 'A user with this e-mail already exists' },
  410: {
    success: false,
    error: 'This request has expired',
    details: 'Verification codes and drafts are valid for a limited time; start a new request.',
  },
  415: {
    success: false,
    error: 'Unsupported media type',
    details: 'Send the body with Content-Type: application/json.',
  },
  429: { success: false, error: 'Daily rate limit of 100 requests exceeded', details: 'Retry after 3600 seconds.' },
  500: { success: false, error: 'Internal server error' },
  503: { success: false, error: 'Service temporarily unavailable', details: 'The database is not answering; retry shortly.' },
};

// Who may keep an answer (src/http/caching.ts), on every response of an operation of that class.
const nosniff = z.literal('nosniff').meta({ description: 'Every answer: its body is never read as another type.', example: 'nosniff' });
const CACHING_HEADERS = {
  /** Answers for one credential holder: token-scoped reads and writes, the account and its keys, one-time secrets. */
  private: z.object({
    'Cache-Control': z.literal(NO_STORE).meta({ description: 'No cache may keep this answer.', example: NO_STORE }),
    Vary: z.string().meta({ description: 'Every request header that carries a credential.', example: CREDENTIAL_HEADERS.join(', ') }),
    'X-Content-Type-Options': nosniff,
  }),
  /** Directory reads: cacheable (ETag, If-None-Match), but the answer depends on the API key. */
  keyed: z.object({
    Vary: z.string().meta({ description: 'The answer depends on the API key (rate-limit headers, a 401).', example: API_KEY_HEADER }),
    'X-Content-Type-Options': nosniff,
  }),
};
type Caching = keyof typeof CACHING_HEADERS;

/** Adds the caching class's headers to every response. */
function withCachingHeaders(all: ZodOpenApiResponsesObject, caching: Caching): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, response] of Object.entries(all)) {
    const own = (response as { headers?: z.ZodObject }).headers;
    out[status as Status] = { ...response, headers: (own ?? z.object({})).extend(CACHING_HEADERS[caching].shape) } as never;
  }
  return out;
}

interface Ok {
  schema: z.ZodType;
  description: string;
  example: unknown;
}

/**
 * The responses of a JSON operation: its successes, the error statuses it names, and 500 and
 * 503, which any operation can answer. `admitted`: the request passes admission, so responses
 * carry RateLimit-* (agent registration has its own throttle and does not).
 */
function responses(
  ok: Record<number, Ok>,
  errorStatuses: number[],
  admitted = true,
  descriptions: Record<number, string> = {},
): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, { schema, description, example }] of Object.entries(ok)) {
    out[status as Status] = {
      description,
      ...(admitted ? { headers: rateLimitHeaders(true) } : {}),
      content: { 'application/json': { schema, example } },
    };
  }
  for (const status of [...new Set([...errorStatuses, 500, 503])]) {
    const headers = [429, 503].includes(status)
      ? admitted
        ? rateLimitHeaders(false).extend(retryAfter.shape)
        : retryAfter
      : admitted
        ? rateLimitHeaders(false)
        : undefined;
    out[String(status) as Status] = {
      description: descriptions[status] ?? ERROR_TEXT[status]!,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: r.errorBody, example: ERROR_EXAMPLES[status] } },
    };
  }
  return out;
}

/** Parameter examples by name (PARAM_EXAMPLES_BY_OPERATION first), filled in by withParameterExamples. */
const PARAM_EXAMPLES: Record<string, unknown> = {
  limit: 10,
  after: 'evt_1042',
  slug: ex.contractorItem.slug,
  opportunityId: ex.ids.opportunityId,
  quoteId: ex.ids.quoteId,
  requestId: ex.ids.requestId,
  claimId: ex.listingClaim.claimId,
  token: 'c'.repeat(64),
};

const PARAM_EXAMPLES_BY_OPERATION: Record<string, Record<string, unknown>> = {
  autocompleteContractors: { q: 'die', limit: 5 },
  getContractorById: { id: ex.contractorItem.id },
  revokeApiKey: { id: ex.revokedKey.id },
  deleteWebhookEndpoint: { id: ex.webhookEndpoint.id },
  listWebhookDeliveries: { id: ex.webhookEndpoint.id },
  testWebhookEndpoint: { id: ex.webhookEndpoint.id },
  listArticles: { cursor: ex.articles.nextCursor },
  listBlogPosts: { cursor: ex.blogPosts.nextCursor },
};

/** One valid request of an operation whose parameters form more than one (the spec's variants). */
interface RequestVariant {
  summary: string;
  values: Record<string, unknown>;
}

// Swagger UI's "Try it out" fills in every parameter's example (its `example`, else its schema's)
// and sends it, and picks each parameter's named `examples` on its own, the first by default. So
// where parameters exclude each other (cursor or page; a point or a box), the first variant below
// is the parameters' `example`s, what "Try it out" sends as it comes; a parameter only the other
// variants use has its value there as its schema's `examples` (shown, never sent); and the
// operation's description lists each variant as a ready request. test/api/try-it-out.test.ts sends them all.
const STUART = { lat: 27.1463, lng: -80.1524 };
const BOX = { minLat: 26.9, maxLat: 27.4, minLng: -80.5, maxLng: -80.0 };
export const REQUEST_VARIANTS: Record<string, Record<string, RequestVariant>> = {
  searchContractors: {
    variantA: {
      summary: 'Variant A: paged by cursor (limit up to 100)',
      values: { q: 'diesel', sort: 'relevance', specialty: 'diesel-engines', state: 'FL', limit: 5, cursor: ex.searchRequestCursor },
    },
    variantB: {
      summary: 'Variant B: paged by page (limit up to 20)',
      values: { q: 'diesel', specialtySlug: 'diesel-engines', city: 'Stuart', state: 'FL', limit: 5, page: 1 },
    },
  },
  geoSearchContractors: {
    point: {
      summary: 'Variant A: around a point, nearest first',
      values: { ...STUART, radiusMiles: 25, specialty: 'bottom-painting', sort: 'distance', limit: 5, cursor: ex.geoRequestCursor },
    },
    pointVariantB: {
      summary: 'Variant B: around a point, best rated first, rated 4 or more',
      values: { ...STUART, radius: 25, specialtySlug: 'bottom-painting', minRating: 4, sort: 'rating', limit: 100 },
    },
    box: {
      summary: 'Variant B: inside a map box, best rated first',
      values: { ...BOX, specialtySlug: 'bottom-painting', minRating: 4, sort: 'rating', limit: 100 },
    },
  },
};

type Security = Array<Record<string, string[]>>;
const optionalKey: Security = [{}, { apiKey: [] }];
const ownerToken: Security = [{ ownerToken: [] }, { ownerBearer: [] }];
const proToken: Security = [{ proToken: [] }, { proBearer: [] }];
const listingToken: Security = [{ listingToken: [] }, { listingBearer: [] }];

interface Operation {
  operationId: string;
  tags: [string];
  summary: string;
  description: string;
  security: Security;
  requestParams?: ZodOpenApiParameters;
  requestBody?: { schema: z.ZodType; example: unknown; form?: boolean };
  responses: ZodOpenApiResponsesObject;
  /** false: answered before admission, so without RateLimit-* (agent registration). */
  admitted?: boolean;
  /** Who may keep its answers (absent: private, as every /api route but the directory's reads). */
  caching?: Caching;
}

function operation({ requestBody, admitted = true, caching = 'private', ...o }: Operation): ZodOpenApiOperationObject {
  // An operation that reads a body answers another content type with 415.
  const unsupported = requestBody ? responses({}, [415], admitted)['415'] : undefined;
  return {
    ...o,
    responses: withCachingHeaders({ ...o.responses, ...(unsupported ? { 415: unsupported } : {}) }, caching),
    ...(requestBody
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: requestBody.schema, example: requestBody.example },
              ...(requestBody.form
                ? { 'application/x-www-form-urlencoded': { schema: requestBody.schema, example: requestBody.example } }
                : {}),
            },
          },
        }
      : {}),
  };
}

const ok = (schema: z.ZodType, example: unknown, description = 'OK'): Record<number, Ok> => ({ 200: { schema, description, example } });

function directory(
  operationId: string,
  summary: string,
  description: string,
  schema: z.ZodType,
  example: unknown,
  requestParams: ZodOpenApiParameters | undefined,
  ...errors: number[]
): ZodOpenApiOperationObject {
  return operation({
    operationId,
    tags: ['Directory'],
    summary,
    description,
    security: optionalKey,
    caching: 'keyed',
    ...(requestParams ? { requestParams } : {}),
    responses: responses(ok(schema, example), [401, 429, ...errors]),
  });
}

/** A read of the owner's Opportunity: the token and the Opportunity's id. */
function ownerRead(operationId: string, summary: string, description: string, schema: z.ZodType, data: unknown): ZodOpenApiOperationObject {
  return operation({
    operationId,
    tags: ['Owner'],
    summary,
    description,
    security: ownerToken,
    requestParams: { path: opportunityPath },
    responses: responses(ok(schema, { success: true, data }), [400, 401, 404, 429]),
  });
}

/** An event feed (docs/events.md): the token, the id in the path, the page's `after` and `limit`. */
function eventFeed(
  operationId: string,
  tag: string,
  summary: string,
  description: string,
  security: Security,
  path: z.ZodObject,
): ZodOpenApiOperationObject {
  return operation({
    operationId,
    tags: [tag],
    summary,
    description,
    security,
    requestParams: { path, query: eventsQuery },
    responses: responses(ok(eventsPageResponse, eventsPageExample), [400, 401, 404, 429]),
  });
}

const PREVIEW_NOTE =
  ' Without `confirm: true` nothing is written: the answer is a 202 preview saying exactly what would be done, to show the owner first. ' +
  'The owner access token goes in the `x-service-owner-access-token` header, as a Bearer, or as `ownerAccessToken` in the body.';

const pro = { quoteId: ex.ids.quoteId, contractorName: ex.quotes[0]!.contractorName };

/** A confirm-gated write (the owner's or the pro's), documented with its preview. */
interface WriteDoc {
  suffix: string;
  operationId: string;
  body: z.ZodType;
  example: object;
  preview: { action: string; detail: object };
  summary: string;
  description: string;
}

/** The POST of a confirm-gated write: 200 with what was written, 202 with the preview. */
function writeOperation(
  w: WriteDoc,
  side: { tag: string; security: Security; path: z.ZodObject; note: string; done: { schema: z.ZodType; example: unknown } },
): ZodOpenApiOperationObject {
  return operation({
    operationId: w.operationId,
    tags: [side.tag],
    summary: w.summary,
    description: w.description + side.note,
    security: [...side.security, {}],
    requestParams: { path: side.path },
    requestBody: { schema: w.body, example: w.example },
    responses: responses(
      {
        200: { schema: side.done.schema, description: 'Done (confirm was true).', example: side.done.example },
        202: {
          schema: r.writePreviewResponse,
          description: 'Preview: nothing was written (confirm was not true).',
          example: { success: true, confirmationRequired: true, writesPerformed: false, ...w.preview },
        },
      },
      [400, 401, 404, 409, 429],
    ),
  });
}

const ownerWrites: WriteDoc[] = [
  {
    suffix: 'messages',
    operationId: 'ownerSendMessage',
    preview: { action: 'send_message', detail: { ...pro, content: 'Can you come Tuesday morning?' } },
    body: messageBody,
    example: { quoteId: ex.ids.quoteId, content: 'Can you come Tuesday morning?', confirm: true },
    summary: 'Send a message to a pro as the verified owner.',
    description: 'Adds a message from the owner to the conversation with the pro of `quoteId`.',
  },
  {
    suffix: 'missing-info',
    operationId: 'ownerAnswerMissingInfo',
    preview: {
      action: 'answer_missing_info',
      detail: {
        ...pro,
        requestId: ex.opportunity.pros[0]!.conversation.missingInfoRequests[0]!.requestId,
        questions: ['Length of the boat?', 'Hull material?'],
        answers: ['38 ft', 'Fiberglass'],
      },
    },
    body: missingInfoBody,
    example: { quoteId: ex.ids.quoteId, answers: ['38 ft', 'Fiberglass'], confirm: true },
    summary: "Answer a pro's open missing-info request.",
    description: "Answers the oldest open missing-info request of the quote, one answer per question, in the pro's order.",
  },
  {
    suffix: 'select-visit-time',
    operationId: 'ownerSelectVisitTime',
    preview: { action: 'select_visit_time', detail: { ...pro, visitId: ex.ids.visitId, selectedTime: '2027-03-10T14:00:00.000Z' } },
    body: selectVisitBody,
    example: { quoteId: ex.ids.quoteId, visitId: ex.ids.visitId, selectedTime: '2027-03-10T14:00:00.000Z', confirm: true },
    summary: 'Choose one of the visit times a pro proposed (any ISO 8601 spelling of the same instant).',
    description: 'Schedules the visit at one of the proposed times; the time must match one of the options as an instant.',
  },
  {
    suffix: 'accept-estimate',
    operationId: 'ownerAcceptEstimate',
    preview: {
      action: 'accept_estimate',
      detail: { estimateId: ex.ids.estimateId, ...pro, amount: 1850.5, currency: 'USD', closesEstimates: [] },
    },
    body: acceptEstimateBody,
    example: { estimateId: ex.ids.estimateId, confirm: true },
    summary: 'Accept an estimate: awards that pro and closes every other submitted estimate.',
    description: "Awards the work to the estimate's pro; every other pro's submitted estimate and open quote are closed.",
  },
  {
    suffix: 'mark-complete',
    operationId: 'ownerMarkComplete',
    preview: { action: 'mark_complete', detail: pro },
    body: markCompleteBody,
    example: { quoteId: ex.ids.quoteId, confirm: true },
    summary: "Mark the awarded pro's work complete.",
    description: 'Marks the work of the awarded quote complete; the Opportunity becomes `completed` and can be reviewed.',
  },
  {
    suffix: 'review',
    operationId: 'ownerReview',
    preview: {
      action: 'review',
      detail: { ...pro, rating: 5, review: 'Found the blocked raw water intake in an hour and explained everything.' },
    },
    body: reviewBody,
    example: {
      quoteId: ex.ids.quoteId,
      rating: 5,
      review: 'Found the blocked raw water intake in an hour and explained everything.',
      confirm: true,
    },
    summary: "Review the completed work; the review appears on the pro's profile.",
    description: "Reviews the awarded pro's completed work once; the review is shown on the pro's public profile.",
  },
  {
    suffix: 'notice-emails',
    operationId: 'ownerSetNoticeEmails',
    preview: { action: 'set_notice_emails', detail: { send: false } },
    body: noticeEmailsBody,
    example: { send: false, confirm: true },
    summary: 'Stop or resume the notice e-mails about this Opportunity.',
    description:
      "`send: false` stops the e-mails telling the owner what the pros did (nothing that happens while stopped is e-mailed later); `send: true` resumes them from then on. The Opportunity's events stay readable.",
  },
];

const PRO_PREVIEW_NOTE =
  ' Without `confirm: true` nothing is written: the answer is a 202 preview saying exactly what would be done. ' +
  'The pro access token goes in the `x-service-pro-access-token` header, as a Bearer, or as `proAccessToken` in the body; ' +
  'never in the URL. The owner is e-mailed about the writes (a few minutes apart at most, several in one e-mail).';

const proWrites: WriteDoc[] = [
  {
    suffix: 'messages',
    operationId: 'proSendMessage',
    preview: { action: 'send_message', detail: { quoteId: ex.ids.quoteId, content: 'I can look at it Tuesday.' } },
    body: proMessageBody,
    example: { content: 'I can look at it Tuesday.', confirm: true },
    summary: 'Send the owner a message in the quote thread.',
    description: "Adds a message from the pro to the thread; the owner sees it in the Opportunity's `pros`.",
  },
  {
    suffix: 'missing-info',
    operationId: 'proRequestMissingInfo',
    preview: { action: 'request_missing_info', detail: { quoteId: ex.ids.quoteId, questions: ['Length of the boat?', 'Hull material?'] } },
    body: proQuestionsBody,
    example: { questions: ['Length of the boat?', 'Hull material?'], confirm: true },
    summary: 'Ask the owner for missing information (1 to 20 questions).',
    description: 'Opens a missing-info request the owner answers with missing-info; not after the work is awarded.',
  },
  {
    suffix: 'visit-times',
    operationId: 'proProposeVisitTimes',
    preview: {
      action: 'propose_visit_times',
      detail: { quoteId: ex.ids.quoteId, options: ['2027-03-10T14:00:00.000Z', '2027-03-11T14:00:00.000Z'] },
    },
    body: proVisitTimesBody,
    example: { times: ['2027-03-10T09:00:00-05:00', '2027-03-11T09:00:00-05:00'], confirm: true },
    summary: 'Propose visit times (1 to 10, in the future) for the owner to choose from.',
    description: 'Offers the owner visit times; the owner picks one with select-visit-time. Not after the work is awarded.',
  },
  {
    suffix: 'estimates',
    operationId: 'proSubmitEstimate',
    preview: {
      action: 'submit_estimate',
      detail: { quoteId: ex.ids.quoteId, amount: 1850.5, currency: 'USD', description: 'Strip and repaint', validUntil: '2027-03-31' },
    },
    body: proEstimateBody,
    example: { amount: 1850.5, currency: 'USD', description: 'Strip and repaint', validUntil: '2027-03-31', confirm: true },
    summary: 'Submit an estimate: amount, currency, what it covers, valid until.',
    description: 'Adds an estimate the owner can accept until `validUntil` (inclusive, UTC); not after the work is awarded.',
  },
  {
    suffix: 'decline',
    operationId: 'proDecline',
    preview: { action: 'decline', detail: { quoteId: ex.ids.quoteId, reason: 'Fully booked until May.', withdrawsEstimates: [] } },
    body: proDeclineBody,
    example: { reason: 'Fully booked until May.', confirm: true },
    summary: 'Decline the request, with a reason the owner sees.',
    description: "Closes the pro's thread and withdraws its submitted estimates; not once the pro is awarded.",
  },
];

/** Claiming a listing (docs/decisions.md, "Claiming a listing"). */
function listingClaimPaths(): Record<string, Record<string, ZodOpenApiOperationObject>> {
  const tags: [string] = ['Listing claims'];
  const listing = {
    claim: {
      claimId: ex.listingClaim.claimId,
      claimantName: 'Dana Osprey',
      verifiedAt: '2027-03-08T15:10:00.000Z',
      accessExpiresAt: ex.listingClaimVerified.accessExpiresAt,
    },
    listing: ex.claimedListing,
  };
  return {
    '/api/v1/pro/listing-claims': {
      post: operation({
        operationId: 'claimListing',
        tags,
        summary: "Claim a listing: a code goes to the listing's own e-mail address",
        description:
          "Starts a claim of an active listing. An 8-digit code is e-mailed to the address the listing shows, never to the claimant's " +
          '(which the e-mail shows, so the business knows who asked). A listing with only a phone number cannot be claimed (409: no text ' +
          'messages or calls); a listing claimed by someone else is refused (409; its verified claimant may claim again to renew access). ' +
          "One pending claim per claimant and listing (409). Claims a day (429 with Retry-After): from the listing's own address, 3 of a " +
          'listing, which no one else can use up; from any other claimant, 3 of a listing, 5 per claimant e-mail and 10 per client ' +
          'address (`LISTING_CLAIMS_PER_LISTING`, `LISTING_CLAIMS_PER_CLAIMANT`, `LISTING_CLAIMS_PER_CLIENT`). The claimant name is one ' +
          'line without control characters (400).',
        security: optionalKey,
        requestBody: {
          schema: claimBody,
          example: { contractorSlug: ex.profile.slug, claimant: { name: 'Dana Osprey', email: 'dana@example.com' } },
        },
        responses: responses(
          {
            201: {
              schema: r.listingClaimResponse,
              description: 'The claim; the code is on its way.',
              example: { success: true, data: ex.listingClaim },
            },
          },
          [400, 401, 404, 409, 429],
        ),
      }),
    },
    '/api/v1/pro/listing-claims/{claimId}/verify': {
      post: operation({
        operationId: 'verifyListingClaim',
        tags,
        summary: 'Verify a claim with the e-mailed code; the listing access token comes back once',
        description:
          'Verifies the claim with the code sent to the listing: the listing becomes claimed (`isClaimed`), every other claim of it ends, and ' +
          '`listingAccessToken` (64 hex, valid 90 days) is returned once. Five wrong codes lock the claim (429 until it expires).',
        security: optionalKey,
        requestParams: { path: claimIdPath },
        requestBody: { schema: verifyBody, example: { verificationCode: '24681357' } },
        responses: responses(
          {
            200: {
              schema: r.listingClaimVerifiedResponse,
              description: 'Verified.',
              example: { success: true, data: ex.listingClaimVerified },
            },
          },
          [400, 401, 404, 409, 410, 429],
        ),
      }),
    },
    '/api/v1/pro/listing': {
      get: operation({
        operationId: 'getClaimedListing',
        tags,
        summary: 'The claimed listing of a listing access token',
        description: 'The claim and the full profile of the listing the token edits.',
        security: listingToken,
        responses: responses(ok(r.claimedListingResponse, { success: true, data: listing }), [400, 401, 429]),
      }),
    },
    '/api/v1/pro/listing/edits': {
      post: operation({
        operationId: 'editClaimedListing',
        tags,
        summary: 'Edit the fields a business owns on its claimed listing',
        description:
          'Changes any of tagline (1 to 300 characters), about (1 to 5000), phone (7 to 15 digits), website (https), social links (https, ' +
          "on each network's own site) and photos (at most 20, https); null clears a field, and fields left out stay. The name, e-mail " +
          "address, `isVerified` and the rest are the directory's. The change shows at once in search and on the profile. At most 30 edits " +
          'of a listing in 24 hours. Without `confirm: true` nothing changes: the answer is a 202 preview of each change (from, to). The ' +
          'listing access token goes in the `x-service-listing-access-token` header, as a Bearer, or as `listingAccessToken` in the body.',
        security: [...listingToken, {}],
        requestBody: {
          schema: editBody,
          example: {
            tagline: ex.claimedListing.tagline,
            social: { facebook: ex.claimedListing.social.facebook },
            confirm: true,
          },
        },
        responses: responses(
          {
            200: {
              schema: r.listingEditedResponse,
              description: 'Edited (confirm was true).',
              example: {
                success: true,
                data: { contractorSlug: ex.profile.slug, changed: ['social.facebook', 'tagline'], listing: ex.claimedListing },
              },
            },
            202: {
              schema: r.writePreviewResponse,
              description: 'Preview: nothing was changed (confirm was not true).',
              example: {
                success: true,
                confirmationRequired: true,
                writesPerformed: false,
                action: 'edit_listing',
                detail: {
                  contractorSlug: ex.profile.slug,
                  changes: {
                    'social.facebook': { from: null, to: ex.claimedListing.social.facebook },
                    tagline: { from: null, to: ex.claimedListing.tagline },
                  },
                },
              },
            },
          },
          [400, 401, 429],
        ),
      }),
    },
  };
}

const WEBHOOKS_PATH = '/api/v1/webhook-endpoints';
const WEBHOOK_NOTE =
  "An endpoint receives the shared events of the service requests its account's keys created, POSTed as " +
  '`{type, timestamp, data}` and signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature` ' +
  "with the endpoint's `whsec_` secret). At least once, in event order per request; receivers de-duplicate by `webhook-id`.";

/** The webhook endpoints of the caller's account (docs/decisions.md, "Webhook deliveries"). */
function webhookPaths(): Record<string, Record<string, ZodOpenApiOperationObject>> {
  const tags: [string] = ['Webhooks'];
  const security: Security = [{ apiKey: [] }];
  const one = { path: webhookEndpointId };
  return {
    [WEBHOOKS_PATH]: {
      post: operation({
        operationId: 'createWebhookEndpoint',
        tags,
        summary: 'Add a webhook endpoint (its secret is shown once)',
        description:
          `${WEBHOOK_NOTE} The URL must be https and resolve to public addresses only (private, loopback and link-local ` +
          'ranges are refused, now and at every delivery). At most 5 endpoints per account.',
        security,
        requestBody: { schema: newWebhookEndpoint, example: { url: ex.webhookEndpoint.url, events: ['quote.estimate_submitted'] } },
        responses: responses(
          {
            201: {
              schema: r.createdWebhookEndpointResponse,
              description: 'The endpoint and its secret (shown once).',
              example: { success: true, data: ex.createdWebhookEndpoint },
            },
          },
          [400, 401, 409, 429],
        ),
      }),
      get: operation({
        operationId: 'listWebhookEndpoints',
        tags,
        summary: "The account's webhook endpoints (never their secrets)",
        description: "The caller's account's endpoints with their state: active, failing (since when) or disabled.",
        security,
        responses: responses(ok(r.webhookEndpointListResponse, { success: true, data: { endpoints: [ex.webhookEndpoint] } }), [401, 429]),
      }),
    },
    [`${WEBHOOKS_PATH}/{id}`]: {
      delete: operation({
        operationId: 'deleteWebhookEndpoint',
        tags,
        summary: 'Delete a webhook endpoint',
        description: "Deletes one of the account's endpoints with its secret and deliveries log; nothing more is sent to it.",
        security,
        requestParams: one,
        responses: responses(
          ok(r.deletedWebhookEndpointResponse, { success: true, data: ex.webhookEndpoint }, 'The deleted endpoint.'),
          [400, 401, 404, 429],
        ),
      }),
    },
    [`${WEBHOOKS_PATH}/{id}/deliveries`]: {
      get: operation({
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "An endpoint's delivery attempts, newest first",
        description:
          'Each attempt: the event (`webhookId`, type), when, the HTTP status and the error. A failed delivery is retried with backoff ' +
          '(within a minute, then growing) for 3 days; an endpoint failing that long is disabled and its account e-mailed.',
        security,
        requestParams: { ...one, query: deliveriesQuery },
        responses: responses(
          ok(r.webhookDeliveriesResponse, {
            success: true,
            data: { endpoint: ex.webhookEndpoint, pending: 0, attempts: ex.webhookAttempts },
          }),
          [400, 401, 404, 429],
        ),
      }),
    },
    [`${WEBHOOKS_PATH}/{id}/test`]: {
      post: operation({
        operationId: 'testWebhookEndpoint',
        tags,
        summary: 'Send a signed test event to an endpoint',
        description: 'Queues one `webhook.test` event, signed and sent like the others (one attempt, shown in the deliveries log).',
        security,
        requestParams: one,
        responses: responses(
          {
            202: {
              schema: r.webhookTestResponse,
              description: 'The test delivery is queued.',
              example: { success: true, data: ex.webhookTest },
            },
          },
          [400, 401, 404, 409, 429],
        ),
      }),
    },
  };
}

const html = (example: string) => ({ 'text/html': { schema: z.string(), example } });
const confirmPageExample =
  '<!doctype html><html lang="en"><head><title>Confirm your service request</title></head><body><form method="post">…</form></body></html>';
const errorPageExample = '<!doctype html><html lang="en"><head><title>Link expired</title></head><body><p>…</p></body></html>';

/**
 * zod renders every integer with the safe-integer range as its bounds (±9007199254740991): that
 * is no limit of this API, so the document leaves such bounds out and states only real ones.
 */
const dropSafeIntegerBounds: NonNullable<Parameters<typeof createDocument>[1]>['override'] = ({ jsonSchema }) => {
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
};

/** The query string of a request variant, in the parameters' order. */
const queryOf = (values: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)])).toString();

type DocOperation = { operationId?: string; description?: string; parameters?: Array<Record<string, unknown>> };

/** The parameters' examples from the operation's request variants, and the variants in its description. */
function withRequestVariants(path: string, op: DocOperation, variants: Record<string, RequestVariant>): void {
  const [first, ...others] = Object.values(variants);
  for (const param of op.parameters ?? []) {
    const name = param.name as string;
    if (name in first!.values) {
      param.example = first!.values[name];
      continue;
    }
    const other = others.find((v) => name in v.values)!;
    const schema = param.schema as Record<string, unknown>;
    delete schema.example;
    schema.examples = [other.values[name]];
  }
  const requests = Object.values(variants).map(({ summary, values }) => `- ${summary}: \`${path}?${queryOf(values)}\``);
  op.description = `${op.description ?? ''}\n\nExample requests (the first is what "Try it out" sends):\n\n${requests.join('\n')}`;
}

/**
 * Sets each parameter's example: from its operation's request variants (REQUEST_VARIANTS), else
 * the operation's own, else the one for its name.
 */
function withParameterExamples(doc: Document): Document {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const op of Object.values(item as Record<string, DocOperation>)) {
      const variants = REQUEST_VARIANTS[op.operationId ?? ''];
      if (variants !== undefined) {
        withRequestVariants(path, op, variants);
        continue;
      }
      for (const param of op.parameters ?? []) {
        const name = param.name as string;
        const example = PARAM_EXAMPLES_BY_OPERATION[op.operationId ?? '']?.[name] ?? PARAM_EXAMPLES[name];
        if (example !== undefined && param.example === undefined) param.example = example;
      }
    }
  }
  return doc;
}

/**
 * The document. `servers` is relative, so "Try it out" and generated clients call the origin the
 * document was fetched from (localhost, 127.0.0.1 or the public name alike); publicBaseUrl names
 * the portal in the contact and license links.
 */
export function buildDocument(publicBaseUrl: string): Document {
  const owner = '/api/v1/public/search-mcp/owner/opportunities';
  const requests = '/api/v1/public/search-mcp/service-requests';
  const ownerSide = {
    tag: 'Owner',
    security: ownerToken,
    path: opportunityPath,
    note: PREVIEW_NOTE,
    done: { schema: r.writeDoneResponse, example: { success: true, data: { opportunityId: ex.ids.opportunityId } } },
  };
  const proSide = {
    tag: 'Pro',
    security: proToken,
    path: quotePath,
    note: PRO_PREVIEW_NOTE,
    done: { schema: r.proWriteDoneResponse, example: { success: true, data: { quoteId: ex.ids.quoteId, messageId: ex.ids.messageId } } },
  };
  return withParameterExamples(
    createDocument(
      {
        openapi: '3.1.0',
        info: {
          title: 'Marine Services Directory and Owner Request API',
          version: '1.0.0',
          description:
            'Find marine service pros by text, specialty, city and map position; read profiles, articles and blog posts; ' +
            'register as an agent for an API key; start a service request that the boat owner verifies by e-mail, then work it ' +
            'through with the owner access token. Contractor and specialty responses carry both documented shapes: ' +
            "Variant B's `{success, data}` and Variant A's top-level fields. Every `/api` response of an admitted request carries " +
            '`RateLimit-*` headers; every 429 and 503 carries `Retry-After`. Directory reads may be cached (weak `ETag`, ' +
            '`If-None-Match`) and vary on `Authorization`; every other answer is for one credential holder: `Cache-Control: ' +
            'no-store`, varying on every credential header. Every answer carries `X-Content-Type-Options: nosniff`.',
          contact: { name: 'Marine Pros developer portal', url: `${publicBaseUrl}/developers` },
          license: { name: 'Proprietary: terms of use in the developer portal', url: `${publicBaseUrl}/developers#terms` },
        },
        servers: [{ url: '/', description: 'The server this document was fetched from.' }],
        tags: [
          { name: 'Directory', description: 'Contractors, specialties, articles and blog.' },
          { name: 'Agents and keys', description: 'Self-registration, the current account, API keys.' },
          { name: 'Service requests', description: 'Step 1 (draft, e-mail verification) and step 2 (confirm).' },
          {
            name: 'Owner',
            description:
              'The owner works the Opportunity with the owner access token. Writes need `confirm: true`; without it they answer a 202 preview and change nothing.',
          },
          {
            name: 'Pro',
            description:
              'A selected pro works its quote thread with the pro access token from the link in its e-mail (valid 180 days, and until 90 days after the work is completed). Writes need `confirm: true`; without it they answer a 202 preview and change nothing. Each write e-mails the owner.',
          },
          {
            name: 'Webhooks',
            description:
              "An agent's webhook endpoints (`/api/v1/webhook-endpoints`: the shared events of the requests its account's keys created), and what the service POSTs to them for each shared event (Standard Webhooks: the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers); the same events the feeds list (docs/events.md).",
          },
          {
            name: 'Listing claims',
            description:
              "A pro claims its business's listing with a code sent to the e-mail address the listing shows, then edits the fields a business owns with the listing access token.",
          },
        ],
        components: {
          securitySchemes: {
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key: `svc_public_…` (public tier) or `svc_live_…` (admin tier).',
            },
            ownerToken: {
              type: 'apiKey',
              in: 'header',
              name: OWNER_TOKEN_HEADER,
              description: 'The owner access token (64 hex) from the confirmation.',
            },
            ownerBearer: { type: 'http', scheme: 'bearer', description: 'The owner access token as a Bearer (not an API key).' },
            proToken: {
              type: 'apiKey',
              in: 'header',
              name: PRO_TOKEN_HEADER,
              description: 'The pro access token (64 hex) from the link in the e-mail about the request.',
            },
            proBearer: { type: 'http', scheme: 'bearer', description: 'The pro access token as a Bearer (not an API key).' },
            listingToken: {
              type: 'apiKey',
              in: 'header',
              name: LISTING_TOKEN_HEADER,
              description: "The listing access token (64 hex) from a claim's verification.",
            },
            listingBearer: { type: 'http', scheme: 'bearer', description: 'The listing access token as a Bearer (not an API key).' },
          },
        },
        paths: {
          '/api/v1/public/contractors/search': {
            get: directory(
              'searchContractors',
              'Search contractors by text, specialty, city and state',
              'Search as an owner would ask: `q` is matched against names, specialties (through a trade vocabulary of role nouns, ' +
                'jargon, British spellings and brands), services, marina, location and description, forgiving one typo in words of ' +
                '5+ letters (two in 9+) and completing the last word; words that match nothing are ignored, and when no contractor ' +
                'matches all the rest the best partial matches come back (`matching` says which words were ignored and how typos were ' +
                'read). Filtered by specialty, city and state. Order (`sort`): with `q`, most relevant first: an exact name (any case ' +
                'or punctuation), then more matched words, then fewer words matched only through a typo correction or completion, ' +
                'then the field score (per word: 3 in the name or a specialty, 2 in services or location, 1 in the description or ' +
                'through a brand), then blended public rating, then id; without `q`, or with `sort=rating`, blended public rating ' +
                'then id. `pagination.total` is exact up to 10,000 matches, a lower bound beyond (`totalExact: false`); when the ' +
                'matches that have every word in the name or as a specialty do not fill the page, the 1,000 best-rated matches are ranked. Pages by `cursor` (Variant A: limit 1 to 100, default 25; keyset cursors ' +
                'that follow the sort) or by `page` 1 to 3 (Variant B: limit up to 20). The answer carries Variant B (`data`) and ' +
                'Variant A (top-level `contractors`, `nextCursor`, `matching`) at once.',
              r.searchResponse,
              {
                success: true,
                data: {
                  contractors: [ex.contractorItem],
                  pagination: ex.searchPagination,
                  matching: ex.searchMatching,
                  nextCursor: ex.searchCursor,
                },
                contractors: [ex.contractorItem],
                matching: ex.searchMatching,
                nextCursor: ex.searchCursor,
              },
              { query: searchQuery },
              400,
            ),
          },
          '/api/v1/public/contractors/geo-search': {
            get: directory(
              'geoSearchContractors',
              'Contractors around a point (radius) or inside a bounding box',
              'Point mode (`lat`, `lng`, `radiusMiles`): contractors within the radius, nearest first (or best rated first with ' +
                '`sort=rating`), each with `distanceMiles`. ' +
                'Box mode (`minLat`, `maxLat`, `minLng`, `maxLng`): contractors inside the box, best rated first. ' +
                'Variant B parameters (`radius`, a box, `specialtySlug`, `minRating`) switch to its defaults and caps (limit up to 500).',
              r.geoResponse,
              {
                success: true,
                data: { contractors: [ex.geoItem], nextCursor: ex.geoCursor },
                contractors: [ex.geoItem],
                nextCursor: ex.geoCursor,
              },
              { query: geoQuery },
              400,
            ),
          },
          '/api/v1/public/contractors/autocomplete': {
            get: directory(
              'autocompleteContractors',
              'Type-ahead suggestions for what has been typed so far',
              'For a prefix (`q`): specialties whose name or a trade word for which starts with it (or has a word that does), name ' +
                'prefixes first, then the most offered; cities of active contractors starting with it (or with a word that does), ' +
                'biggest first; active contractors whose name starts with it (case and punctuation ignored), best rated first among ' +
                "the first 200 by name. At most `limit` (1 to 10, default 5) of each. Use a suggestion as the search's `specialty`, " +
                '`city` or `q`. Admitted and counted like every directory read.',
              r.autocompleteResponse,
              { success: true, data: ex.suggestions, ...ex.suggestions },
              { query: autocompleteQuery },
              400,
            ),
          },
          '/api/v1/public/contractors/specialties': {
            get: directory(
              'listSpecialties',
              'Every specialty',
              'Every service specialty with its slug (for the `specialty` filters) and the number of active contractors offering it.',
              r.specialtiesResponse,
              { success: true, data: { specialties: ex.specialties }, specialties: ex.specialties },
              undefined,
            ),
          },
          '/api/v1/public/contractors/{slug}': {
            get: directory(
              'getContractorBySlug',
              "A contractor's full profile, by slug",
              'The full public profile: about, contact, specialties, photos, videos, the latest reviews, badges and social links.',
              r.profileResponse,
              { success: true, data: ex.profile, ...ex.profile, specialties: ex.profile.specialties.map((s) => s.slug) },
              { path: slugPath },
              400,
              404,
            ),
          },
          '/api/v1/public/contractors/by-id/{id}': {
            get: directory(
              'getContractorById',
              "A contractor's full profile, by id",
              'The same profile as by slug, for clients that stored the id.',
              r.profileResponse,
              { success: true, data: ex.profile, ...ex.profile, specialties: ex.profile.specialties.map((s) => s.slug) },
              { path: idPath },
              400,
              404,
            ),
          },
          '/api/v1/public/articles': {
            get: directory(
              'listArticles',
              'Articles, newest first',
              'Published articles for boat owners, newest first, paged by `cursor`.',
              r.articlesResponse,
              ex.articles,
              { query: postsQuery },
              400,
            ),
          },
          '/api/v1/public/blog': {
            get: directory(
              'listBlogPosts',
              'Blog posts, newest first',
              'Published blog posts, newest first, paged by `cursor`.',
              r.blogResponse,
              ex.blogPosts,
              { query: postsQuery },
              400,
            ),
          },
          '/api/agents/register': {
            post: operation({
              operationId: 'registerAgent',
              admitted: false,
              tags: ['Agents and keys'],
              summary: 'Register an agent and get its first public key',
              description:
                'Creates an account and its first public-tier API key, returned once. No human step. Throttled per client address ' +
                '(own hourly allowance, not the API rate limit).',
              security: [{}],
              requestBody: {
                schema: registration,
                example: {
                  firstName: 'Ada',
                  lastName: 'Lovelace',
                  email: 'ada@example.com',
                  password: 'correct horse battery',
                  purpose: 'Find diesel mechanics for boat owners',
                },
              },
              responses: responses(
                {
                  200: {
                    schema: r.registerResponse,
                    description: 'The agent and its key (shown once).',
                    example: { success: true, data: ex.registration },
                  },
                },
                [400, 409, 429],
                false,
                // Registration's own throttle (DESIGN.md), and that only well-formed attempts count.
                {
                  429:
                    'Too many registrations from this client address in the last hour (`REGISTRATIONS_PER_HOUR`, 10 by default). ' +
                    'Only well-formed attempts count: a 400 or 415 spends nothing. `Retry-After` gives the seconds to wait.',
                },
              ),
            }),
          },
          '/api/account/me': {
            get: operation({
              operationId: 'getCurrentAccount',
              tags: ['Agents and keys'],
              summary: 'The calling account (null without a key)',
              description:
                'The account of the API key in `Authorization`, with whether it may mint admin keys; `data` is null anonymously.',
              security: optionalKey,
              responses: responses(ok(r.meResponse, { success: true, data: ex.me }), [401, 429]),
            }),
          },
          '/api/v1/user-api-keys': {
            post: operation({
              operationId: 'createApiKey',
              tags: ['Agents and keys'],
              summary: "Mint another key of the caller's tier",
              description: "Mints a new key of the caller's tier (for rotation: mint, switch, revoke the old one). The key is shown once.",
              security: [{ apiKey: [] }],
              requestBody: { schema: newKey, example: { name: 'CI runner' } },
              responses: responses(
                {
                  201: {
                    schema: r.mintedKeyResponse,
                    description: 'The new key (shown once).',
                    example: { success: true, data: ex.mintedKey },
                  },
                },
                [400, 401, 409, 429],
              ),
            }),
            get: operation({
              operationId: 'listApiKeys',
              tags: ['Agents and keys'],
              summary: "The caller's active keys (never the keys themselves)",
              description: "The account's active keys: name, prefix, tier, when created and last used. Never the key itself.",
              security: [{ apiKey: [] }],
              responses: responses(ok(r.keyListResponse, { success: true, data: { keys: ex.keys } }), [401, 429]),
            }),
          },
          '/api/v1/user-api-keys/{id}': {
            delete: operation({
              operationId: 'revokeApiKey',
              tags: ['Agents and keys'],
              summary: "Revoke one of the caller's keys, at once",
              description: "Revokes one of the account's keys; requests with it are refused (401) from now on.",
              security: [{ apiKey: [] }],
              requestParams: { path: keyId },
              responses: responses(
                ok(r.revokedKeyResponse, { success: true, data: ex.revokedKey }, 'The revoked key.'),
                [400, 401, 404, 429],
              ),
            }),
          },
          [requests]: {
            post: operation({
              operationId: 'createServiceRequest',
              tags: ['Service requests'],
              summary: 'Step 1: a draft; the owner is e-mailed a code and a link',
              description:
                'Records a draft service request for a consenting owner and e-mails the owner a verification code and link. ' +
                'No pro is contacted until the owner confirms. `contractorSlugs`: 0 to 3 pros (empty: the coverage team finds one). ' +
                'Trusted client addresses only.',
              security: optionalKey,
              requestBody: {
                schema: serviceRequestBody,
                example: {
                  owner: { firstName: 'Olivia', lastName: 'Owner', email: 'olivia@example.com', phone: '+1 305 555 0100' },
                  project: {
                    specialtySlug: 'diesel-engines',
                    location: 'Stuart, FL',
                    description: 'Port engine overheats at cruising speed; raw water impeller was replaced last season.',
                  },
                  contractorSlugs: [ex.contractorItem.slug],
                  ownerConsent: { confirmed: true, statement: 'The owner asked me to request quotes.' },
                  clientRequestId: 'chat-7f3a-42',
                },
              },
              responses: responses(
                {
                  201: {
                    schema: r.draftResponse,
                    description: 'The draft; nothing is sent to any pro yet.',
                    example: { success: true, data: ex.draft },
                  },
                },
                [400, 401, 403, 404, 409, 429],
              ),
            }),
          },
          [`${requests}/{requestId}/confirm`]: {
            get: operation({
              operationId: 'getServiceRequestConfirmPage',
              tags: ['Service requests'],
              summary: 'The confirm page from the e-mail (HTML; changes nothing)',
              description:
                "The page the e-mail's link opens: a script-free form that posts the token to the confirm operation. " +
                'It writes nothing (not even a rate-limit count), so mail scanners that follow links confirm nothing.',
              security: [{}],
              requestParams: { path: requestIdPath, query: confirmQuery },
              responses: {
                200: { description: 'A script-free, non-cached HTML form.', content: html(confirmPageExample) },
                307: {
                  description: "No token: redirects to the owners' help page.",
                  headers: z.object({ Location: z.string().meta({ description: "The owners' help page.", example: '/owners' }) }),
                },
                400: { description: ERROR_TEXT[400]!, content: html(errorPageExample) },
                401: { description: ERROR_TEXT[401]!, content: html(errorPageExample) },
                404: { description: ERROR_TEXT[404]!, content: html(errorPageExample) },
                410: { description: ERROR_TEXT[410]!, content: html(errorPageExample) },
                503: { description: ERROR_TEXT[503]!, headers: retryAfter, content: html(errorPageExample) },
              },
            }),
            post: operation({
              operationId: 'confirmServiceRequest',
              tags: ['Service requests'],
              summary: 'Step 2: confirm with the e-mailed code or token',
              description:
                'Confirms the draft with the 8-digit code or the link token: creates the Opportunity and contacts the selected pros. ' +
                'The first success returns `ownerAccessToken` (once); a repeat answers `already_confirmed` without it. ' +
                'Five wrong codes lock the draft (429 until it expires).',
              security: optionalKey,
              requestParams: { path: requestIdPath },
              requestBody: { schema: confirmBody, example: { verificationCode: '24681357' }, form: true },
              responses: responses(
                {
                  200: {
                    schema: r.confirmResponse,
                    description: 'Created, no coverage, or already confirmed.',
                    example: {
                      success: true,
                      data: {
                        status: 'created',
                        requestId: ex.ids.requestId,
                        opportunityId: ex.ids.opportunityId,
                        source: 'demand-side-search-mcp',
                        quotes: ex.quotes,
                        ownerAccessToken: '3a287cf16875676f205aa32aed2d4929b6405eb9ff1b06e5d69424931597a4d0',
                      },
                    },
                  },
                },
                [400, 401, 403, 404, 410, 429],
              ),
            }),
          },
          [owner]: {
            get: operation({
              operationId: 'listOwnerOpportunities',
              tags: ['Owner'],
              summary: 'The one Opportunity the token is scoped to',
              description: 'A list with the one Opportunity the owner access token is scoped to, in full.',
              security: ownerToken,
              responses: responses(
                ok(r.opportunityListResponse, {
                  success: true,
                  data: { opportunities: [ex.opportunity], ownerAccessScope: 'single_opportunity' },
                }),
                [400, 401, 429],
              ),
            }),
          },
          [`${owner}/{opportunityId}`]: {
            get: ownerRead(
              'getOwnerOpportunity',
              'The Owner Opportunity',
              'The Opportunity with every pro thread: messages, missing-info requests, estimates, visits and review.',
              r.opportunityResponse,
              ex.opportunity,
            ),
          },
          [`${owner}/{opportunityId}/status`]: {
            get: ownerRead(
              'getOwnerOpportunityStatus',
              'Status and per-pro status',
              "The derived status of the Opportunity and of each pro's quote, with counts of what awaits the owner.",
              r.statusResponse,
              ex.opportunityStatus,
            ),
          },
          [`${owner}/{opportunityId}/visit-options`]: {
            get: ownerRead(
              'listOwnerVisitOptions',
              'Visit times the pros proposed',
              'The visits the pros proposed, with their time options; choose one with select-visit-time.',
              r.visitOptionsResponse,
              ex.visitOptions,
            ),
          },
          [`${owner}/{opportunityId}/events`]: {
            get: eventFeed(
              'listOwnerOpportunityEvents',
              'Owner',
              "The Opportunity's events",
              "What happened on the Opportunity, oldest first: the verification, each pro's and the owner's actions on every quote, the award and the quotes it closed, completion, review. Page with `after` (the last event id seen); each type's payload is its entry in `webhooks`.",
              ownerToken,
              opportunityPath,
            ),
          },
          ...Object.fromEntries(ownerWrites.map((w) => [`${owner}/{opportunityId}/${w.suffix}`, { post: writeOperation(w, ownerSide) }])),
          [`${PRO_API_PREFIX}/quotes/{quoteId}`]: {
            get: operation({
              operationId: 'getProQuote',
              tags: ['Pro'],
              summary: "The request and the pro's quote thread",
              description:
                "What the pro's e-mail told (service, place, description, the owner's first name) and the pro's own thread, " +
                'exactly as the owner sees it: messages, missing-info requests and answers, visits, estimates, review. ' +
                "Nothing else of the owner's, and no other pro's thread.",
              security: proToken,
              requestParams: { path: quotePath },
              responses: responses(ok(r.proQuoteResponse, { success: true, data: ex.proQuote }), [400, 401, 404, 429]),
            }),
          },
          [`${PRO_API_PREFIX}/quotes/{quoteId}/events`]: {
            get: eventFeed(
              'listProQuoteEvents',
              'Pro',
              "The quote thread's events",
              "What happened on the pro's own quote thread, oldest first: both sides' actions, its award or its closing, completion, review. No other pro's events and no Opportunity-wide ones. Page with `after` (the last event id seen).",
              proToken,
              quotePath,
            ),
          },
          ...Object.fromEntries(
            proWrites.map((w) => [`${PRO_API_PREFIX}/quotes/{quoteId}/${w.suffix}`, { post: writeOperation(w, proSide) }]),
          ),
          ...listingClaimPaths(),
          ...webhookPaths(),
        },
        webhooks: webhooks(),
      },
      { override: dropSafeIntegerBounds },
    ),
  );
}
