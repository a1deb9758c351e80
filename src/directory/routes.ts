// The public directory: contractors, specialties, articles, blog. Each handler parses its input,
// calls one SQL function (db/migrations/0003_directory_operations.sql) and puts the result in
// the envelopes of both variants (DESIGN.md): Variant B's {success, data} and Variant A's
// top-level fields, in one body.
import { Router } from 'express';
import { z } from 'zod';
import type { Caller, Database } from '../db/database';
import { parseOrThrow } from '../http/validate';
import { decodeCursor, encodeCursor } from './cursor';
import { geoQuery, idPath, MAX_PAGE, postsQuery, searchQuery, slugPath } from './params';

type Json = Record<string, unknown>;

interface Page<K> {
  contractors: Json[];
  next: K | null;
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

export function directoryRouter(db: Database): Router {
  const router = Router();

  router.get('/contractors/search', async (req, res) => {
    const data = await searchContractors(db, req.caller, req.query);
    res.json(bothVariants(data, { contractors: data.contractors, nextCursor: data.nextCursor }));
  });

  router.get('/contractors/geo-search', async (req, res) => {
    res.json(bothVariants(await geoSearchContractors(db, req.caller, req.query)));
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

export async function searchContractors(db: Database, caller: Caller, query: unknown) {
  const p = parseOrThrow(searchQuery, query, 'query');
  const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, scoreKey);
  const served = after?.served ?? ((p.page ?? 1) - 1) * p.limit;
  const r = await db.callJson<Page<ScoreKey> & { total: number }>(caller, 'app_hidden.search_contractors', [
    p.filters.q, p.filters.specialty, p.filters.city, p.filters.state, p.limit,
    after ? 0 : served, after?.key.s ?? null, after?.key.i ?? null,
  ]);
  const nextCursor = r.next && encodeCursor(p.filters, served + r.contractors.length, { s: r.next.score, i: r.next.id });
  const pagination = {
    page: Math.floor(served / p.limit) + 1,
    limit: p.limit,
    total: r.total,
    totalPages: Math.min(MAX_PAGE, Math.ceil(r.total / p.limit)),
  };
  return { contractors: r.contractors, pagination, nextCursor };
}

export async function geoSearchContractors(db: Database, caller: Caller, query: unknown) {
  const p = parseOrThrow(geoQuery, query, 'query');
  let r: Page<ScoreKey | DistanceKey>;
  let nextCursor: string | null = null;
  if (p.mode === 'point') {
    const f = p.filters;
    const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, distanceKey);
    const page = await db.callJson<Page<DistanceKey>>(caller, 'app_hidden.geo_search_point', [
      f.lat, f.lng, f.radiusMiles, f.specialty, f.minRating, p.limit, after?.key.d ?? null, after?.key.i ?? null,
    ]);
    if (page.next) nextCursor = encodeCursor(p.filters, (after?.served ?? 0) + page.contractors.length, { d: page.next.distance, i: page.next.id });
    r = page;
  } else {
    const f = p.filters;
    const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, scoreKey);
    const page = await db.callJson<Page<ScoreKey>>(caller, 'app_hidden.geo_search_box', [
      f.minLat, f.maxLat, f.minLng, f.maxLng, f.specialty, f.minRating, p.limit, after?.key.s ?? null, after?.key.i ?? null,
    ]);
    if (page.next) nextCursor = encodeCursor(p.filters, (after?.served ?? 0) + page.contractors.length, { s: page.next.score, i: page.next.id });
    r = page;
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
