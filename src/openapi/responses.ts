// What the API answers, as zod schemas: the OpenAPI document is generated from them, and the
// tests check every response against that document. Shapes follow docs/api.md
// (both variants' fields in one body).
import { z } from 'zod';

const id = z.string().meta({ format: 'uuid' });
const time = z.string().meta({ format: 'date-time' });
const url = z.string();
const nullable = <T extends z.ZodType>(t: T) => t.nullable();
/** A review's rating: 1 to 5 in half points. */
const halfPoints = z.number().min(1).max(5).multipleOf(0.5);

export const errorBody = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: 'What went wrong, for people.' }),
    details: z.string().optional().meta({ description: 'More detail when there is some: the parameter and the rule, what to do.' }),
  })
  .meta({ id: 'Error' });

const specialtyRef = z.object({ id, name: z.string(), slug: z.string() }).meta({ id: 'SpecialtyRef' });

export const contractorListItem = z
  .object({
    distanceMiles: z.number().optional().meta({ description: 'Geo-search point mode only: great-circle miles from the point.' }),
    id,
    slug: z.string(),
    name: z.string(),
    tagline: nullable(z.string()),
    city: nullable(z.string()),
    state: nullable(z.string()),
    location: nullable(z.string()),
    geocodedCity: nullable(z.string()),
    geocodedState: nullable(z.string()),
    latitude: nullable(z.number()),
    longitude: nullable(z.number()),
    specialties: z.array(z.string()).meta({ description: 'Variant A: specialty slugs.' }),
    specialities: z.array(specialtyRef).meta({ description: 'Variant B (spelled so): specialty objects.' }),
    rating: nullable(z.number()).meta({ description: 'Average of native reviews; null without any.' }),
    reviewCount: z.int(),
    googleRating: nullable(z.number()),
    googleReviewCount: z.int(),
    isVerified: z.boolean(),
    isClaimed: z.boolean(),
    avatarUrl: nullable(url),
    phone: nullable(z.string()),
    email: nullable(z.string()),
    website: nullable(url).meta({ description: 'Variant A spelling.' }),
    websiteUrl: nullable(url).meta({ description: 'Variant B spelling.' }),
  })
  .meta({ id: 'ContractorListItem' });

/** The same item in Variant B's reading (under `data`): B types both ratings as numbers. */
const contractorListItemB = contractorListItem
  .extend({
    rating: z.number().meta({ description: 'Average of native reviews; 0 when reviewCount is 0.' }),
    googleRating: z.number().meta({ description: 'Average Google rating; 0 when googleReviewCount is 0.' }),
  })
  .meta({ id: 'ContractorListItemVariantB' });

const pagination = z
  .object({
    page: z.int().min(1),
    limit: z.int().min(1).max(100),
    total: z
      .int()
      .min(0)
      .max(10000)
      .meta({ description: 'Number of matches: exact up to 10,000; beyond that a lower bound (10,000) and totalExact is false.' }),
    totalExact: z.boolean().meta({ description: 'Whether total is the exact number of matches (false: more than 10,000 match).' }),
    totalPages: z.int().min(0).max(3).meta({ description: 'Pages reachable by page number (at most 3).' }),
  })
  .meta({ id: 'Pagination' });

const nextCursor = nullable(z.string()).meta({ description: 'Opaque; pass it as cursor for the next page. Null on the last page.' });

const matching = z
  .object({
    sort: z.enum(['relevance', 'rating']).meta({ description: 'The order of the results.' }),
    ignoredWords: z.array(z.string()).meta({
      description:
        'Words of q the results were not required to match: words (or trade phrases) that match no contractor under the filters, and, when no contractor matches all the others, those the first result lacks.',
    }),
    corrections: z
      .array(z.object({ word: z.string(), readAs: z.array(z.string()) }))
      .meta({ description: 'Words the directory does not know and the words they were read as (typo tolerance).' }),
    place: nullable(
      z.object({
        words: z.string().meta({ description: 'The words of q that name the place, as typed.' }),
        city: nullable(z.string()).meta({ description: "The directory's city they name, if any." }),
        state: nullable(z.string()).meta({ description: 'The two-letter state code they name, if any.' }),
        applied: z.boolean().meta({
          description:
            'Whether the place filters the search (and its words left q). False when q reads as a business name, or when the city and state parameters are already given (a parameter wins).',
        }),
      }),
    ).meta({ description: 'A US state (name or code) or a city of the directory named in q: null when q names none.' }),
  })
  .meta({ id: 'SearchMatching', description: 'How q was matched.' });

export const searchResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ contractors: z.array(contractorListItemB), pagination, matching, nextCursor }),
    contractors: z.array(contractorListItem),
    matching,
    nextCursor,
  })
  .meta({ id: 'ContractorSearchResponse' });

const suggestions = z
  .object({
    specialties: z.array(z.object({ slug: z.string(), name: z.string(), contractorCount: z.int() })).meta({
      description:
        'Specialties whose name, or a trade word for which, starts with q (or has a word that does); name prefixes first, then the most offered.',
    }),
    cities: z
      .array(z.object({ city: z.string(), contractorCount: z.int() }))
      .meta({ description: 'Cities of active contractors starting with q (or with a word that does); prefixes first, then the biggest.' }),
    contractors: z
      .array(z.object({ id: z.uuid(), slug: z.string(), name: z.string(), city: nullable(z.string()), state: z.string() }))
      .meta({
        description:
          'Active contractors whose name starts with q (case and punctuation ignored), best rated first among the first 200 by name.',
      }),
  })
  .meta({ id: 'AutocompleteSuggestions' });

export const autocompleteResponse = z
  .object({ success: z.literal(true), data: suggestions })
  .extend(suggestions.shape)
  .meta({ id: 'AutocompleteResponse' });

export const geoResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ contractors: z.array(contractorListItemB), nextCursor }),
    contractors: z.array(contractorListItem),
    nextCursor,
  })
  .meta({ id: 'ContractorGeoSearchResponse' });

const specialty = z
  .object({ id, slug: z.string(), name: z.string(), label: z.string(), contractorCount: z.int() })
  .meta({ id: 'Specialty' });
export const specialtiesResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ specialties: z.array(specialty) }),
    specialties: z.array(specialty),
  })
  .meta({ id: 'SpecialtiesResponse' });

const profileFields = {
  id,
  slug: z.string(),
  name: z.string(),
  about: nullable(z.string()),
  tagline: nullable(z.string()),
  phone: nullable(z.string()),
  email: nullable(z.string()),
  location: nullable(z.string()),
  city: nullable(z.string()),
  state: nullable(z.string()),
  latitude: nullable(z.number()),
  longitude: nullable(z.number()),
  logoUrl: nullable(url),
  website: nullable(url),
  isVerified: z.boolean(),
  isClaimed: z.boolean(),
  rating: nullable(z.number()),
  reviewCount: z.int(),
  specialties: z.array(specialtyRef),
  photos: z.array(z.looseObject({ url })),
  videos: z.array(z.looseObject({ url })),
  reviews: z.array(z.object({ id, rating: halfPoints, review: z.string(), authorName: z.string(), createdAt: time })),
  badges: z.array(z.string()),
  social: z.object({ facebook: nullable(url), instagram: nullable(url), linkedin: nullable(url), youtube: nullable(url) }),
  yearEstablished: nullable(z.int()),
  updatedAt: time,
};
// `data` is Variant B's reading, the top level Variant A's (docs/api.md): B's rating is a number
// (0 when unrated), A's specialties are slugs.
const profile = z
  .object({ ...profileFields, rating: z.number().meta({ description: 'Average of native reviews; 0 when reviewCount is 0.' }) })
  .meta({ id: 'ContractorProfile' });
export const profileResponse = z
  .object({
    success: z.literal(true),
    data: profile,
    ...profileFields,
    rating: nullable(z.number()).meta({ description: 'Variant A: average of native reviews; null without any.' }),
    specialties: z.array(z.string()).meta({ description: 'Variant A: specialty slugs (`data.specialties` has the objects).' }),
  })
  .meta({ id: 'ContractorProfileResponse' });

const post = z
  .object({ id, slug: z.string(), title: z.string(), excerpt: nullable(z.string()), publishedAt: time, url })
  .meta({ id: 'Article' });
export const articlesResponse = z.object({ articles: z.array(post), nextCursor }).meta({ id: 'ArticlesResponse' });
export const blogResponse = z.object({ posts: z.array(post), nextCursor }).meta({ id: 'BlogResponse' });

// Agents and keys
const user = { id, firstName: z.string(), lastName: z.string(), email: z.string(), isAdmin: z.boolean(), isAgent: z.boolean() };
export const registerResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      agent: z.object(user),
      credentials: z.object({ email: z.string(), apiKey: z.string(), apiKeyPrefix: z.string(), apiBase: url, howToUse: z.string() }),
    }),
  })
  .meta({ id: 'AgentRegistration' });
export const meResponse = z
  .object({
    success: z.literal(true),
    data: nullable(z.object({ ...user, canMintAdminKeys: z.boolean() })),
  })
  .meta({ id: 'CurrentAccount' });
const keyFields = {
  id,
  name: z.string(),
  prefix: z.string(),
  tier: z.enum(['public', 'admin']),
  createdAt: time,
  lastUsedAt: nullable(time),
  revokedAt: nullable(time),
};
const apiKey = z.object(keyFields).meta({ id: 'ApiKey' });
export const mintedKeyResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ ...keyFields, apiKey: z.string().meta({ description: 'The key itself: shown only now.' }) }),
  })
  .meta({ id: 'MintedApiKey' });
export const keyListResponse = z.object({ success: z.literal(true), data: z.object({ keys: z.array(apiKey) }) }).meta({ id: 'ApiKeyList' });
export const revokedKeyResponse = z.object({ success: z.literal(true), data: apiKey }).meta({ id: 'RevokedApiKey' });

// Webhook endpoints
const webhookEndpointFields = {
  id,
  url: url.meta({ description: 'Where events are POSTed.' }),
  events: nullable(z.array(z.string())).meta({ description: 'The event types delivered; null: every shared type.' }),
  status: z.enum(['active', 'failing', 'disabled']).meta({
    description: 'failing: no delivery accepted since failingSince; disabled: failed for 3 days and gets no more deliveries.',
  }),
  createdAt: time,
  failingSince: nullable(time),
  disabledAt: nullable(time),
};
const webhookEndpoint = z.object(webhookEndpointFields).meta({ id: 'WebhookEndpoint' });
export const createdWebhookEndpointResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      ...webhookEndpointFields,
      secret: z.string().meta({ description: 'The Standard Webhooks signing secret (whsec_…): shown only now.' }),
    }),
  })
  .meta({ id: 'CreatedWebhookEndpoint' });
export const webhookEndpointListResponse = z
  .object({ success: z.literal(true), data: z.object({ endpoints: z.array(webhookEndpoint) }) })
  .meta({ id: 'WebhookEndpointList' });
export const deletedWebhookEndpointResponse = z
  .object({ success: z.literal(true), data: webhookEndpoint })
  .meta({ id: 'DeletedWebhookEndpoint' });
const webhookAttempt = z
  .object({
    webhookId: z
      .string()
      .meta({ description: "The delivery's webhook-id: the event's evt_ id (evt_test_… for a test), the same on every retry." }),
    eventType: z.string(),
    attemptedAt: time,
    delivered: z.boolean(),
    statusCode: nullable(z.int()).meta({ description: "The receiver's HTTP status (null: no answer)." }),
    error: nullable(z.string()).meta({ description: 'Why the attempt failed (null: delivered).' }),
    durationMs: z.int().min(0),
  })
  .meta({ id: 'WebhookAttempt' });
export const webhookDeliveriesResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      endpoint: webhookEndpoint,
      pending: z.int().min(0).meta({ description: 'Events waiting to be delivered (retried with backoff).' }),
      attempts: z.array(webhookAttempt).meta({ description: 'The latest attempts, newest first.' }),
    }),
  })
  .meta({ id: 'WebhookDeliveries' });
export const webhookTestResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ webhookId: z.string(), type: z.literal('webhook.test'), queuedAt: time }),
  })
  .meta({ id: 'WebhookTestQueued' });

// The request flow
export const draftResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      status: z.literal('owner_verification_required'),
      requestId: id,
      source: z.literal('demand-side-search-mcp'),
      verification: z.object({
        channel: z.literal('email'),
        sentTo: z.string(),
        delivery: z.enum(['queued', 'sent']),
        expiresAt: time,
      }),
      selectedPros: z.array(z.object({ id, slug: z.string(), name: z.string() })),
    }),
  })
  .meta({ id: 'ServiceRequestDraft' });
export const confirmResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      status: z.enum(['created', 'no_coverage', 'already_confirmed']),
      requestId: id,
      opportunityId: id,
      source: z.literal('demand-side-search-mcp'),
      quotes: z.array(
        z.object({ quoteId: id, contractorSlug: z.string(), contractorName: z.string(), opportunityId: id, threadStatus: z.string() }),
      ),
      ownerAccessToken: z.string().optional().meta({ description: 'On the first success only: 64 hex characters; keep it private.' }),
    }),
  })
  .meta({ id: 'ServiceRequestConfirmation' });

// The owner's Opportunity
const opportunityStatus = z.enum([
  'waiting_on_pros',
  'needs_owner_info',
  'visit_options',
  'quoted',
  'closed',
  'awarded',
  'completed',
  'reviewed',
]);
const quoteStatus = z.enum([
  'requested',
  'info_requested',
  'visit_proposed',
  'visit_scheduled',
  'estimated',
  'awarded',
  'completed',
  'declined',
  'closed',
]);
const visit = z
  .object({
    visitId: id,
    quoteId: id,
    contractorName: z.string(),
    options: z.array(time),
    selectedTime: nullable(time),
    status: z.enum(['proposed', 'scheduled']),
    proposedAt: time,
  })
  .meta({ id: 'Visit' });
const pro = z
  .object({
    quoteId: id,
    contractorId: id,
    contractorSlug: z.string(),
    contractorName: z.string(),
    quoteStatus,
    threadStatus: z.enum(['open', 'closed']),
    declineReason: nullable(z.string()).meta({ description: 'Why the pro declined, when it did and said.' }),
    conversation: z.object({
      messages: z.array(z.object({ messageId: id, author: z.enum(['owner', 'pro']), content: z.string(), createdAt: time })),
      missingInfoRequests: z.array(
        z.object({
          requestId: id,
          questions: z.array(z.string()),
          answers: nullable(z.array(z.string())),
          status: z.enum(['open', 'answered']),
          requestedAt: time,
          answeredAt: nullable(time),
        }),
      ),
    }),
    estimates: z.array(
      z.object({
        estimateId: id,
        amount: z.number(),
        currency: z.string(),
        description: nullable(z.string()).meta({ description: 'What the estimate covers.' }),
        validUntil: nullable(z.iso.date()).meta({ description: 'The last day (UTC) it can be accepted; null when the estimate has none.' }),
        status: z.enum(['submitted', 'accepted', 'closed', 'withdrawn', 'superseded']),
        submittedAt: time,
      }),
    ),
    visits: z.array(visit),
    review: nullable(z.object({ reviewId: id, rating: halfPoints, review: z.string(), createdAt: time })),
  })
  .meta({ id: 'OpportunityPro' });
const opportunity = z
  .object({
    opportunityId: id,
    status: opportunityStatus,
    source: z.literal('demand-side-search-mcp'),
    owner: z.object({ firstName: z.string(), lastName: nullable(z.string()), email: z.string(), phone: nullable(z.string()) }),
    project: z.object({ specialtySlug: z.string(), specialtyName: z.string(), location: z.string(), description: z.string() }),
    createdAt: time,
    completedAt: nullable(time),
    pros: z.array(pro),
  })
  .meta({ id: 'OwnerOpportunity' });

export const opportunityListResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ opportunities: z.array(opportunity), ownerAccessScope: z.literal('single_opportunity') }),
  })
  .meta({ id: 'OwnerOpportunityList' });
export const opportunityResponse = z.object({ success: z.literal(true), data: opportunity }).meta({ id: 'OwnerOpportunityResponse' });
export const statusResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      opportunityId: id,
      status: opportunityStatus,
      pros: z.array(
        z.object({
          quoteId: id,
          contractorId: id,
          contractorSlug: z.string(),
          contractorName: z.string(),
          quoteStatus,
          threadStatus: z.enum(['open', 'closed']),
          openMissingInfoRequests: z.int(),
          pendingVisits: z.int(),
          submittedEstimates: z.int(),
        }),
      ),
    }),
  })
  .meta({ id: 'OwnerOpportunityStatus' });
export const visitOptionsResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ opportunityId: id, visits: z.array(visit) }),
  })
  .meta({ id: 'OwnerVisitOptions' });
export const writeDoneResponse = z
  .object({ success: z.literal(true), data: z.object({ opportunityId: id }) })
  .meta({ id: 'OwnerWriteDone' });
export const writePreviewResponse = z
  .object({
    success: z.literal(true),
    confirmationRequired: z.literal(true),
    writesPerformed: z.literal(false),
    action: z.string(),
    detail: z.looseObject({}).meta({ description: 'Exactly what the write would do: which pro, which text, time or amount.' }),
  })
  .meta({ id: 'OwnerWritePreview' });

// The pro's side
export const proQuoteResponse = z
  .object({
    success: z.literal(true),
    data: pro.extend({
      request: z.object({
        service: z.object({ slug: z.string(), name: z.string() }),
        location: z.string(),
        description: z.string(),
        ownerFirstName: z.string(),
        requestedAt: time,
        source: z.literal('demand-side-search-mcp'),
        awarded: z.boolean().meta({ description: 'Whether the owner has awarded the work (to this pro or another).' }),
      }),
    }),
  })
  .meta({ id: 'ProQuote' });
export const proWriteDoneResponse = z
  .object({
    success: z.literal(true),
    data: z.looseObject({ quoteId: id }).meta({
      description: 'The quote, and the id of what was written: messageId, infoRequestId, visitId or estimateId; quoteStatus for a decline.',
    }),
  })
  .meta({ id: 'ProWriteDone' });

// Claiming a listing (docs/decisions.md, "Claiming a listing").
export const listingClaimResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      claimId: id,
      status: z.literal('pending'),
      contractorSlug: z.string(),
      contractorName: z.string(),
      verification: z
        .object({
          channel: z.literal('email'),
          sentTo: z.string().meta({ description: "The listing's own e-mail address, masked." }),
          expiresAt: time,
        })
        .meta({ description: 'Where the code went and until when it works.' }),
    }),
  })
  .meta({ id: 'ListingClaimResponse' });
export const listingClaimVerifiedResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      claimId: id,
      status: z.literal('verified'),
      contractorSlug: z.string(),
      isClaimed: z.literal(true),
      listingAccessToken: z.string().meta({ description: 'Returned once: 64 hex. Keep it private.' }),
      accessExpiresAt: time,
    }),
  })
  .meta({ id: 'ListingClaimVerifiedResponse' });
/** The listing as its full profile shows it (rating: null without native reviews). */
const claimedListing = z.object(profileFields).meta({ id: 'ClaimedListing' });
export const claimedListingResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      claim: z.object({ claimId: id, claimantName: z.string(), verifiedAt: time, accessExpiresAt: time }),
      listing: claimedListing,
    }),
  })
  .meta({ id: 'ClaimedListingResponse' });
export const listingEditedResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      contractorSlug: z.string(),
      changed: z.array(z.string()).meta({ description: "The fields the edit changed ('social.facebook' for a social link)." }),
      listing: claimedListing,
    }),
  })
  .meta({ id: 'ListingEditedResponse' });
