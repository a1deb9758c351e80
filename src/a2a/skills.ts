// The A2A door's skills: one row per operation, each calling that feature's operations (as the
// MCP tools do), under the MCP tool's name. The agent card lists this table (src/openapi/agent-card.ts)
// and the endpoint runs it (handler.ts), so the two cannot disagree. An input is the JSON object
// of a data part; numbers and booleans are handed to the REST query parsers as the text a query
// string would carry, so defaults, caps, variants and errors are the REST ones. Adding a skill
// is adding a row.
import type { Config } from '../config';
import type { Caller, Database } from '../db/database';
import {
  autocomplete,
  contractorById,
  contractorBySlug,
  geoSearchContractors,
  listPosts,
  listSpecialties,
  searchContractors,
} from '../directory/operations';
import { variantBPage, variantBProfile } from '../directory/readings';
import { ApiError } from '../errors';
import { materialize } from '../json/raw-json';
import type { Logger } from '../log';
import {
  listOwnerOpportunities,
  ownerWrites,
  readOwnerOpportunity,
  writeOwnerOpportunity,
  type OwnerRead,
  type OwnerWrite,
  type WriteSchema,
} from '../owner/operations';
import { checkedOwnerTokenDigest } from '../owner/token';
import { confirmationData, confirmServiceRequest, createServiceRequest } from '../requests/operations';

/** Where the A2A endpoint (JSON-RPC) is served. */
export const A2A_PATH = '/a2a';

/** What every skill of one A2A request runs with: the caller admitted on POST /a2a and its address. */
export interface SkillContext {
  db: Database;
  config: Config;
  caller: Caller;
  /** Express' req.ip (TRUST_PROXY decides), for the trusted-client check. */
  ip: string;
  log: Logger;
  /** Names the request's operation for the metrics (src/metrics/operations.ts). */
  nameOperation?: (skill: string) => void;
}

export type Input = Record<string, unknown>;

export interface Skill {
  /** The MCP tool's name for the same operation. */
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples?: string[];
  run(ctx: SkillContext, input: Input): Promise<unknown>;
}

/** The skill a text message runs, with the text as its q. */
export const TEXT_SKILL = 'search_contractors';

/** Input values as query-string values: numbers and booleans become their text, absent stays absent. */
function asQuery(input: Input): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => [name, typeof value === 'number' || typeof value === 'boolean' ? String(value) : value]),
  );
}

const tokenDigestOf = (value: unknown) =>
  checkedOwnerTokenDigest(typeof value === 'string' ? value : undefined, 'Pass the owner access token as the ownerAccessToken input.');

const OWNER_INPUT = 'Input: ownerAccessToken (from confirm_service_request), opportunityId.';
const GATED = 'Without confirm: true nothing is written and the answer is a preview (action, detail) to show the owner.';

function ownerRead(id: string, name: string, description: string, read: OwnerRead): Skill {
  return {
    id,
    name,
    description: `${description} ${OWNER_INPUT}`,
    tags: ['owner'],
    run: ({ db }, { ownerAccessToken, ...path }) => readOwnerOpportunity(db, read, tokenDigestOf(ownerAccessToken), path),
  };
}

/** A confirm-gated write: the REST body's fields plus opportunityId and ownerAccessToken; a preview unless confirm is true. */
function ownerWrite<S extends WriteSchema>(id: string, name: string, description: string, write: OwnerWrite<S>): Skill {
  return {
    id,
    name,
    description: `${description} ${OWNER_INPUT} ${GATED}`,
    tags: ['owner', 'write'],
    async run({ db }, { opportunityId, ...body }) {
      const result = await writeOwnerOpportunity(db, write, { body, path: { opportunityId } }, tokenDigestOf);
      if ('preview' in result) {
        return { confirmationRequired: true, writesPerformed: false, action: result.preview.action, detail: result.preview.detail };
      }
      return { confirmationRequired: false, writesPerformed: true, opportunityId: result.opportunityId };
    },
  };
}

export const SKILLS: readonly Skill[] = [
  {
    id: 'search_contractors',
    name: 'Search contractors',
    description:
      'Search marine contractors by what the owner says (a text message runs this with the text as q): trade words, typos and brands are understood, most relevant first. Input: q, sort (relevance or rating), specialty, city, state, limit, page or cursor, as GET /api/v1/public/contractors/search; the answer is its Variant B reading (data).',
    tags: ['search', 'marine', 'contractors'],
    examples: ['diesel mechanics in Florida', '{"skill": "search_contractors", "input": {"q": "canvas", "city": "Annapolis"}}'],
    run: async ({ db, caller }, input) => materialize(variantBPage(await searchContractors(db, caller, asQuery(input)))),
  },
  {
    id: 'autocomplete',
    name: 'Type-ahead suggestions',
    description:
      'For text typed so far (q, a prefix): specialties, cities and contractor names it may be completing, at most limit (1 to 10) of each, as GET /api/v1/public/contractors/autocomplete.',
    tags: ['search', 'autocomplete'],
    examples: ['{"skill": "autocomplete", "input": {"q": "die"}}'],
    run: ({ db, caller }, input) => autocomplete(db, caller, asQuery(input)),
  },
  {
    id: 'geo_search_contractors',
    name: 'Find contractors near a place',
    description:
      'Contractors within radiusMiles of lat/lng, nearest first, or inside a bounding box (minLat, maxLat, minLng, maxLng), as GET /api/v1/public/contractors/geo-search.',
    tags: ['geo', 'map'],
    examples: ['{"skill": "geo_search_contractors", "input": {"lat": 26.12, "lng": -80.14, "radiusMiles": 10}}'],
    run: async ({ db, caller }, input) => materialize(variantBPage(await geoSearchContractors(db, caller, asQuery(input)))),
  },
  {
    id: 'list_specialties',
    name: 'List specialties',
    description: 'Every service specialty with its slug and the number of contractors offering it.',
    tags: ['specialties'],
    run: ({ db, caller }) => listSpecialties(db, caller),
  },
  {
    id: 'get_contractor',
    name: 'Read a contractor profile',
    description: 'Contact details, specialties, reviews, photos and badges of one contractor. Input: exactly one of slug or id.',
    tags: ['profile'],
    async run({ db, caller }, { slug, id }) {
      if ((slug === undefined) === (id === undefined)) throw new ApiError(400, 'Give exactly one of slug or id');
      // Variant B's reading, as REST's `data`.
      return slug !== undefined
        ? variantBProfile(await contractorBySlug(db, caller, { slug }))
        : variantBProfile(await contractorById(db, caller, { id }));
    },
  },
  ...(
    [
      ['list_articles', 'List articles', 'article', 'articles'],
      ['list_blog_posts', 'List blog posts', 'blog', 'posts'],
    ] as const
  ).map(([id, name, kind, field]): Skill => ({
    id,
    name,
    description: `${name}, newest first. Input: limit (1 to 100, default 25), cursor.`,
    tags: ['content'],
    async run({ db, caller }, input) {
      const page = await listPosts(db, caller, kind, asQuery(input));
      return { [field]: page.items, nextCursor: page.nextCursor };
    },
  })),
  {
    id: 'create_service_request',
    name: 'Request quotes for a boat owner (step 1)',
    description:
      "With the owner's consent, records a draft request to up to three pros and e-mails the owner a verification code; no pro is contacted until confirm_service_request. Input: the body of POST /api/v1/public/search-mcp/service-requests. Trusted clients only.",
    tags: ['service-request', 'owner', 'write'],
    run: (ctx, input) => createServiceRequest(ctx.db, ctx.config, ctx, input),
  },
  {
    id: 'confirm_service_request',
    name: 'Confirm a service request (step 2)',
    description:
      'Confirms a draft with the verification code (or link token) the owner received: creates the Opportunity, contacts the pros, and returns ownerAccessToken the first time. Input: requestId, verificationCode or verificationToken. Trusted clients only.',
    tags: ['service-request', 'owner', 'write'],
    run: async (ctx, { requestId, ...body }) => confirmationData(await confirmServiceRequest(ctx.db, ctx.config, ctx, { requestId }, body)),
  },
  {
    id: 'owner_list_opportunities',
    name: "The owner's Opportunity (list)",
    description: 'The one Opportunity the owner access token is scoped to. Input: ownerAccessToken.',
    tags: ['owner'],
    run: ({ db }, { ownerAccessToken }) => listOwnerOpportunities(db, tokenDigestOf(ownerAccessToken)),
  },
  ownerRead('owner_get_opportunity', 'Owner Opportunity', 'The Opportunity with every pro thread.', 'opportunity'),
  ownerRead('owner_opportunity_status', 'Opportunity status', "The derived status of the Opportunity and of each pro's quote.", 'status'),
  ownerRead('owner_visit_options', 'Visit options', 'The visit times the pros proposed.', 'visitOptions'),
  ownerWrite('owner_send_message', 'Message a pro', 'Sends a message to the pro of quoteId.', ownerWrites.messages),
  ownerWrite(
    'owner_answer_missing_info',
    "Answer a pro's questions",
    'Answers the oldest open missing-info request.',
    ownerWrites.missingInfo,
  ),
  ownerWrite(
    'owner_select_visit_time',
    'Choose a visit time',
    'Schedules the visit at one of the proposed times.',
    ownerWrites.selectVisitTime,
  ),
  ownerWrite('owner_accept_estimate', 'Accept an estimate', "Awards the work to that estimate's pro.", ownerWrites.acceptEstimate),
  ownerWrite('owner_mark_complete', 'Mark the work complete', "Marks the awarded quote's work complete.", ownerWrites.markComplete),
  ownerWrite(
    'owner_review',
    'Review the pro',
    "Reviews the awarded pro (rating 1 to 5, review text); shown on the pro's profile.",
    ownerWrites.review,
  ),
];

export const skillById = new Map(SKILLS.map((s) => [s.id, s]));
