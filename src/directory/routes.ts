// The public directory: contractors, specialties, articles, blog. Each handler parses its input,
// calls one SQL function (db/migrations/0003_directory_operations.sql) and puts the result in
// the envelopes of both variants (DESIGN.md): Variant B's {success, data} and Variant A's
// top-level fields, in one body.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Caller, Database } from '../db/database';
import { jsonWithRaw, RawJson } from '../json/raw-json';
import { parseOrThrow } from '../input/validate';
import { decodeCursor, encodeCursor } from './cursor';
import { geoQuery, idPath, MAX_PAGE, postsQuery, searchQuery, slugPath } from './params';

type Json = Record<string, unknown>;

// A search's row: the page's items as JSON text (passed through), the next keyset (small).
interface Page {
  contractors: RawJson;
  next: RawJson | null;
}
interface ScoreKey { score: number; id: string }
interface DistanceKey { distance: number; id: string }
interface PostKey { publishedAt: string; id: string }

const uuid = z.uuid();
const scoreKey = z.object({ s: z.number().min(0).max(1e6), i: uuid });
const distanceKey = z.object({ d: z.number().min(0).max(4e7), i: uuid });
// The post key keeps PostgreSQL's full microsecond timestamp, so equal milliseconds cannot tie.
const postKey = z.object({ p: z.iso.datetime({ offset: true }), i: uuid });

/** Variant B's {success, data} plus Variant A's top-level fields. */
function bothVariants<T extends Json>(data: T, variantA: Json = data): Json {
  return { success: true, data, ...variantA };
}

/** `admit` is the API's admission; the directory defers it to the operation (deferAdmission). */
export function directoryRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  router.use(['/contractors', '/articles', '/blog'], admit);

  router.get('/contractors/search', async (req, res) => {
    const data = await searchContractors(db, req.caller, req.query);
    res.type('json').send(jsonWithRaw(bothVariants(data, { contractors: data.contractors, nextCursor: data.nextCursor })));
  });

  router.get('/contractors/geo-search', async (req, res) => {
    res.type('json').send(jsonWithRaw(bothVariants(await geoSearchContractors(db, req.caller, req.query))));
  });

  router.get('/contractors/specialties', async (req, res) => {
    const r = await db.callJson<{ specialties: Json[] }>(req.caller, 'app_hidden.list_specialties', []);
    res.json(bothVariants(r));
  });

  router.get('/contractors/by-id/:id', async (req, res) => {
    const { id } = parseOrThrow(idPath, req.params, 'path');
    res.json(bothVariants(await db.callJson<Json>(req.caller, 'app_hidden.contractor_by_id', [id])));
  });

  router.get('/contractors/:slug', async (req, res) => {
    const { slug } = parseOrThrow(slugPath, req.params, 'path');
    res.json(bothVariants(await db.callJson<Json>(req.caller, 'app_hidden.contractor_by_slug', [slug])));
  });

  for (const [path, kind, field] of [['/articles', 'article', 'articles'], ['/blog', 'blog', 'posts']] as const) {
    router.get(path, async (req, res) => {
      const r = await listPosts(db, req.caller, kind, req.query);
      res.json({ [field]: r.items, nextCursor: r.nextCursor });
    });
  }

  return router;
}

// The operations behind the list routes, shared with the MCP tools (src/mcp/tools/directory.ts):
// `query` is raw query-string input, parsed here with the same rules for both.

/** The next keyset of a page, checked like a decoded cursor's. */
function nextKey<K extends z.ZodType>(next: RawJson | null, schema: K): z.output<K> | null {
  return next && schema.parse(JSON.parse(next.text));
}

const nextScore = z.object({ score: z.number(), id: uuid });
const nextDistance = z.object({ distance: z.number(), id: uuid });

export async function searchContractors(db: Database, caller: Caller, query: unknown) {
  const p = parseOrThrow(searchQuery, query, 'query');
  const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, scoreKey);
  const served = after?.served ?? ((p.page ?? 1) - 1) * p.limit;
  const r = await db.callRow<Page & { total: number; total_exact: boolean }>(caller, 'app_hidden.search_contractors', [
    p.filters.q, p.filters.specialty, p.filters.city, p.filters.state, p.limit,
    after ? 0 : served, after?.key.s ?? null, after?.key.i ?? null,
  ]);
  const next = nextKey(r.next, nextScore);
  // The page holds limit rows whenever there is a next one, so served + limit is where it ends.
  const nextCursor = next && encodeCursor(p.filters, served + p.limit, { s: next.score, i: next.id });
  const pagination = {
    page: Math.floor(served / p.limit) + 1,
    limit: p.limit,
    total: r.total,
    totalExact: r.total_exact,
    totalPages: Math.min(MAX_PAGE, Math.ceil(r.total / p.limit)),
  };
  return { contractors: r.contractors, pagination, nextCursor };
}

export async function geoSearchContractors(db: Database, caller: Caller, query: unknown) {
  const p = parseOrThrow(geoQuery, query, 'query');
  let r: Page;
  let nextCursor: string | null = null;
  if (p.mode === 'point') {
    const f = p.filters;
    const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, distanceKey);
    r = await db.callRow<Page>(caller, 'app_hidden.geo_search_point', [
      f.lat, f.lng, f.radiusMiles, f.specialty, f.minRating, p.limit, after?.key.d ?? null, after?.key.i ?? null,
    ]);
    const next = nextKey(r.next, nextDistance);
    if (next) nextCursor = encodeCursor(p.filters, (after?.served ?? 0) + p.limit, { d: next.distance, i: next.id });
  } else {
    const f = p.filters;
    const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, scoreKey);
    r = await db.callRow<Page>(caller, 'app_hidden.geo_search_box', [
      f.minLat, f.maxLat, f.minLng, f.maxLng, f.specialty, f.minRating, p.limit, after?.key.s ?? null, after?.key.i ?? null,
    ]);
    const next = nextKey(r.next, nextScore);
    if (next) nextCursor = encodeCursor(p.filters, (after?.served ?? 0) + p.limit, { s: next.score, i: next.id });
  }
  return { contractors: r.contractors, nextCursor };
}

export async function listPosts(db: Database, caller: Caller, kind: 'article' | 'blog', query: unknown) {
  const p = parseOrThrow(postsQuery, query, 'query');
  const cursorQuery = { kind };
  const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, cursorQuery, postKey);
  const r = await db.callJson<{ items: Json[]; next: PostKey | null }>(caller, 'app_hidden.list_posts', [
    kind, p.limit, after?.key.p ?? null, after?.key.i ?? null,
  ]);
  const nextCursor = r.next && encodeCursor(cursorQuery, (after?.served ?? 0) + r.items.length, { p: r.next.publishedAt, i: r.next.id });
  return { items: r.items, nextCursor };
}
