// The workloads: seeded, realistic random parameters (towns, specialties, trade words, states of
// the demo generator), each parameter set expressed three ways: the API request, the SQL the API
// runs for it (pgbench, baseline a) and the closest PostGraphile query (baseline c).
import { Rng, Stream } from '../scripts/seed/random';
import { TRADE_WORDS } from '../scripts/seed/phrases';
import { SPECIALTIES } from '../scripts/seed/specialties';
import { TOWNS, type Town } from '../scripts/seed/towns';

export const PARAMETER_SETS = 100;
export const PAGE = 20;
const SEED = 0xbe7c_2026;

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface Workload {
  name: string;
  /** One per parameter set. */
  api: Req[];
  /** The SQL function call of each parameter set (without role/claims), for pgbench. */
  sql: string[] | null;
  /** The GraphQL request body of each parameter set, or null where GraphQL cannot say it. */
  graphql: string[] | null;
  /** What the GraphQL equivalent is. */
  graphqlNote: string;
}

const lit = (s: string | null): string => (s === null ? 'null' : `'${s.replace(/'/g, "''")}'`);
const num = (n: number): string => String(n);

function townPicker(rng: Rng): () => Town {
  const total = TOWNS.reduce((a, t) => a + t.weight, 0);
  return () => {
    let r = rng.int(0, total - 1);
    for (const t of TOWNS) {
      if (r < t.weight) return t;
      r -= t.weight;
    }
    return TOWNS[0]!;
  };
}

const ITEM_FIELDS = `rowId slug name tagline city state locationText geocodedCity geocodedState latitude longitude
  rating reviewCount googleRating googleReviewCount isVerified isClaimed avatarUrl phone email websiteUrl
  contractorSpecialtiesByContractorId { nodes { specialtyBySpecialtyId { rowId name slug } } }`;

function gql(query: string, variables: Record<string, unknown>): string {
  return JSON.stringify({ query, variables });
}

const BY_STATE = `query($state: String!, $first: Int!) {
  allContractors(condition: {state: $state, isActive: true}, orderBy: SLUG_ASC, first: $first) {
    totalCount nodes { ${ITEM_FIELDS} } } }`;

export function workloads(slugs: readonly string[]): Workload[] {
  const rng = Rng.for(SEED, 0, Stream.specialty);
  const town = townPicker(rng);
  const words = Object.values(TRADE_WORDS);
  const sets = <T>(f: (i: number) => T): T[] => Array.from({ length: PARAMETER_SETS }, (_, i) => f(i));

  const text = sets(() => ({ q: rng.pick(words), state: town().state }));
  const specCity = sets(() => ({ specialty: rng.pick(SPECIALTIES).slug, city: town().city }));
  const jitter = (d: number) => (rng.float() - 0.5) * 2 * d;
  const points = sets(() => {
    const t = town();
    return { lat: +(t.lat + jitter(0.05)).toFixed(4), lng: +(t.lng + jitter(0.05)).toFixed(4), state: t.state, city: t.city };
  });
  const boxes = sets(() => {
    const t = town();
    const lat = t.lat + jitter(0.05),
      lng = t.lng + jitter(0.05);
    return {
      minLat: +(lat - 0.25).toFixed(4),
      maxLat: +(lat + 0.25).toFixed(4),
      minLng: +(lng - 0.3).toFixed(4),
      maxLng: +(lng + 0.3).toFixed(4),
      state: t.state,
    };
  });
  const profiles = sets(() => rng.pick(slugs));
  // What people have typed so far: 2 to 6 letters of a town, a specialty or a contractor's name.
  const prefixes = sets(() => {
    const source = [town().city, rng.pick(SPECIALTIES).name, rng.pick(slugs).replace(/-/g, ' ')][rng.int(0, 2)]!;
    return source.slice(0, rng.int(2, 6)).toLowerCase();
  });
  const q = (o: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const C = '/api/v1/public/contractors';

  return [
    {
      name: 'text search (q + state)',
      api: text.map((p) => ({ method: 'GET', path: `${C}/search?${q({ q: p.q, state: p.state, limit: PAGE })}` })),
      sql: text.map(
        (p) => `select * from app_hidden.search_contractors(${lit(p.q)}, null, null, ${lit(p.state)}, 'relevance', ${PAGE}, 0, null, null)`,
      ),
      graphql: text.map((p) => gql(BY_STATE, { state: p.state, first: PAGE })),
      graphqlNote: 'no full-text search in GraphQL: active contractors of the state, by slug (no rating order), with totalCount',
    },
    {
      name: 'specialty + city search',
      api: specCity.map((p) => ({ method: 'GET', path: `${C}/search?${q({ specialty: p.specialty, city: p.city, limit: PAGE })}` })),
      sql: specCity.map(
        (p) =>
          `select * from app_hidden.search_contractors(null, ${lit(p.specialty)}, ${lit(p.city)}, null, 'rating', ${PAGE}, 0, null, null)`,
      ),
      graphql: specCity.map((p) =>
        gql(
          `query($city: String!, $first: Int!) {
        allContractors(condition: {city: $city, isActive: true}, orderBy: SLUG_ASC, first: $first) { totalCount nodes { ${ITEM_FIELDS} } } }`,
          { city: p.city, first: PAGE },
        ),
      ),
      graphqlNote:
        'no specialty-through-link or ILIKE filter in GraphQL: active contractors of exactly that city, by slug, with totalCount',
    },
    {
      name: 'geo point (25 mi)',
      api: points.map((p) => ({ method: 'GET', path: `${C}/geo-search?${q({ lat: p.lat, lng: p.lng, radiusMiles: 25, limit: PAGE })}` })),
      sql: points.map(
        (p) => `select * from app_hidden.geo_search_point(${num(p.lat)}, ${num(p.lng)}, 25, null, null, ${PAGE}, null, null)`,
      ),
      graphql: points.map((p) => gql(BY_STATE, { state: p.state, first: PAGE })),
      graphqlNote: "no radius search in GraphQL: active contractors of the point's state, by slug",
    },
    {
      name: 'geo bounding box',
      api: boxes.map((p) => ({
        method: 'GET',
        path: `${C}/geo-search?${q({ minLat: p.minLat, maxLat: p.maxLat, minLng: p.minLng, maxLng: p.maxLng, limit: PAGE })}`,
      })),
      sql: boxes.map(
        (p) =>
          `select * from app_hidden.geo_search_box(${num(p.minLat)}, ${num(p.maxLat)}, ${num(p.minLng)}, ${num(p.maxLng)}, null, null, ${PAGE}, null, null)`,
      ),
      graphql: boxes.map((p) => gql(BY_STATE, { state: p.state, first: PAGE })),
      graphqlNote: "no range filter on latitude/longitude in GraphQL: active contractors of the box's state, by slug",
    },
    {
      name: 'autocomplete',
      api: prefixes.map((p) => ({ method: 'GET', path: `${C}/autocomplete?${q({ q: p })}` })),
      sql: prefixes.map((p) => `select app_hidden.autocomplete(${lit(p)}, 5)`),
      graphql: null,
      graphqlNote: 'no prefix filter in GraphQL',
    },
    {
      name: 'profile by slug',
      api: profiles.map((s) => ({ method: 'GET', path: `${C}/${s}` })),
      sql: profiles.map((s) => `select app_hidden.contractor_by_slug(${lit(s)})`),
      graphql: profiles.map((s) =>
        gql(
          `query($slug: String!) { contractorBySlug(slug: $slug) {
        ${ITEM_FIELDS} about logoUrl photos videos badges socialFacebook socialInstagram socialLinkedin socialYoutube
        yearEstablished updatedAt
        reviewsByContractorId(first: 50, orderBy: CREATED_AT_DESC) { nodes { rowId rating body authorName createdAt isPublished } } } }`,
          { slug: s },
        ),
      ),
      graphqlNote: 'contractorBySlug with specialties and the 50 newest reviews (no condition on isPublished: close equivalent)',
    },
    {
      name: 'specialties',
      api: sets(() => ({ method: 'GET' as const, path: `${C}/specialties` })),
      sql: sets(() => 'select app_hidden.list_specialties()'),
      graphql: sets(() => gql('{ allSpecialties(orderBy: SLUG_ASC) { nodes { rowId slug name contractorCount } } }', {})),
      graphqlNote: 'allSpecialties ordered by slug (equivalent)',
    },
  ];
}

/** Service-request bodies for the request flow (one per flow; e-mail addresses unique per run). */
export function requestFlowBody(i: number, runId: string): { body: string; email: string } {
  const rng = Rng.for(SEED, i, Stream.post);
  const t = TOWNS[rng.int(0, TOWNS.length - 1)]!;
  const email = `bench.${runId}.${i}@example.com`;
  return {
    email,
    body: JSON.stringify({
      owner: { firstName: 'Bench', lastName: 'Owner', email, phone: '+1 305 555 0100' },
      project: {
        specialtySlug: rng.pick(SPECIALTIES).slug,
        location: `${t.city}, ${t.state}`,
        description: `Port engine overheats at cruise (#${i}).`,
      },
      contractorSlugs: [],
      ownerConsent: { confirmed: true, statement: 'The owner asked me to request quotes.' },
    }),
  };
}
