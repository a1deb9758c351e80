// The figures issue 16 asks for, per query and summed over a group of queries.

export interface QueryScore {
  precisionAt5: number;
  reciprocalRank: number;
  zeroResults: boolean;
}

export const CUTOFF = 5;

/**
 * Precision@5 divides by min(5, relevant that exist), so a query with one right answer (a
 * contractor's name) scores 1 when that answer is among the five, not 0.2.
 */
export function scoreQuery(results: readonly string[], relevant: ReadonlySet<string>): QueryScore {
  const top = results.slice(0, CUTOFF);
  const hits = top.filter((slug) => relevant.has(slug)).length;
  const first = top.findIndex((slug) => relevant.has(slug));
  return {
    precisionAt5: relevant.size === 0 ? 0 : hits / Math.min(CUTOFF, relevant.size),
    reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
    zeroResults: results.length === 0,
  };
}

export interface Summary {
  queries: number;
  precisionAt5: number;
  mrr: number;
  zeroResultRate: number;
}

export function summarize(scores: readonly QueryScore[]): Summary {
  const mean = (f: (s: QueryScore) => number) => scores.reduce((sum, s) => sum + f(s), 0) / (scores.length || 1);
  return {
    queries: scores.length,
    precisionAt5: mean((s) => s.precisionAt5),
    mrr: mean((s) => s.reciprocalRank),
    zeroResultRate: mean((s) => (s.zeroResults ? 1 : 0)),
  };
}
