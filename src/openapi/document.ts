// The OpenAPI 3.1 document, generated (zod-openapi) from the zod schemas that validate requests
// and from the response schemas in responses.ts: one source of truth for both. Every operation
// has an operationId, a description and examples (examples.ts: real answers over the demo data);
// test/unit/openapi-structure.test.ts holds operations added later to the same rules, and
// test/unit/openapi-lint.test.ts runs Redocly's and Spectral's rulesets over the document.
// Each feature's paths are defined beside its routes (src/<feature>/openapi.ts, with the shared
// builders of src/openapi/operation.ts); this module assembles them with the document's info,
// tags and security schemes, then fills in the parameters' examples.
import { createDocument, type ZodOpenApiSecuritySchemeObject } from 'zod-openapi';
import { listingClaimPaths } from '../claims/openapi';
import { LISTING_TOKEN_HEADER } from '../claims/token';
import { directoryPaths } from '../directory/openapi';
import { identityPaths } from '../identity/openapi';
import { ownerPaths } from '../owner/openapi';
import { OWNER_TOKEN_HEADER } from '../owner/token';
import { proPaths } from '../pro/openapi';
import { PRO_TOKEN_HEADER } from '../pro/token';
import { serviceRequestPaths } from '../requests/openapi';
import { webhookPaths } from '../webhooks/openapi';
import { webhooks } from './events';
import * as ex from './examples';

export const OPENAPI_PATH = '/developers/openapi.json';
type Document = ReturnType<typeof createDocument>;
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

/** The document's tags, in the order a reader meets them. */
function tags(): Array<{ name: string; description: string }> {
  return [
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
  ];
}

/** How each credential is sent: an API key, or an access token in its header or as a Bearer. */
function securitySchemes(): Record<string, ZodOpenApiSecuritySchemeObject> {
  return {
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
  };
}

/**
 * The document. `servers` is relative, so "Try it out" and generated clients call the origin the
 * document was fetched from (localhost, 127.0.0.1 or the public name alike); publicBaseUrl names
 * the portal in the contact and license links.
 */
export function buildDocument(publicBaseUrl: string): Document {
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
        tags: tags(),
        components: { securitySchemes: securitySchemes() },
        paths: {
          ...directoryPaths(),
          ...identityPaths(),
          ...serviceRequestPaths(),
          ...ownerPaths(),
          ...proPaths(),
          ...listingClaimPaths(),
          ...webhookPaths(),
        },
        webhooks: webhooks(),
      },
      { override: dropSafeIntegerBounds },
    ),
  );
}
