// What one query leaves to V8's old generation: node-pg's promise form (client.query(config))
// against the callback form the API uses (src/db/connection.ts, send), the same geo search page on
// the same connection, alternating rounds, each in a process of its own (in one process, the
// first form's survivors make V8 pretenure allocation sites both forms share). Promoted bytes per
// query are the old space's growth after each query (positive steps only: sweeping after a full
// collection shrinks it); full collections are counted per 1,000 queries. Promoted garbage is
// what makes the full collections run (docs/performance-history.md, entry 16).
//   node dist/bench/promotion.js [database-url]   (default: the bench database at 100,000)
import { execFileSync } from 'node:child_process';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import pg from 'pg';
import { send } from '../src/db/connection';

const URL =
  (process.argv[2]?.startsWith('postgres') ? process.argv[2] : undefined) ??
  `${(process.env.LOCAL_PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:54329').replace('postgres@', 'marine_authenticator@')}/bench_100000`;
const TEXT =
  'begin; set local role marine_anonymous; ' +
  'select * from app_hidden.geo_search_point(41.3296, -70.0543, 25, null, null, 20, null, null); commit';
const QUERIES = 2000;

let fullCollections = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections++;
  }
}).observe({ entryTypes: ['gc'] });

function oldSpaceUsed(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
}

interface Measurement {
  promotedBytes: number;
  fullPer1000: number;
}

async function measure(run: () => Promise<unknown>): Promise<Measurement> {
  for (let i = 0; i < 200; i++) await run();
  const collectionsBefore = fullCollections;
  let grown = 0;
  let before = oldSpaceUsed();
  for (let i = 0; i < QUERIES; i++) {
    await run();
    const now = oldSpaceUsed();
    if (now > before) grown += now - before;
    before = now;
  }
  // Observer entries arrive asynchronously.
  await new Promise((resolve) => setImmediate(resolve));
  return { promotedBytes: grown / QUERIES, fullPer1000: ((fullCollections - collectionsBefore) * 1000) / QUERIES };
}

const FORMS = ['promise form', 'callback form (send)'] as const;
type Form = (typeof FORMS)[number];

/** One round of one form, in this process: prints its Measurement as JSON. */
async function round(form: Form): Promise<void> {
  const pool = new pg.Pool({ connectionString: URL, max: 1 });
  const client = await pool.connect();
  const run = form === 'promise form' ? () => client.query({ text: TEXT }) : () => send(client, { text: TEXT });
  process.stdout.write(JSON.stringify(await measure(run)));
  client.release();
  await pool.end();
}

async function main(): Promise<void> {
  const child = process.argv.indexOf('--form');
  if (child >= 0) return round(process.argv[child + 1] as Form);
  const results: Record<Form, Measurement[]> = { 'promise form': [], 'callback form (send)': [] };
  for (let i = 0; i < 3; i++) {
    for (const form of FORMS) {
      // The API's young-generation bound (scripts/serve.sh).
      const out = execFileSync(process.execPath, ['--max-semi-space-size=8', __filename, URL, '--form', form], { encoding: 'utf8' });
      results[form].push(JSON.parse(out) as Measurement);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const promoted = (form: Form) => median(results[form].map((m) => m.promotedBytes));
  for (const form of FORMS) {
    const ms = results[form];
    process.stdout.write(
      `${form.padEnd(22)} promoted bytes per query: ${ms.map((m) => m.promotedBytes.toFixed(0)).join(', ')}` +
        ` (median ${promoted(form).toFixed(0)}); full collections per 1,000 queries: ${ms.map((m) => m.fullPer1000.toFixed(1)).join(', ')}\n`,
    );
  }
  process.stdout.write(`callback / promise, promoted bytes: ${(promoted('callback form (send)') / promoted('promise form')).toFixed(3)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
