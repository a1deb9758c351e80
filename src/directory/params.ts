// Query parameters of the directory operations, in both of the spec's spellings. A request that
// uses any parameter only Variant B has gets Variant B's defaults and caps; otherwise Variant
// A's (docs/api.md, "Two variants, one answer"). Out-of-range values are 400, never clamped.
import { z } from 'zod';
import { fail, queryInt, queryNumber, queryText } from '../input/validate';

const slug = queryText(120);

const SEARCH_LIMITS = { A: { max: 100, default: 25 }, B: { max: 20, default: 20 } } as const;
const GEO_LIMITS = { A: { max: 100, default: 25 }, B: { max: 500, default: 100 } } as const;
export const MAX_PAGE = 3;

/** Two spellings of one parameter: either may be used, both only when they agree. */
function oneOf<T>(ctx: z.RefinementCtx, a: [string, T | undefined], b: [string, T | undefined]): T | undefined {
  if (a[1] !== undefined && b[1] !== undefined && a[1] !== b[1]) {
    fail(ctx, b[0], `conflicts with '${a[0]}'; give one of them`);
  }
  return a[1] ?? b[1];
}

function checkLimit(ctx: z.RefinementCtx, limit: number | undefined, cap: { max: number; default: number }, variant: string): number {
  if (limit !== undefined && limit > cap.max) fail(ctx, 'limit', `must be between 1 and ${cap.max}${variant}`);
  return limit ?? cap.default;
}

export const searchQuery = z
  .object({
    q: queryText(200).meta({
      description:
        'Free text as an owner would say it ("diesel mechanic annapolis", "bent prop", "yamaha outboard"): matched against names, specialties (through the trade vocabulary), services, marina, location and description, forgiving one typo in words of 5+ letters (two in 9+) and completing the last word. A US state (name or code) or a city of the directory named in q ("bottom paint in florida", "sailmaker newport ri") filters the search like the state and city parameters (matching.place says which). Words that match nothing are ignored (listed in matching.ignoredWords); when no contractor matches all the rest, the best partial matches come back. Ordered by relevance unless sort says otherwise.',
      example: 'diesel mechanic',
    }),
    sort: z.enum(['relevance', 'rating'], { error: "must be 'relevance' or 'rating'" }).optional().meta({
      description:
        "relevance (the default with q): an exact name first, then more matched words, fewer typo corrections, matches in the name or a specialty (3 points a word) over services and location (2) over the description or a brand's specialty (1), then blended public rating, then id. rating (the default without q): blended public rating, then id.",
    }),
    specialty: slug.meta({ description: 'A specialty slug (see /contractors/specialties).' }),
    specialtySlug: slug.meta({ description: 'Variant B spelling of specialty.' }),
    city: queryText(100).meta({ description: 'Case-insensitive partial match on the city.' }),
    state: z
      .string({ error: 'must be given once' })
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter US state code')
      .optional()
      .meta({ description: 'Two-letter US state code.' }),
    // The widest cap here (the document's maximum); checkLimit applies the variant's own.
    limit: queryInt(1, SEARCH_LIMITS.A.max).meta({
      description: 'Page size: 1 to 100, default 25 (Variant A); with page, at most 20, default 20 (Variant B).',
    }),
    cursor: queryText(1000).meta({ description: 'nextCursor of the previous page (Variant A paging).' }),
    page: queryInt(1, MAX_PAGE).meta({ description: 'Page number 1 to 3 (Variant B paging); not with cursor.' }),
  })
  .transform((p, ctx) => {
    const variantB = p.page !== undefined;
    if (p.page !== undefined && p.cursor !== undefined) fail(ctx, 'page', "cannot be combined with 'cursor'");
    const limit = checkLimit(ctx, p.limit, variantB ? SEARCH_LIMITS.B : SEARCH_LIMITS.A, variantB ? ' when paging by page' : '');
    return {
      filters: {
        q: p.q ?? null,
        specialty: oneOf(ctx, ['specialty', p.specialty], ['specialtySlug', p.specialtySlug]) ?? null,
        city: p.city ?? null,
        state: p.state?.toUpperCase() ?? null,
      },
      sort: p.sort ?? (p.q === undefined ? 'rating' : 'relevance'),
      limit,
      page: p.page,
      cursor: p.cursor,
    };
  });
export type SearchQuery = z.output<typeof searchQuery>;

export const autocompleteQuery = z.object({
  q: z
    .string({ error: 'is required: the text typed so far' })
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .meta({ description: 'The text typed so far (a prefix), e.g. "die" or "true n".', example: 'die' }),
  limit: queryInt(1, 10).meta({ description: 'At most this many suggestions of each kind: 1 to 10, default 5.' }),
});
export type AutocompleteQuery = z.output<typeof autocompleteQuery>;

const lat = queryNumber(-90, 90);
const lng = queryNumber(-180, 180);

export const geoQuery = z
  .object({
    lat: lat.meta({ description: 'Point mode: latitude of the search point (with lng).' }),
    lng: lng.meta({ description: 'Point mode: longitude of the search point (with lat).' }),
    radiusMiles: queryNumber(1, 250).meta({ description: 'Point mode: radius in miles, 1 to 250, default 25.' }),
    radius: queryNumber(1, 250).meta({ description: 'Variant B spelling of radiusMiles; default 30 in Variant B.' }),
    minLat: lat.meta({ description: 'Box mode (Variant B): southern edge.' }),
    maxLat: lat.meta({ description: 'Box mode (Variant B): northern edge.' }),
    minLng: lng.meta({ description: 'Box mode (Variant B): western edge.' }),
    maxLng: lng.meta({ description: 'Box mode (Variant B): eastern edge.' }),
    specialty: slug.meta({ description: 'A specialty slug.' }),
    specialtySlug: slug.meta({ description: 'Variant B spelling of specialty.' }),
    minRating: queryNumber(0, 5).meta({
      description: 'Variant B: minimum public rating (native and Google ratings blended by review counts).',
    }),
    limit: queryInt(1, GEO_LIMITS.B.max).meta({
      description: 'Page size: 1 to 100, default 25 (Variant A); with Variant B parameters up to 500, default 100.',
    }),
    cursor: queryText(1000).meta({ description: 'nextCursor of the previous page.' }),
    sort: z.enum(['distance', 'rating'], { error: "must be 'distance' or 'rating'" }).optional().meta({
      description:
        'distance (the default with a point): nearest first, then id. rating (the default, and the only order, of a box): blended public rating, then id.',
    }),
  })
  .transform((p, ctx) => {
    const variantB = [p.radius, p.minLat, p.maxLat, p.minLng, p.maxLng, p.specialtySlug, p.minRating].some((v) => v !== undefined);
    const limit = checkLimit(
      ctx,
      p.limit,
      variantB ? GEO_LIMITS.B : GEO_LIMITS.A,
      variantB ? '' : ' (up to 500 with Variant B parameters such as radius or a bounding box)',
    );
    const specialty = oneOf(ctx, ['specialty', p.specialty], ['specialtySlug', p.specialtySlug]) ?? null;
    const minRating = p.minRating ?? null;

    const pointGiven = p.lat !== undefined || p.lng !== undefined;
    const boxParts = { minLat: p.minLat, maxLat: p.maxLat, minLng: p.minLng, maxLng: p.maxLng };
    const boxGiven = Object.values(boxParts).some((v) => v !== undefined);

    if (pointGiven && boxGiven) {
      fail(ctx, 'minLat', 'a search takes either a point (lat, lng) or a bounding box (minLat, maxLat, minLng, maxLng), not both');
      return z.NEVER;
    }
    if (boxGiven) {
      for (const [name, value] of Object.entries(boxParts)) {
        if (value === undefined) fail(ctx, name, 'is required for a bounding-box search');
      }
      const { minLat, maxLat, minLng, maxLng } = boxParts;
      if (minLat === undefined || maxLat === undefined || minLng === undefined || maxLng === undefined) return z.NEVER;
      if (minLat > maxLat) fail(ctx, 'minLat', "must not be greater than 'maxLat'");
      if (minLng > maxLng) fail(ctx, 'minLng', "must not be greater than 'maxLng'");
      if (p.radius !== undefined || p.radiusMiles !== undefined) {
        fail(ctx, p.radius !== undefined ? 'radius' : 'radiusMiles', 'applies to point searches only');
      }
      if (p.sort === 'distance') fail(ctx, 'sort', 'distance needs a point (lat, lng); a box is ordered by rating');
      return { mode: 'box' as const, filters: { minLat, maxLat, minLng, maxLng, specialty, minRating }, limit, cursor: p.cursor };
    }
    if (p.lat === undefined || p.lng === undefined) {
      fail(
        ctx,
        p.lat === undefined ? 'lat' : 'lng',
        variantB
          ? 'is required: give lat and lng, or a bounding box (minLat, maxLat, minLng, maxLng)'
          : 'is required (lat and lng give the search point)',
      );
      return z.NEVER;
    }
    const radiusMiles = oneOf(ctx, ['radiusMiles', p.radiusMiles], ['radius', p.radius]) ?? (variantB ? 30 : 25);
    return {
      mode: 'point' as const,
      filters: { lat: p.lat, lng: p.lng, radiusMiles, specialty, minRating },
      sort: p.sort ?? 'distance',
      limit,
      cursor: p.cursor,
    };
  });
export type GeoQuery = z.output<typeof geoQuery>;

export const postsQuery = z
  .object({
    limit: queryInt(1, 100).meta({ description: 'Page size: 1 to 100, default 25.' }),
    cursor: queryText(1000).meta({ description: 'nextCursor of the previous page.' }),
  })
  .transform((p) => ({ limit: p.limit ?? 25, cursor: p.cursor }));

export const slugPath = z.object({ slug: z.string().min(1).max(200).meta({ description: "The contractor's slug." }) });
export const idPath = z.object({ id: z.string().min(1).max(200).meta({ description: "The contractor's id (a UUID)." }) });
