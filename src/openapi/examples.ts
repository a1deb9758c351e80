// Examples for the OpenAPI document, taken from real answers of this service over the demo data
// (scripts/seed is deterministic: the same contractors, specialties, articles and ids on every
// load). The owner flow's ids come from one recorded run of that flow; the keys shown were
// revoked. Redocly and Spectral check every example against its schema
// (test/unit/openapi-lint.test.ts), so an example cannot drift from the document unnoticed.

export const contractorItem = {
  id: '07588205-d795-4b1c-918a-916fcc301e0e',
  slug: 'osprey-diesel-works-stuart-fl-521',
  name: 'Osprey Diesel Works',
  tagline: null,
  city: 'Stuart',
  state: 'FL',
  location: 'Mariner Cay Marina, Stuart, FL',
  geocodedCity: 'Stuart',
  geocodedState: 'FL',
  latitude: 27.146283,
  longitude: -80.152416,
  specialties: ['diesel-engines', 'winterization-shrink-wrap'],
  specialities: [
    { id: 'd7c736e8-d06b-4edf-96f6-f784d0b05e49', name: 'Diesel Engines', slug: 'diesel-engines' },
    { id: '94391511-e9b7-4028-8e29-fd28e880c1d6', name: 'Winterization & Shrink Wrap', slug: 'winterization-shrink-wrap' },
  ],
  rating: 4.5,
  reviewCount: 4,
  googleRating: 4.9,
  googleReviewCount: 18,
  isVerified: true,
  isClaimed: true,
  avatarUrl: 'https://cdn.marinepros.example/avatars/07588205-d795-4b1c-918a-916fcc301e0e.jpg',
  phone: '(772) 555-0101',
  email: 'office@osprey-diesel-works-stuart-fl-521.example',
  website: 'https://osprey-diesel-works-stuart-fl-521.example',
  websiteUrl: 'https://osprey-diesel-works-stuart-fl-521.example',
};
export const searchPagination = { page: 1, limit: 1, total: 2, totalExact: true, totalPages: 2 };
export const searchMatching = { sort: 'relevance', ignoredWords: [], corrections: [], place: null };
export const suggestions = {
  specialties: [{ slug: 'diesel-engines', name: 'Diesel Engines', contractorCount: 246 }],
  cities: [],
  contractors: [
    {
      id: 'f8641779-0d43-4336-880f-9b6af0a48d67',
      slug: 'moores-diesel-works-newport-ri-264',
      name: "Moore's Diesel Works",
      city: 'Newport',
      state: 'RI',
    },
  ],
};
export const searchCursor =
  'eyJmIjoiVUZyZExzOFN1NWcxIiwibiI6MSwiayI6eyJ2IjpbMCwxLDAsMyw0LjgzXSwiaSI6IjA3NTg4MjA1LWQ3OTUtNGIxYy05MThhLTkxNmZjYzMwMWUwZSJ9fQ';
// The nextCursor of the first page of the requests "Try it out" sends (document.ts, REQUEST_VARIANTS):
// a cursor holds its query's fingerprint, so only the query it came from may page on with it.
/** search?q=diesel&sort=relevance&specialty=diesel-engines&state=FL&limit=5 */
export const searchRequestCursor =
  'eyJmIjoibWl6U29WclUyUlRmIiwibiI6NSwiayI6eyJ2IjpbMCwxLDAsMyw0Ljk1XSwiaSI6IjY1ZTNiMzc3LTUwNWItNDM1Zi04MjQ5LTMwNDRkOWU2ZjIzNiJ9fQ';
/** geo-search?lat=27.1463&lng=-80.1524&radiusMiles=25&specialty=bottom-painting&sort=distance&limit=5 */
export const geoRequestCursor =
  'eyJmIjoiSGIxWVF2bEQ0MExIIiwibiI6NSwiayI6eyJkIjoxNzAyMC42NDE3MTU3ODUxMSwiaSI6IjQzNDQ2N2YyLWU2YWItNDJjOC1iZjhjLWE4N2Q4Y2Q0MWJmNSJ9fQ';
export const geoItem = { distanceMiles: 0.002, ...contractorItem };
export const geoCursor =
  'eyJmIjoiaEZza3NhdWN6REptIiwibiI6MSwiayI6eyJkIjoyLjQ2NTY5MDk4Mjk1NzAyMjQsImkiOiIwNzU4ODIwNS1kNzk1LTRiMWMtOTE4YS05MTZmY2MzMDFlMGUifX0';
export const specialties = [
  {
    id: '3a6c1434-8e54-4295-8257-6b4f0fa2fdec',
    slug: 'boat-transport',
    name: 'Boat Transport',
    label: 'Boat Transport',
    contractorCount: 82,
  },
  {
    id: 'b5f1a484-c5a9-4631-854b-63f804dc8b6a',
    slug: 'bottom-painting',
    name: 'Bottom Painting',
    label: 'Bottom Painting',
    contractorCount: 209,
  },
  {
    id: 'a62f2b67-a461-4633-b3e9-77cbc7823712',
    slug: 'canvas-upholstery',
    name: 'Canvas & Upholstery',
    label: 'Canvas & Upholstery',
    contractorCount: 164,
  },
];
export const profile = {
  id: '07588205-d795-4b1c-918a-916fcc301e0e',
  slug: 'osprey-diesel-works-stuart-fl-521',
  name: 'Osprey Diesel Works',
  about:
    'Based at Mariner Cay Marina, Osprey Diesel Works provides diesel services for boaters across the Stuart area. Our services include engine alignment, turbocharger service, heat exchanger cleaning and diesel engine servicing. We work out of Mariner Cay Marina and offer mobile service at your slip.',
  tagline: null,
  phone: '(772) 555-0101',
  email: 'office@osprey-diesel-works-stuart-fl-521.example',
  location: 'Mariner Cay Marina, Stuart, FL',
  city: 'Stuart',
  state: 'FL',
  latitude: 27.146283,
  longitude: -80.152416,
  logoUrl: 'https://cdn.marinepros.example/logos/osprey-diesel-works-stuart-fl-521.png',
  website: 'https://osprey-diesel-works-stuart-fl-521.example',
  isVerified: true,
  isClaimed: true,
  rating: 4.5,
  reviewCount: 4,
  specialties: [
    { id: 'd7c736e8-d06b-4edf-96f6-f784d0b05e49', name: 'Diesel Engines', slug: 'diesel-engines' },
    { id: '94391511-e9b7-4028-8e29-fd28e880c1d6', name: 'Winterization & Shrink Wrap', slug: 'winterization-shrink-wrap' },
  ],
  photos: [
    { url: 'https://cdn.marinepros.example/photos/osprey-diesel-works-stuart-fl-521/1.jpg', caption: 'Fresh bottom paint before splash' },
  ],
  videos: [],
  reviews: [
    {
      id: '33fe6a72-4cc4-450f-aa0b-0dd48e58122f',
      rating: 5,
      review: 'Fast, fair and professional. Worth every penny. Will definitely use them again.',
      authorName: 'John G.',
      createdAt: '2024-03-28T16:46:33.000Z',
    },
  ],
  badges: ['ABYC Certified', 'SAMS Accredited'],
  social: { facebook: null, instagram: null, linkedin: null, youtube: null },
  yearEstablished: 2003,
  updatedAt: '2020-06-13T18:20:18.000Z',
};
export const articles = {
  articles: [
    {
      id: 'e7d40909-b199-49a4-976f-c790fbc315cc',
      slug: 'the-boat-owners-guide-to-zinc-anodes',
      title: "The Boat Owner's Guide to Zinc Anodes",
      excerpt: 'Why sacrificial anodes matter, which metal to use and how often to change them.',
      publishedAt: '2026-10-19T00:48:43.000Z',
      url: 'https://marinepros.example/articles/the-boat-owners-guide-to-zinc-anodes',
    },
  ],
  nextCursor:
    'eyJmIjoiTXVTQm5zLW9QdjYxIiwibiI6MSwiayI6eyJwIjoiMjAyNi0xMC0xOVQwMDo0ODo0MyswMDowMCIsImkiOiJlN2Q0MDkwOS1iMTk5LTQ5YTQtOTc2Zi1jNzkwZmJjMzE1Y2MifX0',
};
export const blogPosts = {
  posts: [
    {
      id: '5cd095dc-3b57-4e3e-b79f-c2e5aeb3216e',
      slug: 'outboard-corrosion-prevention-starts-at-the-dock',
      title: 'Outboard Corrosion: Prevention Starts at the Dock',
      excerpt: 'Flushing, anodes and why the trim tab matters.',
      publishedAt: '2026-09-17T09:34:58.000Z',
      url: 'https://marinepros.example/blog/outboard-corrosion-prevention-starts-at-the-dock',
    },
  ],
  nextCursor:
    'eyJmIjoiS3dzbUNDM0NiaS1uIiwibiI6MSwiayI6eyJwIjoiMjAyNi0wOS0xN1QwOTozNDo1OCswMDowMCIsImkiOiI1Y2QwOTVkYy0zYjU3LTRlM2UtYjc5Zi1jMmU1YWViMzIxNmUifX0',
};
export const registration = {
  agent: {
    id: '42951646-1e43-40a4-abf3-063c91887534',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    isAdmin: false,
    isAgent: true,
  },
  credentials: {
    email: 'ada@example.com',
    apiKey: 'svc_public_39342c170309fa72a11cb2adc41e77a29da7a8f6',
    apiKeyPrefix: 'svc_public_39342c17',
    apiBase: 'https://api.marinepros.example/api/v1/public',
    howToUse:
      'Send the key as a Bearer token on every request: "Authorization: Bearer svc_public_39342c17…". Example: curl -H "Authorization: Bearer <apiKey>" "https://api.marinepros.example/api/v1/public/contractors/search?q=diesel". The key is shown only once: store it now.',
  },
};
export const me = {
  id: '42951646-1e43-40a4-abf3-063c91887534',
  email: 'ada@example.com',
  isAdmin: false,
  isAgent: true,
  lastName: 'Lovelace',
  firstName: 'Ada',
  canMintAdminKeys: false,
};
const ciKey = {
  id: 'e1f6253d-57a7-4875-b331-1b1da37a948a',
  name: 'CI runner',
  prefix: 'svc_public_9efbfa6f',
  tier: 'public',
  createdAt: '2026-11-23T15:08:31.015Z',
  lastUsedAt: null,
  revokedAt: null,
};
export const mintedKey = { ...ciKey, apiKey: 'svc_public_9efbfa6fc48caea4b88bcac5fac65b0d5c3d14db' };
export const keys = [
  {
    id: '03e7b339-c357-4096-9e56-e6737186efda',
    name: 'Initial key',
    prefix: 'svc_public_39342c17',
    tier: 'public',
    createdAt: '2026-11-23T15:08:30.910Z',
    lastUsedAt: '2026-11-23T15:08:30.993Z',
    revokedAt: null,
  },
  ciKey,
];
export const revokedKey = { ...ciKey, revokedAt: '2026-11-23T15:08:31.041Z' };
// An address, not a name: "Try it out" sends the example as it is, and a name must resolve to be
// accepted (this one is example.com's, a public address nobody's receiver listens on).
export const webhookEndpoint = {
  id: '5b8f0a8e-2f41-4c36-9a57-0f3c1d9e6a21',
  url: 'https://93.184.215.14/hooks/marine',
  events: null,
  status: 'active',
  createdAt: '2026-12-07T23:40:12.345Z',
  failingSince: null,
  disabledAt: null,
};
export const createdWebhookEndpoint = { ...webhookEndpoint, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw4tQ1h7yJ5wE=' };
export const webhookAttempts = [
  {
    webhookId: 'evt_1042',
    eventType: 'quote.estimate_submitted',
    attemptedAt: '2026-12-07T23:41:05.120Z',
    delivered: true,
    statusCode: 204,
    error: null,
    durationMs: 84,
  },
  {
    webhookId: 'evt_1042',
    eventType: 'quote.estimate_submitted',
    attemptedAt: '2026-12-07T23:41:02.410Z',
    delivered: false,
    statusCode: 500,
    error: 'HTTP 500',
    durationMs: 61,
  },
];
export const webhookTest = {
  webhookId: 'evt_test_9f2c4d1e0b7a4c8e9d6f5a4b3c2d1e0f',
  type: 'webhook.test',
  queuedAt: '2026-12-07T23:42:00.000Z',
};
export const draft = {
  status: 'owner_verification_required',
  requestId: 'd055ecb4-db77-4686-bb0a-27fac91ab47a',
  source: 'demand-side-search-mcp',
  verification: { channel: 'email', sentTo: 'o***@example.com', delivery: 'queued', expiresAt: '2026-11-24T15:08:31.057Z' },
  selectedPros: [{ id: '07588205-d795-4b1c-918a-916fcc301e0e', slug: 'osprey-diesel-works-stuart-fl-521', name: 'Osprey Diesel Works' }],
};
const pro = {
  quoteId: 'acd507d5-4653-49a1-98cc-b31d783d0a3c',
  contractorId: '000da369-351d-4cff-bb3a-86d11679a5a7',
  contractorSlug: 'cape-may-woodworks-nj-249',
  contractorName: 'Cape May Woodworks',
  quoteStatus: 'estimated',
  threadStatus: 'open',
};
export const opportunity = {
  opportunityId: 'd7f7e381-82de-4a0f-adba-e9535261e1e2',
  status: 'needs_owner_info',
  source: 'demand-side-search-mcp',
  owner: { firstName: 'Olivia', lastName: 'Owner', email: 'olivia@example.com', phone: null },
  project: {
    specialtySlug: 'boat-transport',
    specialtyName: 'Boat Transport',
    location: 'Annapolis, MD',
    description: 'Blistered bottom paint needs stripping.',
  },
  createdAt: '2026-11-23T15:08:31.118Z',
  completedAt: null,
  pros: [
    {
      ...pro,
      declineReason: null,
      conversation: {
        messages: [],
        missingInfoRequests: [
          {
            requestId: '8ca43e51-6f38-4f34-9ac3-fbc3644e62cf',
            questions: ['Length of the boat?', 'Hull material?'],
            answers: null,
            status: 'open',
            requestedAt: '2026-11-23T15:08:31.132Z',
            answeredAt: null,
          },
        ],
      },
      estimates: [
        {
          estimateId: '2b0a01f9-177c-4f6a-98e5-e5b48c23a4ec',
          amount: 1850.5,
          currency: 'USD',
          description: 'Strip and repaint',
          validUntil: '2027-03-31',
          status: 'submitted',
          submittedAt: '2026-11-23T15:08:31.150Z',
        },
      ],
      visits: [
        {
          visitId: 'e578420f-9b98-4b78-9931-886647becd8c',
          quoteId: 'acd507d5-4653-49a1-98cc-b31d783d0a3c',
          contractorName: 'Cape May Woodworks',
          options: ['2027-03-10T14:00:00.000Z', '2027-03-11T14:00:00.000Z'],
          selectedTime: null,
          status: 'proposed',
          proposedAt: '2026-11-23T15:08:31.140Z',
        },
      ],
      review: null,
    },
  ],
};
export const opportunityStatus = {
  opportunityId: 'd7f7e381-82de-4a0f-adba-e9535261e1e2',
  status: 'needs_owner_info',
  pros: [
    {
      quoteId: '96af4f32-845f-4188-971f-d14e32215c81',
      contractorId: '002dd033-955e-4bf4-b162-fecc878a8c20',
      contractorSlug: 'mcallister-williams-brightwork-boston-ma-760',
      contractorName: 'McAllister & Williams Brightwork',
      quoteStatus: 'requested',
      threadStatus: 'open',
      openMissingInfoRequests: 0,
      pendingVisits: 0,
      submittedEstimates: 0,
    },
    { ...pro, openMissingInfoRequests: 1, pendingVisits: 1, submittedEstimates: 1 },
  ],
};
export const visitOptions = { opportunityId: opportunity.opportunityId, visits: opportunity.pros[0]!.visits };
export const ids = {
  opportunityId: 'd7f7e381-82de-4a0f-adba-e9535261e1e2',
  quoteId: 'acd507d5-4653-49a1-98cc-b31d783d0a3c',
  visitId: 'e578420f-9b98-4b78-9931-886647becd8c',
  estimateId: '2b0a01f9-177c-4f6a-98e5-e5b48c23a4ec',
  messageId: '5c4e1f0a-3b7d-4e2a-9f61-0d8c2b7a9e13',
  requestId: 'd055ecb4-db77-4686-bb0a-27fac91ab47a',
};
export const quotes = [
  {
    quoteId: 'acd507d5-4653-49a1-98cc-b31d783d0a3c',
    contractorSlug: 'cape-may-woodworks-nj-249',
    contractorName: 'Cape May Woodworks',
    opportunityId: 'd7f7e381-82de-4a0f-adba-e9535261e1e2',
    threadStatus: 'open',
  },
  {
    quoteId: '96af4f32-845f-4188-971f-d14e32215c81',
    contractorSlug: 'mcallister-williams-brightwork-boston-ma-760',
    contractorName: 'McAllister & Williams Brightwork',
    opportunityId: 'd7f7e381-82de-4a0f-adba-e9535261e1e2',
    threadStatus: 'open',
  },
];

/** What the pro of the first quote sees with its token. */
export const proQuote = {
  request: {
    service: { slug: opportunity.project.specialtySlug, name: opportunity.project.specialtyName },
    location: opportunity.project.location,
    description: opportunity.project.description,
    ownerFirstName: opportunity.owner.firstName,
    requestedAt: opportunity.createdAt,
    source: 'demand-side-search-mcp',
    awarded: false,
  },
  ...opportunity.pros[0]!,
};

// Claiming a listing: the demo listing above, claimed and edited.
export const listingClaim = {
  claimId: '4c1d7f0e-8a52-4f7b-9d0e-2b6f3a9c1e84',
  status: 'pending',
  contractorSlug: profile.slug,
  contractorName: profile.name,
  verification: { channel: 'email', sentTo: 'o***@osprey-diesel-works-stuart-fl-521.example', expiresAt: '2027-03-09T15:04:05.000Z' },
};
export const listingAccessToken = '9f2b6c0d4e8a1f3b5c7d9e0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c';
export const listingClaimVerified = {
  claimId: listingClaim.claimId,
  status: 'verified',
  contractorSlug: profile.slug,
  isClaimed: true,
  listingAccessToken,
  accessExpiresAt: '2027-06-06T15:10:00.000Z',
};
export const claimedListing = {
  ...profile,
  tagline: 'Mobile diesel service at your slip, Stuart to Jupiter',
  social: { ...profile.social, facebook: 'https://www.facebook.com/ospreydieselworks' },
  updatedAt: '2027-03-08T15:12:00.000Z',
};
