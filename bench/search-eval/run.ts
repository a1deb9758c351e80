// npm run search:eval: runs the judged queries (queries.json, then the spoken ones of
// spoken.json) through today's contractor search and prints precision@5, MRR and the
// zero-result rate, per category and overall, then the queries that failed. It measures and does not gate: it exits 0 whatever the figures.
// The search is the SQL function the REST search calls (app_hidden.search_contractors), with
// only the text as a person types it into one box, as marine_anonymous in a transaction as the
// API does; relevance is judged from the tables as the database owner.
import { Client } from 'pg';
import { evaluate, type Outcome } from './evaluate';
import { loadQuerySet, type JudgedQuery, type QuerySetName } from './judged';
import { CUTOFF, summarize, type Summary } from './metrics';

const fmt = (x: number) => x.toFixed(3);

function row(label: string, s: Summary): string {
  return `${label.padEnd(18)} ${String(s.queries).padStart(3)}  ${fmt(s.precisionAt5)}  ${fmt(s.mrr)}  ${fmt(s.zeroResultRate)}`;
}

function judgement(j: JudgedQuery): string {
  if (j.contractor) return `contractor ${j.contractor}`;
  return `specialty ${j.specialty}${j.city ? ` in ${j.city}, ${j.state}` : ''}`;
}

async function report(c: Client, name: QuerySetName): Promise<void> {
  const set = loadQuerySet(name);
  const { rows } = await c.query<{ n: number }>('select count(*)::int as n from app_public.contractors');
  if (rows[0]?.n !== set.seedSize) {
    console.warn(`warning: the judgements assume ${set.seedSize} contractors (npm run db:reset); this database has ${rows[0]?.n}`);
  }
  const outcomes: Outcome[] = await evaluate(c, set);
  for (const o of outcomes) if (o.relevant === 0) console.warn(`warning: nothing in this database is relevant to "${o.query.q}"`);

  console.log(`\n${name}.json\n${'category'.padEnd(18)} ${'n'.padStart(3)}  p@5    MRR    zero`);
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

async function main(): Promise<void> {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await report(c, 'queries');
    await report(c, 'spoken');
  } finally {
    await c.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
