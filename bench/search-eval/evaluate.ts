// The judged set's evaluation, shared by npm run search:eval (run.ts) and the floor test
// (test/db/search-eval.test.ts): each query through app_hidden.search_contractors with only
// the text, as marine_anonymous in a rolled-back transaction as the API does, and its score.
import type { ClientBase } from 'pg';
import { relevantSlugs, type JudgedQuery, type QuerySet } from './judged';
import { CUTOFF, scoreQuery, type QueryScore } from './metrics';

/** What the search said of q besides its results: matching.ignoredWords and matching.place. */
export interface Matching {
  ignoredWords: string[];
  place: { words: string; city: string | null; state: string | null; applied: boolean } | null;
}

export interface Outcome {
  query: JudgedQuery;
  results: string[];
  relevant: number;
  score: QueryScore;
  matching: Matching;
}

/** One search as the API runs it: the slugs of the first `limit` results, and its matching. */
export async function search(c: ClientBase, q: string, limit = CUTOFF): Promise<{ slugs: string[]; matching: Matching }> {
  await c.query('begin');
  try {
    await c.query('set local role marine_anonymous');
    // Arguments: q, specialty, city, state, sort, limit, offset, after key, after id.
    const { rows } = await c.query<{ contractors: { slug: string }[]; ignored_words: string[]; place: Matching['place'] }>(
      "select contractors, ignored_words, place from app_hidden.search_contractors($1, null, null, null, 'relevance', $2, 0, null, null)",
      [q, limit],
    );
    const row = rows[0];
    return {
      slugs: (row?.contractors ?? []).map((r) => r.slug),
      matching: { ignoredWords: row?.ignored_words ?? [], place: row?.place ?? null },
    };
  } finally {
    await c.query('rollback');
  }
}

export async function searchSlugs(c: ClientBase, q: string, limit = CUTOFF): Promise<string[]> {
  return (await search(c, q, limit)).slugs;
}

export async function evaluate(c: ClientBase, set: QuerySet): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const query of set.queries) {
    const relevant = await relevantSlugs(c, query);
    const { slugs: results, matching } = await search(c, query.q);
    outcomes.push({ query, results, relevant: relevant.size, score: scoreQuery(results, relevant), matching });
  }
  return outcomes;
}
