// npm run search:eval: runs the judged queries (queries.json) through today's contractor search
// and prints precision@5, MRR and the zero-result rate, per category and overall, then the
// queries that failed. It measures and does not gate: it exits 0 whatever the figures.
// The search is the SQL function the REST search calls (app_hidden.search_contractors), with
// only the text as a person types it into one box, as marine_anonymous in a transaction as the
// API does; relevance is judged from the tables as the database owner.
import { Client } from 'pg';
import { loadQuerySet, relevantSlugs, type JudgedQuery } from './judged';
import { CUTOFF, scoreQuery, summarize, type QueryScore, type Summary } from './metrics';

interface Outcome {
  query: JudgedQuery;
  results: string[];
  relevant: number;
  score: QueryScore;
}

async function search(c: Client, q: string): Promise<string[]> {
  await c.query('begin');
  try {
    await c.query('set local role marine_anonymous');
    // Arguments: q, specialty, city, state, sort, limit, offset, after key, after id.
    const { rows } = await c.query<{ contractors: { slug: string }[] }>(
      "select contractors from app_hidden.search_contractors($1, null, null, null, 'relevance', $2, 0, null, null)",
      [q, CUTOFF],
    );
    return (rows[0]?.contractors ?? []).map((r) => r.slug);
  } finally {
    await c.query('rollback');
  }
}

const fmt = (x: number) => x.toFixed(3);

function row(label: string, s: Summary): string {
  return `${label.padEnd(18)} ${String(s.queries).padStart(3)}  ${fmt(s.precisionAt5)}  ${fmt(s.mrr)}  ${fmt(s.zeroResultRate)}`;
}

function judgement(j: JudgedQuery): string {
  if (j.contractor) return `contractor ${j.contractor}`;
  return `specialty ${j.specialty}${j.city ? ` in ${j.city}, ${j.state}` : ''}`;
}

async function main(): Promise<void> {
  const set = loadQuerySet();
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  const outcomes: Outcome[] = [];
  try {
    const { rows } = await c.query<{ n: number }>('select count(*)::int as n from app_public.contractors');
    if (rows[0]?.n !== set.seedSize) {
      console.warn(`warning: the judgements assume ${set.seedSize} contractors (npm run db:reset); this database has ${rows[0]?.n}`);
    }
    for (const query of set.queries) {
      const relevant = await relevantSlugs(c, query);
      if (relevant.size === 0) console.warn(`warning: nothing in this database is relevant to "${query.q}"`);
      const results = await search(c, query.q);
      outcomes.push({ query, results, relevant: relevant.size, score: scoreQuery(results, relevant) });
    }
  } finally {
    await c.end();
  }

  console.log(`${'category'.padEnd(18)} ${'n'.padStart(3)}  p@5    MRR    zero`);
  const categories = [...new Set(outcomes.map((o) => o.query.category))];
  for (const category of categories) {
    console.log(row(category, summarize(outcomes.filter((o) => o.query.category === category).map((o) => o.score))));
  }
  console.log(row('overall', summarize(outcomes.map((o) => o.score))));

  // Failing: no relevant result in the first five.
  const failing = outcomes.filter((o) => o.score.reciprocalRank === 0);
  console.log(`\nfailing queries (no relevant result in the first ${CUTOFF}): ${failing.length} of ${outcomes.length}`);
  for (const o of failing) {
    const got = o.results.length === 0 ? 'no results' : o.results.join(', ');
    console.log(`  [${o.query.category}] "${o.query.q}" wants ${judgement(o.query)} (${o.relevant} exist): ${got}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
