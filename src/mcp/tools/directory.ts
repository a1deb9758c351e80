// Directory tools: the same operations as GET /api/v1/public/contractors/* , /articles and /blog.
// Inputs are typed here (numbers are numbers); they are handed to the REST query parsers as the
// strings a query string would carry, so defaults, caps, variants and errors are the REST ones.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { autocompleteQuery, geoQuery, idPath, postsQuery, searchQuery, slugPath } from '../../directory/params';
import {
  autocomplete,
  contractorById,
  contractorBySlug,
  geoSearchContractors,
  listPosts,
  listSpecialties,
  searchContractors,
} from '../../directory/operations';
import { variantBPage, variantBProfile } from '../../directory/readings';
import { ApiError } from '../../errors';
import { materialize } from '../../json/raw-json';
import type { ToolContext } from '../context';
import { run } from '../results';
import { nextCursor, openObject, queryArguments } from '../schemas';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Tool arguments as query-string values: numbers become their decimal text, absent stays absent. */
function asQuery(args: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) if (value !== undefined) query[name] = String(value);
  return query;
}

const contractor = openObject({ id: z.string(), slug: z.string(), name: z.string() });
const count = z.number().int().min(0);

export function registerDirectoryTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search_contractors',
    {
      title: 'Search contractors',
      description:
        'Search marine contractors by what the owner says ("diesel mechanic annapolis", "bent prop", "yamaha outboard"), filtered by specialty, city and state. Forgives typos, knows trade words, role nouns, British spellings and brands, and falls back to partial matches (matching.ignoredWords says which words were dropped). A state or city named in q ("bottom paint in florida", "sailmaker newport ri") filters the search (matching.place). Most relevant first with q (exact name, then more matched words, fewer typo corrections, name/specialty over services over description, then rating); best rated first without q or with sort=rating. total is exact up to 10,000 (see totalExact). Page with page (1 to 3, limit up to 20) or cursor (limit up to 100; default 25).',
      // Variant B's second spelling of specialty is left out: one name per argument.
      inputSchema: queryArguments(searchQuery, ['specialtySlug']),
      outputSchema: {
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
      annotations: READ,
    },
    (args) => run(ctx, async () => materialize(variantBPage(await searchContractors(ctx.db, ctx.caller, asQuery(args))))),
  );

  server.registerTool(
    'geo_search_contractors',
    {
      title: 'Find contractors near a point or in a map box',
      description:
        'Contractors within radiusMiles (1 to 250) of lat/lng, nearest first, each with distanceMiles; or inside a bounding box (minLat, maxLat, minLng, maxLng), best rated first. Limits and defaults follow the REST API: radius 25 and limit 25 (max 100); with minRating or a box, radius 30 and limit 100 (max 500).',
      inputSchema: queryArguments(geoQuery, ['radius', 'specialtySlug']),
      outputSchema: { contractors: z.array(contractor), nextCursor },
      annotations: READ,
    },
    (args) => run(ctx, async () => materialize(variantBPage(await geoSearchContractors(ctx.db, ctx.caller, asQuery(args))))),
  );

  server.registerTool(
    'autocomplete',
    {
      title: 'Type-ahead suggestions',
      description:
        'For text typed so far (a prefix such as "die" or "true n"): specialties, cities and contractor names it may be completing, at most limit (1 to 10, default 5) of each. Use a suggestion as search_contractors specialty, city or q.',
      inputSchema: queryArguments(autocompleteQuery),
      outputSchema: {
        specialties: z.array(z.object({ slug: z.string(), name: z.string(), contractorCount: z.number().int() })),
        cities: z.array(z.object({ city: z.string(), contractorCount: z.number().int() })),
        contractors: z.array(
          openObject({ id: z.string(), slug: z.string(), name: z.string(), state: z.string() }).describe('Also city (null when unknown).'),
        ),
      },
      annotations: READ,
    },
    (args) => run(ctx, () => autocomplete(ctx.db, ctx.caller, asQuery(args))),
  );

  server.registerTool(
    'list_specialties',
    {
      title: 'List specialties',
      description: 'Every service specialty with its slug and the number of contractors offering it.',
      outputSchema: { specialties: z.array(openObject({ slug: z.string(), name: z.string() })) },
      annotations: READ,
    },
    () => run(ctx, () => listSpecialties(ctx.db, ctx.caller)),
  );

  server.registerTool(
    'get_contractor',
    {
      title: 'Contractor profile',
      description: 'The full profile of one contractor (about, specialties, photos, reviews, contact), by slug or by id.',
      // REST has a path for each; a tool takes exactly one of the two, and the schema says so.
      inputSchema: z
        .object({ slug: slugPath.shape.slug.optional(), id: idPath.shape.id.optional() })
        .meta({ oneOf: [{ required: ['slug'] }, { required: ['id'] }] }),
      outputSchema: contractor,
      annotations: READ,
    },
    (args) =>
      run(ctx, async () => {
        if ((args.slug === undefined) === (args.id === undefined)) throw new ApiError(400, 'Give exactly one of slug or id');
        // Variant B's reading, as REST's `data`.
        if (args.slug !== undefined) return variantBProfile(await contractorBySlug(ctx.db, ctx.caller, { slug: args.slug }));
        return variantBProfile(await contractorById(ctx.db, ctx.caller, { id: args.id }));
      }),
  );

  const post = openObject({ id: z.string(), slug: z.string(), title: z.string() });
  for (const [name, title, kind, field] of [
    ['list_articles', 'List articles', 'article', 'articles'],
    ['list_blog_posts', 'List blog posts', 'blog', 'posts'],
  ] as const) {
    server.registerTool(
      name,
      {
        title,
        description: `${title}, newest first (limit 1 to 100, default 25).`,
        inputSchema: queryArguments(postsQuery),
        outputSchema: { [field]: z.array(post), nextCursor },
        annotations: READ,
      },
      (args) =>
        run(ctx, async () => {
          const r = await listPosts(ctx.db, ctx.caller, kind, asQuery(args));
          return { [field]: r.items, nextCursor: r.nextCursor };
        }),
    );
  }
}
