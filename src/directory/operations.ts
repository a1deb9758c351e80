// The directory's operations, for every door (REST: routes.ts; agents: src/catalog/directory.ts):
// each parses its raw input (a query string's values, path parameters) with the REST rules,
// calls one SQL function (db/functions/app_hidden/) and returns plain data; the doors put it in
// their envelopes.
import { z } from 'zod';
import { REPLICA_READ, type Database } from '../db/database';
import type { Caller } from '../db/caller';
import { ApiError } from '../errors';
import { parseOrThrow } from '../input/validate';
import type { RawJson } from '../json/raw-json';
import { decodeCursor, encodeCursor } from './cursor';
import { autocompleteQuery, geoQuery, idPath, MAX_PAGE, postsQuery, searchQuery, slugPath } from './params';

type Json = Record<string, unknown>;

// A search's row: the page's items as JSON text (passed through), the next keyset (small).
interface Page {
  contractors: RawJson;
  next: RawJson | null;
}
interface PostKey {
  publishedAt: string;
  id: string;
}

const uuid = z.uuid();
const scoreKey = z.object({ s: z.number().min(0).max(1e6), i: uuid });
// A search's sort key: up to five numbers (relevance: exact name, matched words, -corrected
// words, field score, rating; rating: rating), compared in order.
const searchKey = z.object({ v: z.array(z.number().min(-1e6).max(1e6)).min(1).max(5), i: uuid });
const distanceKey = z.object({ d: z.number().min(0).max(4e7), i: uuid });
// The post key keeps PostgreSQL's full microsecond timestamp, so equal milliseconds cannot tie.
const postKey = z.object({ p: z.iso.datetime({ offset: true }), i: uuid });

/** The next keyset of a page, checked like a decoded cursor's. */
function nextKey<K extends z.ZodType>(next: RawJson | null, schema: K): z.output<K> | null {
  return next && schema.parse(JSON.parse(next.text));
}

const nextScore = z.object({ score: z.number(), id: uuid });
const nextSearchKey = z.object({ key: z.array(z.number()).min(1).max(5), id: uuid });
const nextDistance = z.object({ distance: z.number(), id: uuid });

export async function searchContractors(db: Database, caller: Caller, query: unknown) {
  const p = parseOrThrow(searchQuery, query, 'query');
  // The cursor's fingerprint covers the sort too: a key of one order means nothing in another.
  const shape = { ...p.filters, sort: p.sort };
  const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, shape, searchKey);
  const served = after?.served ?? ((p.page ?? 1) - 1) * p.limit;
  const r = await db.callRow<
    Page & { total: number; total_exact: boolean; ignored_words: string[]; corrections: RawJson; place: RawJson | null }
  >(
    caller,
    'app_hidden.search_contractors',
    [
      p.filters.q,
      p.filters.specialty,
      p.filters.city,
      p.filters.state,
      p.sort,
      p.limit,
      after ? 0 : served,
      after?.key.v ?? null,
      after?.key.i ?? null,
    ],
    REPLICA_READ,
  );
  const next = nextKey(r.next, nextSearchKey);
  // The page holds limit rows whenever there is a next one, so served + limit is where it ends.
  const nextCursor = next && encodeCursor(shape, served + p.limit, { v: next.key, i: next.id });
  const pagination = {
    page: Math.floor(served / p.limit) + 1,
    limit: p.limit,
    total: r.total,
    totalExact: r.total_exact,
    totalPages: Math.min(MAX_PAGE, Math.ceil(r.total / p.limit)),
  };
  const matching = { sort: p.sort, ignoredWords: r.ignored_words, corrections: r.corrections, place: r.place };
  return { contractors: r.contractors, pagination, matching, nextCursor };
}

export async function geoSearchContractors(db: Database, caller: Caller, query: unknown) {
  const p = parseOrThrow(geoQuery, query, 'query');
  let r: Page;
  let nextCursor: string | null = null;
  if (p.mode === 'point' && p.sort === 'rating') {
    // Its cursor's fingerprint includes the sort: a distance key means nothing here.
    const f = p.filters;
    const shape = { ...f, sort: p.sort };
    const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, shape, scoreKey);
    r = await db.callRow<Page>(
      caller,
      'app_hidden.geo_search_point_rated',
      [f.lat, f.lng, f.radiusMiles, f.specialty, f.minRating, p.limit, after?.key.s ?? null, after?.key.i ?? null],
      REPLICA_READ,
    );
    const next = nextKey(r.next, nextScore);
    if (next) nextCursor = encodeCursor(shape, (after?.served ?? 0) + p.limit, { s: next.score, i: next.id });
  } else if (p.mode === 'point') {
    const f = p.filters;
    const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, distanceKey);
    r = await db.callRow<Page>(
      caller,
      'app_hidden.geo_search_point',
      [f.lat, f.lng, f.radiusMiles, f.specialty, f.minRating, p.limit, after?.key.d ?? null, after?.key.i ?? null],
      REPLICA_READ,
    );
    const next = nextKey(r.next, nextDistance);
    if (next) nextCursor = encodeCursor(p.filters, (after?.served ?? 0) + p.limit, { d: next.distance, i: next.id });
  } else {
    const f = p.filters;
    const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.filters, scoreKey);
    r = await db.callRow<Page>(
      caller,
      'app_hidden.geo_search_box',
      [f.minLat, f.maxLat, f.minLng, f.maxLng, f.specialty, f.minRating, p.limit, after?.key.s ?? null, after?.key.i ?? null],
      REPLICA_READ,
    );
    const next = nextKey(r.next, nextScore);
    if (next) nextCursor = encodeCursor(p.filters, (after?.served ?? 0) + p.limit, { s: next.score, i: next.id });
  }
  return { contractors: r.contractors, nextCursor };
}

export async function listPosts(db: Database, caller: Caller, kind: 'article' | 'blog', query: unknown) {
  const p = parseOrThrow(postsQuery, query, 'query');
  const cursorQuery = { kind };
  const after = p.cursor === undefined ? undefined : decodeCursor(p.cursor, cursorQuery, postKey);
  const r = await db.callJson<{ items: Json[]; next: PostKey | null }>(
    caller,
    'app_hidden.list_posts',
    [kind, p.limit, after?.key.p ?? null, after?.key.i ?? null],
    REPLICA_READ,
  );
  const nextCursor = r.next && encodeCursor(cursorQuery, (after?.served ?? 0) + r.items.length, { p: r.next.publishedAt, i: r.next.id });
  return { items: r.items, nextCursor };
}

/** Type-ahead suggestions for a prefix: specialties, cities and contractor names. */
export function autocomplete(db: Database, caller: Caller, query: unknown): Promise<Json> {
  const p = parseOrThrow(autocompleteQuery, query, 'query');
  return db.callJson<Json>(caller, 'app_hidden.autocomplete', [p.q, p.limit ?? 5], REPLICA_READ);
}

export function listSpecialties(db: Database, caller: Caller): Promise<{ specialties: Json[] }> {
  return db.callJson<{ specialties: Json[] }>(caller, 'app_hidden.list_specialties', [], REPLICA_READ);
}

/** `path` is {slug} as a path carries it. */
export function contractorBySlug(db: Database, caller: Caller, path: unknown): Promise<Json> {
  const { slug } = parseOrThrow(slugPath, path, 'path');
  return db.callJson<Json>(caller, 'app_hidden.contractor_by_slug', [slug], REPLICA_READ);
}

/** `path` is {id} as a path carries it. */
export function contractorById(db: Database, caller: Caller, path: unknown): Promise<Json> {
  const { id } = parseOrThrow(idPath, path, 'path');
  return db.callJson<Json>(caller, 'app_hidden.contractor_by_id', [id], REPLICA_READ);
}

/** A profile by exactly one of slug or id: REST's two paths as one operation (the agent doors'). */
export function contractorBySlugOrId(db: Database, caller: Caller, input: { slug?: unknown; id?: unknown }): Promise<Json> {
  const { slug, id } = input;
  if ((slug === undefined) === (id === undefined)) throw new ApiError(400, 'Give exactly one of slug or id');
  return slug !== undefined ? contractorBySlug(db, caller, { slug }) : contractorById(db, caller, { id });
}
