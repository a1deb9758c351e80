// The directory's operations in the catalog: GET /api/v1/public/contractors/*, /articles and
// /blog. Arguments are typed (numbers are numbers) and reach the REST query parsers as the text
// a query string carries (asQuery), so defaults, caps, variants and errors are the REST ones; the
// answers are Variant B's reading (REST's `data`).
import { z } from 'zod';
import {
  autocomplete,
  contractorBySlugOrId,
  geoSearchContractors,
  listPosts,
  listSpecialties,
  searchContractors,
} from '../directory/operations';
import { autocompleteQuery, geoQuery, idPath, postsQuery, searchQuery, slugPath } from '../directory/params';
import { variantBPage, variantBProfile } from '../directory/readings';
import { materialize } from '../json/raw-json';
import { asQuery, READ, type Operation } from './operation';
import { nextCursor, openObject, queryArguments } from './schemas';

const contractor = openObject({ id: z.string(), slug: z.string(), name: z.string() });
const count = z.number().int().min(0);
const post = openObject({ id: z.string(), slug: z.string(), title: z.string() });

const posts = (
  [
    ['list_articles', 'List articles', 'article', 'articles'],
    ['list_blog_posts', 'List blog posts', 'blog', 'posts'],
  ] as const
).map(([name, title, kind, field]): Operation => ({
  name,
  title,
  description: `${title}, newest first (limit 1 to 100, default 25).`,
  input: queryArguments(postsQuery),
  output: { [field]: z.array(post), nextCursor },
  effects: READ,
  skill: { description: `${title}, newest first. Input: limit (1 to 100, default 25), cursor.`, tags: ['content'] },
  async run({ db, caller }, input) {
    const page = await listPosts(db, caller, kind, asQuery(input));
    return { [field]: page.items, nextCursor: page.nextCursor };
  },
}));

export const directoryOperations: Operation[] = [
  {
    name: 'search_contractors',
    title: 'Search contractors',
    description:
      'Search marine contractors by what the owner says ("diesel mechanic annapolis", "bent prop", "yamaha outboard"), filtered by specialty, city and state. Forgives typos, knows trade words, role nouns, British spellings and brands, and falls back to partial matches (matching.ignoredWords says which words were dropped). A state or city named in q ("bottom paint in florida", "sailmaker newport ri") filters the search (matching.place). Most relevant first with q (exact name, then more matched words, fewer typo corrections, name/specialty over services over description, then rating); best rated first without q or with sort=rating. total is exact up to 10,000 (see totalExact). Page with page (1 to 3, limit up to 20) or cursor (limit up to 100; default 25).',
    // Variant B's second spelling of specialty is left out: one name per argument.
    input: queryArguments(searchQuery, ['specialtySlug']),
    output: {
      contractors: z.array(contractor),
      pagination: z.object({
        page: z.number().int().min(1),
        limit: z.number().int().min(1).max(100),
        total: count,
        totalExact: z.boolean(),
        totalPages: count.max(3),
      }),
      matching: z.object({
        sort: z.enum(['relevance', 'rating']),
        ignoredWords: z.array(z.string()),
        corrections: z.array(z.object({ word: z.string(), readAs: z.array(z.string()) })),
        place: z
          .object({
            words: z.string().min(1),
            city: z.string().min(1).nullable(),
            state: z.string().length(2).nullable(),
            applied: z.boolean(),
          })
          .nullable(),
      }),
      nextCursor,
    },
    effects: READ,
    skill: {
      description:
        'Search marine contractors by what the owner says (a text message runs this with the text as q): trade words, typos and brands are understood, most relevant first. Input: q, sort (relevance or rating), specialty, city, state, limit, page or cursor, as GET /api/v1/public/contractors/search; the answer is its Variant B reading (data).',
      tags: ['search', 'marine', 'contractors'],
      examples: ['diesel mechanics in Florida', '{"skill": "search_contractors", "input": {"q": "canvas", "city": "Annapolis"}}'],
    },
    run: async ({ db, caller }, input) => materialize(variantBPage(await searchContractors(db, caller, asQuery(input)))),
  },
  {
    name: 'autocomplete',
    title: 'Type-ahead suggestions',
    description:
      'For text typed so far (a prefix such as "die" or "true n"): specialties, cities and contractor names it may be completing, at most limit (1 to 10, default 5) of each. Use a suggestion as search_contractors specialty, city or q.',
    input: queryArguments(autocompleteQuery),
    output: {
      specialties: z.array(z.object({ slug: z.string(), name: z.string(), contractorCount: z.number().int() })),
      cities: z.array(z.object({ city: z.string(), contractorCount: z.number().int() })),
      contractors: z.array(
        openObject({ id: z.string(), slug: z.string(), name: z.string(), state: z.string() }).describe('Also city (null when unknown).'),
      ),
    },
    effects: READ,
    skill: {
      description:
        'For text typed so far (q, a prefix): specialties, cities and contractor names it may be completing, at most limit (1 to 10) of each, as GET /api/v1/public/contractors/autocomplete.',
      tags: ['search', 'autocomplete'],
      examples: ['{"skill": "autocomplete", "input": {"q": "die"}}'],
    },
    run: ({ db, caller }, input) => autocomplete(db, caller, asQuery(input)),
  },
  {
    name: 'geo_search_contractors',
    title: 'Find contractors near a point or in a map box',
    description:
      'Contractors within radiusMiles (1 to 250) of lat/lng, nearest first, each with distanceMiles; or inside a bounding box (minLat, maxLat, minLng, maxLng), best rated first. Limits and defaults follow the REST API: radius 25 and limit 25 (max 100); with minRating or a box, radius 30 and limit 100 (max 500).',
    input: queryArguments(geoQuery, ['radius', 'specialtySlug']),
    output: { contractors: z.array(contractor), nextCursor },
    effects: READ,
    skill: {
      name: 'Find contractors near a place',
      description:
        'Contractors within radiusMiles of lat/lng, nearest first, or inside a bounding box (minLat, maxLat, minLng, maxLng), as GET /api/v1/public/contractors/geo-search.',
      tags: ['geo', 'map'],
      examples: ['{"skill": "geo_search_contractors", "input": {"lat": 26.12, "lng": -80.14, "radiusMiles": 10}}'],
    },
    run: async ({ db, caller }, input) => materialize(variantBPage(await geoSearchContractors(db, caller, asQuery(input)))),
  },
  {
    name: 'list_specialties',
    title: 'List specialties',
    description: 'Every service specialty with its slug and the number of contractors offering it.',
    output: { specialties: z.array(openObject({ slug: z.string(), name: z.string() })) },
    effects: READ,
    skill: { description: 'Every service specialty with its slug and the number of contractors offering it.', tags: ['specialties'] },
    run: ({ db, caller }) => listSpecialties(db, caller),
  },
  {
    name: 'get_contractor',
    title: 'Contractor profile',
    description: 'The full profile of one contractor (about, specialties, photos, reviews, contact), by slug or by id.',
    // REST has a path for each; this takes exactly one of the two (the operation's rule), and the schema says so.
    input: z
      .object({ slug: slugPath.shape.slug.optional(), id: idPath.shape.id.optional() })
      .meta({ oneOf: [{ required: ['slug'] }, { required: ['id'] }] }),
    output: contractor,
    effects: READ,
    skill: {
      name: 'Read a contractor profile',
      description: 'Contact details, specialties, reviews, photos and badges of one contractor. Input: exactly one of slug or id.',
      tags: ['profile'],
    },
    // Variant B's reading, as REST's `data`.
    run: async ({ db, caller }, input) => variantBProfile(await contractorBySlugOrId(db, caller, input)),
  },
  ...posts,
];
