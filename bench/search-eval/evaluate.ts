// The judged set's evaluation, shared by npm run search:eval (run.ts) and the floor test
// (test/db/search-eval.test.ts): each query through app_hidden.search_contractors with only
// the text, as marine_anonymous in a rolled-back transaction as the API does, and its score.
import type { ClientBase } from 'pg';
import { relevantSlugs, type JudgedQuery, type QuerySet } from './judged';
import { CUTOFF, scoreQuery, type QueryScore } from './metrics';

export interface Outcome {
  query: JudgedQuery;
  results: string[];
  relevant: number;
  score: QueryScore;
}

export async function searchSlugs(c: ClientBase, q: string, limit = CUTOFF): Promise<string[]> {
  await c.query('begin');
  try {
    await c.query('set local role marine_anonymous');
    // Arguments: q, specialty, city, state, sort, limit, offset, after key, after id.
    const { rows } = await c.query<{ contractors: { slug: string }[] }>(
      "select contractors from app_hidden.search_contractors($1, null, null, null, 'relevance', $2, 0, null, null)",
      [q, limit],
    );
    return (rows[0]?.contractors ?? []).map((r) => r.slug);
  } finally {
    await c.query('rollback');
  }
}

export async function evaluate(c: ClientBase, set: QuerySet): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const query of set.queries) {
    const relevant = await relevantSlugs(c, query);
    const results = await searchSlugs(c, query.q);
    outcomes.push({ query, results, relevant: relevant.size, score: scoreQuery(results, relevant) });
  }
  return outcomes;
}
