// The workloads: seeded, realistic random parameters (towns, specialties, trade words, states of
// the demo generator), each parameter set expressed three ways: the API request, the SQL the API
// runs for it (pgbench, baseline a) and the closest PostGraphile query (baseline c).
import { Rng, Stream } from '../scripts/seed/random';
import { TRADE_WORDS } from '../scripts/seed/phrases';
import { EQUIPMENT, SPECIALTIES } from '../scripts/seed/specialties';
import { TOWNS, type Town } from '../scripts/seed/towns';
import { sameSql } from './same-sql-queries';

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
  /** The same SQL function through PostGraphile (baseline d, bench/same-sql-graphql.ts), or null. */
  graphqlSame: string[] | null;
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

/** Active contractors nationwide, by slug, with totalCount: GraphQL's stand-in for a national text search. */
const NATIONAL = `query($first: Int!) {
  allContractors(condition: {isActive: true}, orderBy: SLUG_ASC, first: $first) {
    totalCount nodes { ${ITEM_FIELDS} } } }`;

const BY_CITY = `query($city: String!, $first: Int!) {
  allContractors(condition: {city: $city, isActive: true}, orderBy: SLUG_ASC, first: $first) { totalCount nodes { ${ITEM_FIELDS} } } }`;

const BY_STATE = `query($state: String!, $first: Int!) {
  allContractors(condition: {state: $state, isActive: true}, orderBy: SLUG_ASC, first: $first) {
    totalCount nodes { ${ITEM_FIELDS} } } }`;

/** Role nouns owners search by (the search vocabulary's role terms, db/migrations). */
const ROLE_NOUNS = [
  'mechanic',
  'electrician',
  'welder',
  'surveyor',
  'rigger',
  'diver',
  'upholsterer',
  'captain',
  'detailer',
  'shipwright',
  'sailmaker',
  'painter',
  'plumber',
  'machinist',
  'carpenter',
];

/** The longest q the API takes (src/directory/params.ts: 200 characters; it bounds no word count). */
export const Q_MAX = 200;

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? [];
const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** One edit after the first letter (a letter dropped, doubled or replaced): what the search forgives in 5+ letters. */
function typo(rng: Rng, word: string): string {
  const i = rng.int(1, word.length - 1);
  const kind = rng.int(0, 2);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word.charAt(i) + word.slice(i);
  const letters = 'abcdefghijklmnopqrstuvwxyz'.replace(word.charAt(i), '');
  return word.slice(0, i) + letters.charAt(rng.int(0, letters.length - 1)) + word.slice(i + 1);
}

interface TextParams {
  q: string;
  specialty?: string;
  city?: string;
}

/**
 * The text-search mix (issue 23): what people send, each shape its own workload. Parameters come
 * from the generator's vocabularies (trade words, services, brands, towns) through a stream of
 * their own, so the other workloads' parameter sets are what they were.
 */
function textMix(
  town: () => Town,
  rng: Rng,
  sets: <T>(f: (i: number) => T) => T[],
): Array<{ name: string; note: string; params: TextParams[] }> {
  const trades = Object.values(TRADE_WORDS);
  const oneWordTrades = trades.filter((t) => !t.includes(' '));
  const twoWordTrades = trades.filter((t) => wordsOf(t).length === 2);
  const services = SPECIALTIES.flatMap((s) => s.services.map((x) => x.toLowerCase()));
  const longServices = services.filter((x) => wordsOf(x).length >= 3);
  const serviceWords = unique(services.flatMap(wordsOf)).filter((w) => w.length >= 5 && /^[a-z]+$/.test(w));
  const brands = Object.entries(EQUIPMENT).flatMap(([slug, e]) =>
    e.brands.map((b) => ({ brand: b.toLowerCase(), trade: TRADE_WORDS[slug as keyof typeof TRADE_WORDS], noun: e.noun })),
  );
  const longWords = unique([...trades.flatMap(wordsOf), ...ROLE_NOUNS, ...brands.flatMap((b) => wordsOf(b.brand))]).filter(
    (w) => w.length >= 5 && w !== 'marine',
  );
  const firstWords = (text: string, n: number) => wordsOf(text).slice(0, n).join(' ');
  // "bottom painting", "fuel system": a service's first two words, when the second is not "and".
  const twoWordServices = unique(services.map((x) => firstWords(x, 2))).filter((x) => / [a-z]{4,}$/.test(x) && !x.endsWith(' and'));
  // "marine survey port clinton": a trade and a town, three or four words in all.
  const tradeInTown = (): string => {
    for (;;) {
      const q = `${rng.pick(trades)} ${town().city}`.toLowerCase();
      if (wordsOf(q).length >= 3 && wordsOf(q).length <= 4) return q;
    }
  };
  // Words many specialties' services share ("repair", "system", "hull"): each is in a large share
  // of the directory, and three to five of them together in few listings, so the walk reads their
  // long postings in every band to count the matches.
  const sharedWords = (() => {
    const specialties = new Map<string, number>();
    for (const s of SPECIALTIES) {
      for (const w of unique(s.services.flatMap(wordsOf))) {
        if (w.length >= 4 && /^[a-z]+$/.test(w)) specialties.set(w, (specialties.get(w) ?? 0) + 1);
      }
    }
    return [...specialties]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 16)
      .map(([w]) => w);
  })();
  const national = (name: string, q: () => string) => ({ name, note: 'national', params: sets(() => ({ q: q() })) });
  return [
    national('text national 1 word', () => (rng.chance(0.5) ? rng.pick(oneWordTrades) : rng.pick(serviceWords))),
    national('text national 2 words', () => (rng.chance(0.5) ? rng.pick(twoWordTrades) : rng.pick(twoWordServices))),
    national('text national 3-4 words', () => (rng.chance(0.5) ? firstWords(rng.pick(longServices), rng.int(3, 4)) : tradeInTown())),
    national('text brand + service national', () => {
      const b = rng.pick(brands);
      return `${b.brand} ${rng.chance(0.5) ? b.trade : b.noun}`;
    }),
    national('text role noun national', () => rng.pick(ROLE_NOUNS)),
    national('text typo national', () => typo(rng, rng.pick(longWords))),
    national('text partial word national', () => {
      const w = rng.pick(longWords);
      const prefix = w.slice(0, rng.int(3, w.length - 1));
      return rng.chance(0.5) ? prefix : `${rng.pick(oneWordTrades)} ${prefix}`;
    }),
    {
      name: 'text + city',
      note: 'city',
      params: sets(() => ({ q: rng.chance(0.5) ? rng.pick(trades) : rng.pick(ROLE_NOUNS), city: town().city })),
    },
    {
      name: 'text + specialty',
      note: 'specialty',
      params: sets(() => {
        const s = rng.pick(SPECIALTIES);
        const q = [TRADE_WORDS[s.slug], rng.pick(ROLE_NOUNS), firstWords(rng.pick(s.services), 2)][rng.int(0, 2)]!;
        return { q, specialty: s.slug };
      }),
    },
    national(`text words at the bound (${Q_MAX} chars)`, () => {
      let q = '';
      for (;;) {
        const next = [rng.pick(trades), rng.pick(ROLE_NOUNS), firstWords(rng.pick(services), 3), town().city.toLowerCase()][rng.int(0, 3)]!;
        if (q.length + 1 + next.length > Q_MAX) return q;
        q = q === '' ? next : `${q} ${next}`;
      }
    }),
    national('text common words together national', () => rng.sample(sharedWords, rng.int(3, 5)).join(' ')),
  ];
}

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
  const q = (o: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(o)
        .filter((e): e is [string, string | number] => e[1] !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  const C = '/api/v1/public/contractors';
  // The text mix draws from its own stream (index 1): the parameter sets above stay as they were.
  const mixRng = Rng.for(SEED, 1, Stream.specialty);
  // The map shapes' specialties too (index 2), for the same reason.
  const mapRng = Rng.for(SEED, 2, Stream.specialty);
  const mapSpecialties = sets(() => mapRng.pick(SPECIALTIES).slug);
  const mix: Workload[] = textMix(townPicker(mixRng), mixRng, sets).map(({ name, note, params }) => ({
    name,
    api: params.map((p) => ({ method: 'GET', path: `${C}/search?${q({ q: p.q, specialty: p.specialty, city: p.city, limit: PAGE })}` })),
    sql: params.map(
      (p) =>
        `select * from app_hidden.search_contractors(${lit(p.q)}, ${lit(p.specialty ?? null)}, ${lit(p.city ?? null)}, null, 'relevance', ${PAGE}, 0, null, null)`,
    ),
    graphql:
      note === 'specialty'
        ? null
        : params.map((p) => (p.city ? gql(BY_CITY, { city: p.city, first: PAGE }) : gql(NATIONAL, { first: PAGE }))),
    graphqlNote:
      note === 'city'
        ? 'no full-text search in GraphQL: active contractors of exactly that city, by slug, with totalCount'
        : 'no full-text search in GraphQL: active contractors nationwide, by slug, with totalCount',
    graphqlSame: params.map((p) => sameSql.search({ q: p.q, specialty: p.specialty, city: p.city, sort: 'relevance', limit: PAGE })),
  }));

  return [
    {
      name: 'text search (q + state)',
      api: text.map((p) => ({ method: 'GET', path: `${C}/search?${q({ q: p.q, state: p.state, limit: PAGE })}` })),
      sql: text.map(
        (p) => `select * from app_hidden.search_contractors(${lit(p.q)}, null, null, ${lit(p.state)}, 'relevance', ${PAGE}, 0, null, null)`,
      ),
      graphql: text.map((p) => gql(BY_STATE, { state: p.state, first: PAGE })),
      graphqlNote: 'no full-text search in GraphQL: active contractors of the state, by slug (no rating order), with totalCount',
      graphqlSame: text.map((p) => sameSql.search({ q: p.q, state: p.state, sort: 'relevance', limit: PAGE })),
    },
    ...mix,
    {
      name: 'specialty + city search',
      api: specCity.map((p) => ({ method: 'GET', path: `${C}/search?${q({ specialty: p.specialty, city: p.city, limit: PAGE })}` })),
      sql: specCity.map(
        (p) =>
          `select * from app_hidden.search_contractors(null, ${lit(p.specialty)}, ${lit(p.city)}, null, 'rating', ${PAGE}, 0, null, null)`,
      ),
      graphql: specCity.map((p) => gql(BY_CITY, { city: p.city, first: PAGE })),
      graphqlNote:
        'no specialty-through-link or ILIKE filter in GraphQL: active contractors of exactly that city, by slug, with totalCount',
      graphqlSame: specCity.map((p) => sameSql.search({ q: null, specialty: p.specialty, city: p.city, sort: 'rating', limit: PAGE })),
    },
    {
      name: 'geo point (25 mi)',
      api: points.map((p) => ({ method: 'GET', path: `${C}/geo-search?${q({ lat: p.lat, lng: p.lng, radiusMiles: 25, limit: PAGE })}` })),
      sql: points.map(
        (p) => `select * from app_hidden.geo_search_point(${num(p.lat)}, ${num(p.lng)}, 25, null, null, ${PAGE}, null, null)`,
      ),
      graphql: points.map((p) => gql(BY_STATE, { state: p.state, first: PAGE })),
      graphqlNote: "no radius search in GraphQL: active contractors of the point's state, by slug",
      graphqlSame: points.map((p) => sameSql.geoPoint(p.lat, p.lng, 25, PAGE)),
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
      graphqlSame: boxes.map((b) => sameSql.geoBox(b, PAGE)),
    },
    {
      // The shapes a map sends besides those two (a filter; best rated first): each read the
      // directory's whole specialty or circle until 2026-11-27 (docs/performance.md).
      name: 'geo bounding box + specialty',
      api: boxes.map((p, i) => ({
        method: 'GET',
        path: `${C}/geo-search?${q({ minLat: p.minLat, maxLat: p.maxLat, minLng: p.minLng, maxLng: p.maxLng, specialty: mapSpecialties[i], limit: PAGE })}`,
      })),
      sql: boxes.map(
        (p, i) =>
          `select * from app_hidden.geo_search_box(${num(p.minLat)}, ${num(p.maxLat)}, ${num(p.minLng)}, ${num(p.maxLng)}, ${lit(mapSpecialties[i]!)}, null, ${PAGE}, null, null)`,
      ),
      graphql: null,
      graphqlNote: 'no range filter on latitude/longitude in GraphQL',
      graphqlSame: boxes.map((b, i) => sameSql.geoBox(b, PAGE, mapSpecialties[i])),
    },
    {
      name: 'geo point by rating (25 mi)',
      api: points.map((p) => ({
        method: 'GET',
        path: `${C}/geo-search?${q({ lat: p.lat, lng: p.lng, radiusMiles: 25, sort: 'rating', limit: PAGE })}`,
      })),
      sql: points.map(
        (p) => `select * from app_hidden.geo_search_point_rated(${num(p.lat)}, ${num(p.lng)}, 25, null, null, ${PAGE}, null, null)`,
      ),
      graphql: null,
      graphqlNote: 'no radius search in GraphQL',
      graphqlSame: points.map((p) => sameSql.geoPointRated(p.lat, p.lng, 25, PAGE)),
    },
    {
      name: 'autocomplete',
      api: prefixes.map((p) => ({ method: 'GET', path: `${C}/autocomplete?${q({ q: p })}` })),
      sql: prefixes.map((p) => `select app_hidden.autocomplete(${lit(p)}, 5)`),
      graphql: null,
      graphqlNote: 'no prefix filter in GraphQL',
      graphqlSame: prefixes.map((p) => sameSql.autocomplete(p, 5)),
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
      graphqlSame: profiles.map((s) => sameSql.profile(s)),
    },
    {
      name: 'specialties',
      api: sets(() => ({ method: 'GET' as const, path: `${C}/specialties` })),
      sql: sets(() => 'select app_hidden.list_specialties()'),
      graphql: sets(() => gql('{ allSpecialties(orderBy: SLUG_ASC) { nodes { rowId slug name contractorCount } } }', {})),
      graphqlNote: 'allSpecialties ordered by slug (equivalent)',
      graphqlSame: sets(() => sameSql.specialties()),
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
