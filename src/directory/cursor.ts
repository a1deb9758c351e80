// Opaque keyset cursors. A cursor carries the sort key of the last row served, the number of
// rows served so far (for pagination.page) and a fingerprint of the query, so a cursor used
// with other filters is refused instead of silently paging a different result.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../errors';

const payload = z.object({
  f: z.string().length(12),
  n: z.number().int().min(0).max(1e9),
  k: z.record(z.string(), z.union([z.string().max(64), z.number(), z.array(z.number()).max(5)])),
});

type Key = Record<string, string | number | number[]>;

export function fingerprint(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 12);
}

export function encodeCursor(query: unknown, served: number, key: Key): string {
  return Buffer.from(JSON.stringify({ f: fingerprint(query), n: served, k: key })).toString('base64url');
}

/** Decodes a cursor for this query; keySchema checks the sort key's shape. */
export function decodeCursor<K extends z.ZodType>(cursor: string, query: unknown, keySchema: K): { served: number; key: z.output<K> } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = payload.safeParse(decoded);
  const key = parsed.success ? keySchema.safeParse(parsed.data.k) : undefined;
  if (!parsed.success || !key?.success) {
    throw new ApiError(
      400,
      "Invalid query parameter 'cursor': not a cursor this API issued",
      'cursor: pass nextCursor from the previous page unchanged',
    );
  }
  if (parsed.data.f !== fingerprint(query)) {
    throw new ApiError(
      400,
      "Invalid query parameter 'cursor': it belongs to a different query",
      'cursor: keep every other parameter as it was on the first page',
    );
  }
  return { served: parsed.data.n, key: key.data };
}
