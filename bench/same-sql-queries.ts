// The like-for-like GraphQL baseline's requests (issue 25): each workload's own SQL function,
// called through PostGraphile with the same arguments the API passes (bench/same-sql-graphql.ts
// serves them), so "API vs GraphQL" compares the same work. Variables rather than literals, so
// Grafast plans each query once.

/** The directory functions the baseline exposes, as PostGraphile names their query fields. */
export const SAME_SQL_FUNCTIONS = [
  'search_contractors',
  'geo_search_point',
  'geo_search_point_rated',
  'geo_search_box',
  'autocomplete',
  'contractor_by_slug',
  'list_specialties',
] as const;

const body = (query: string, variables: Record<string, unknown>): string => JSON.stringify({ query, variables });

const SEARCH = `query($q: String, $specialty: String, $city: String, $state: String, $sort: String!, $limit: Int!) {
  searchContractors(pQ: $q, pSpecialty: $specialty, pCity: $city, pState: $state, pSort: $sort, pLimit: $limit, pOffset: 0) {
    nodes { contractors total totalExact next ignoredWords corrections place } } }`;

const GEO_POINT = `query($lat: Float!, $lng: Float!, $radius: Float!, $limit: Int!) {
  geoSearchPoint(pLat: $lat, pLng: $lng, pRadiusMiles: $radius, pLimit: $limit) { nodes { contractors next } } }`;

const GEO_POINT_RATED = `query($lat: Float!, $lng: Float!, $radius: Float!, $limit: Int!) {
  geoSearchPointRated(pLat: $lat, pLng: $lng, pRadiusMiles: $radius, pLimit: $limit) { nodes { contractors next } } }`;

const GEO_BOX = `query($minLat: Float!, $maxLat: Float!, $minLng: Float!, $maxLng: Float!, $specialty: String, $limit: Int!) {
  geoSearchBox(pMinLat: $minLat, pMaxLat: $maxLat, pMinLng: $minLng, pMaxLng: $maxLng, pSpecialty: $specialty, pLimit: $limit) {
    nodes { contractors next } } }`;

export interface SearchCall {
  q: string | null;
  specialty?: string | null;
  city?: string | null;
  state?: string | null;
  sort: 'relevance' | 'rating';
  limit: number;
}

export const sameSql = {
  search: (c: SearchCall) =>
    body(SEARCH, { q: c.q, specialty: c.specialty ?? null, city: c.city ?? null, state: c.state ?? null, sort: c.sort, limit: c.limit }),
  geoPoint: (lat: number, lng: number, radius: number, limit: number) => body(GEO_POINT, { lat, lng, radius, limit }),
  geoPointRated: (lat: number, lng: number, radius: number, limit: number) => body(GEO_POINT_RATED, { lat, lng, radius, limit }),
  geoBox: (b: { minLat: number; maxLat: number; minLng: number; maxLng: number }, limit: number, specialty: string | null = null) =>
    body(GEO_BOX, { minLat: b.minLat, maxLat: b.maxLat, minLng: b.minLng, maxLng: b.maxLng, specialty, limit }),
  autocomplete: (q: string, limit: number) =>
    body('query($q: String!, $limit: Int!) { autocomplete(pQ: $q, pLimit: $limit) }', { q, limit }),
  profile: (slug: string) => body('query($slug: String!) { contractorBySlug(pSlug: $slug) }', { slug }),
  specialties: () => body('{ listSpecialties }', {}),
};
