// The directory's OpenAPI paths (src/openapi/document.ts assembles them): the searches, and the
// reads of a contractor, the specialties, articles and blog, all cacheable per API key.
import type { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiParameters } from 'zod-openapi';
import * as ex from '../openapi/examples';
import { ok, operation, optionalKey, responses, type Paths } from '../openapi/operation';
import * as r from '../openapi/responses';
import { autocompleteQuery, geoQuery, idPath, postsQuery, searchQuery, slugPath } from './params';

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

/** Search by text, around a point or in a box, and type-ahead. */
function searchPaths(): Paths {
  return {
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
  };
}

/** A contractor by slug or id, the specialties, the articles and the blog. */
function readPaths(): Paths {
  return {
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
  };
}

export function directoryPaths(): Paths {
  return { ...searchPaths(), ...readPaths() };
}
