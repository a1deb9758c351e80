// Loads the demo directory (see generate.ts) into an empty database, fast: one transaction (or,
// for a throw-away database, shares side by side on several connections: SeedOptions.connections),
// triggers off (those reading transition tables dropped and made again), every table streamed
// through COPY, derived counts recomputed once at the end.
// Usage: node dist/scripts/seed/load.js --size N [--if-empty] [--connections C]   (DATABASE_URL names the database;
// SEED_TIMINGS=1 also prints how long each step took). Long steps print their progress (progress.ts).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Client, type QueryResultRow } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  CONTRACTOR_SPECIALTIES_TABLE,
  CONTRACTORS_TABLE,
  POSTS_TABLE,
  REVIEWS_TABLE,
  SPECIALTIES_TABLE,
  copySql,
  encodeRow,
  type CopyTable,
} from './copy-tables';
import { contractorAt, contractorSpecialtiesAt, postRows, reviewsAt, specialtyRows } from './generate';
import { oneTransaction, sideBySide, type Job, type Lanes } from './lanes';
import { noProgress, progress, type Progress, type Step } from './progress';

export interface SeedOptions {
  /** Do nothing (and report `skipped`) when contractors already has rows. */
  readonly ifEmpty?: boolean;
  /** Called after each step with its name and the seconds since the start (for timing runs). */
  readonly onStep?: (step: string, seconds: number) => void;
  /** Where long steps report their progress (none by default). */
  readonly progress?: Progress;
  /**
   * Connections to load over (1 by default: the whole load is one transaction, and a failed
   * load leaves the tables as they were). With more, the shares of the copy, the recount and
   * the index builds run side by side, each committing on its own: a failed load leaves a
   * partial directory without its secondary indexes and the triggers it drops (below), so only
   * for a database the caller makes and throws away unless the load returns (the bench's).
   */
  readonly connections?: number;
}

export interface SeedResult {
  readonly skipped: boolean;
  readonly specialties: number;
  readonly contractors: number;
  readonly contractorSpecialties: number;
  readonly reviews: number;
  readonly posts: number;
  readonly seconds: number;
}

const DIRECTORY_TABLES = [
  'app_public.specialties',
  'app_public.contractors',
  'app_public.contractor_specialties',
  'app_public.reviews',
  'app_public.posts',
] as const;

/** COPY data is sent in chunks of about this many characters (fewer, larger socket writes). */
const CHUNK_CHARS = 256 * 1024;

/** The rows of contractors from to to - 1, counting contractors on `step` (a thousand at a time). */
function* perContractor<R>(from: number, to: number, rowsAt: (index: number) => readonly R[], step?: Step): Generator<R> {
  for (let i = from; i < to; i++) {
    yield* rowsAt(i);
    if ((i - from) % 1000 === 999) step?.tick(1000);
  }
  step?.tick((to - from) % 1000);
}

/** Streams rows through COPY, encoding them lazily; the stream's backpressure paces generation. */
async function copyRows<R>(client: Client, table: CopyTable<R>, rows: Iterable<R>): Promise<number> {
  let count = 0;
  function* chunks(): Generator<string> {
    let buffer = '';
    for (const row of rows) {
      buffer += encodeRow(table, row);
      count++;
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer !== '') yield buffer;
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), client.query(copyFrom(copySql(table))));
  return count;
}

/**
 * Runs `work` with only pg_catalog on the search path: pg_get_indexdef and pg_get_triggerdef then
 * qualify every name they print, so the statements mean the same whatever search_path is in
 * force when they are replayed.
 */
async function withCatalogPath<T>(client: Client, work: () => Promise<T>): Promise<T> {
  const { rows: saved } = await client.query<{ path: string }>(`select current_setting('search_path') as path`);
  await client.query('set local search_path to pg_catalog');
  const result = await work();
  await client.query(`select set_config('search_path', $1, true)`, [saved[0]?.path ?? '']);
  return result;
}

/**
 * The directory tables' objects `listSql` finds ($1: the tables), each read with their
 * definitions under withCatalogPath and then dropped by its `drop` statement.
 */
async function dropListed<R extends QueryResultRow>(client: Client, listSql: string, drop: (row: R) => string): Promise<R[]> {
  const { rows } = await withCatalogPath(client, () => client.query<R>(listSql, [DIRECTORY_TABLES]));
  for (const row of rows) await client.query(drop(row));
  return rows;
}

/** The CREATE INDEX statement (names schema-qualified) and comment of a droppable index. */
interface SecondaryIndex {
  readonly name: string;
  readonly definition: string;
  readonly comment: string | null;
}

/**
 * Drops the directory tables' plain secondary indexes (GIN, GiST, btree) so the load fills bare
 * tables and the indexes are built once, in bulk, afterwards: many times faster than growing
 * them row by row (and the recount below rewrites most contractor rows). Indexes behind
 * constraints stay, as do clustered and replica-identity ones, whose flags a rebuild would lose.
 */
async function dropSecondaryIndexes(client: Client): Promise<SecondaryIndex[]> {
  return dropListed<SecondaryIndex>(
    client,
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition,
            obj_description(i.indexrelid, 'pg_class') as comment
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not i.indisclustered and not i.indisreplident
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1`,
    (index) => `drop index ${index.name}`,
  );
}

/** The CREATE TRIGGER statement (names schema-qualified), enabled state and comment of a trigger. */
interface SavedTrigger {
  readonly name: string;
  readonly table: string;
  readonly definition: string;
  readonly enabled: string;
  readonly comment: string | null;
}

/**
 * Drops the directory tables' triggers that read a transition table (REFERENCING NEW or OLD
 * TABLE). Replica mode keeps them from firing, but PostgreSQL still copies every row a statement
 * writes into the transition table, a tuplestore that spills to disk: for contractors, the whole
 * row with its search document (2.4 GB of temporary files at 1,000,000, 8% of the copy's CPU).
 * Nothing else about the load changes: they would not have fired.
 */
async function dropTransitionTriggers(client: Client): Promise<SavedTrigger[]> {
  return dropListed<SavedTrigger>(
    client,
    `select quote_ident(t.tgname) as name, t.tgrelid::regclass::text as "table",
            pg_get_triggerdef(t.oid) as definition, t.tgenabled as enabled,
            obj_description(t.oid, 'pg_trigger') as comment
       from pg_trigger t
      where t.tgrelid = any($1::regclass[]) and not t.tgisinternal
        and (t.tgnewtable is not null or t.tgoldtable is not null)
      order by 2, 1`,
    (t) => `drop trigger ${t.name} on ${t.table}`,
  );
}

/** Each trigger as it was: its definition, its enabled state (tgenabled) and its comment. */
async function recreateTriggers(client: Client, triggers: readonly SavedTrigger[]): Promise<void> {
  const enable: Record<string, string> = { D: 'disable trigger', A: 'enable always trigger', R: 'enable replica trigger' };
  for (const t of triggers) {
    await client.query(t.definition);
    const state = enable[t.enabled];
    if (state !== undefined) await client.query(`alter table ${t.table} ${state} ${t.name}`);
    if (t.comment !== null) await client.query(`comment on trigger ${t.name} on ${t.table} is ${client.escapeLiteral(t.comment)}`);
  }
}

async function recreateIndex(client: Client, index: SecondaryIndex, step: Step): Promise<void> {
  step.note(`building ${index.name}`);
  await client.query(index.definition);
  if (index.comment !== null) await client.query(`comment on index ${index.name} is ${client.escapeLiteral(index.comment)}`);
  step.tick(1);
}

/** Runs `work` as a step of `progress` (counted by `total` when given). */
async function inStep<T>(progress: Progress, name: string, work: (step: Step) => Promise<T>, total?: number, unit?: string): Promise<T> {
  const step = progress.step(name, total, unit);
  try {
    return await work(step);
  } finally {
    step.done();
  }
}

/** Tables that already hold rows. */
async function nonEmptyTables(client: Client): Promise<string[]> {
  const found: string[] = [];
  for (const table of DIRECTORY_TABLES) {
    const { rows } = await client.query<{ found: boolean }>(`select exists (select from ${table}) as found`);
    if (rows[0]?.found) found.push(table);
  }
  return found;
}

async function connect(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  // Replica mode skips the per-row count and rating triggers (and foreign-key checks: the
  // generator links only rows it also writes). Needs a superuser. The memory is room for the
  // index builds' sorts and the recount's hash joins (the defaults spill to disk). Set for the
  // session: each loader connection is closed when the load ends.
  await client.query('set session_replication_role = replica');
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(`set work_mem = '256MB'`);
  return client;
}

/** Fresh statistics of the directory's tables, one job per table. */
const analyzeJobs: readonly Job[] = DIRECTORY_TABLES.map(
  (table): Job =>
    (c) =>
      c.query(`analyze ${table}`),
);

/** `count` contiguous shares of 0..size - 1, as [from, to) pairs. */
function shares(size: number, count: number): [number, number][] {
  return Array.from({ length: count }, (_, k) => [Math.floor((size * k) / count), Math.floor((size * (k + 1)) / count)]);
}

/**
 * The rating bands (app_hidden.search_band, 0-500) cut into `count` ranges holding about as many
 * active contractors each, for rebuilding the search postings side by side.
 */
async function bandShares(client: Client, count: number): Promise<string[]> {
  const { rows } = await client.query<{ cuts: number[] }>(
    `select coalesce(array_agg(distinct b order by b), '{}') as cuts
       from unnest(
         (select percentile_disc((select array_agg(k::float8 / $1) from generate_series(1, $1 - 1) k))
                   within group (order by app_hidden.search_band(c.public_rating))
            from app_public.contractors c where c.is_active)) b`,
    [count],
  );
  const cuts = rows[0]!.cuts.filter((b) => b > 0);
  const bounds = [0, ...cuts, 501];
  return bounds.slice(1).map((to, k) => `[${bounds[k]},${to})`);
}

/**
 * One job per share of the contractors (a share per connection), each copying that share's rows
 * and giving their count. The counts are summed once every copy is done (a running `x += await`
 * would add to the value x had before another lane's).
 */
async function copyShares(
  lanes: Lanes,
  size: number,
  shareCount: number,
  copyShare: (c: Client, from: number, to: number) => Promise<number>,
): Promise<number> {
  const parts = shares(size, shareCount);
  const counts = parts.map(() => 0);
  await lanes.run(
    parts.map(
      ([from, to], k): Job =>
        async (c) =>
          (counts[k] = await copyShare(c, from, to)),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** The contractors' rows, a share per connection. */
function copyContractors(lanes: Lanes, size: number, shareCount: number, shown: Progress): Promise<number> {
  return inStep(
    shown,
    'copy contractors',
    (s) =>
      copyShares(lanes, size, shareCount, (c, from, to) =>
        copyRows(
          c,
          CONTRACTORS_TABLE,
          perContractor(from, to, (i) => [contractorAt(i)], s),
        ),
      ),
    size,
    'contractors',
  );
}

/** The specialty links and reviews, a share per connection, then the posts. */
function copyLinksReviewsAndPosts(lanes: Lanes, size: number, shareCount: number, shown: Progress) {
  const links = () =>
    copyShares(lanes, size, shareCount, (c, from, to) =>
      copyRows(c, CONTRACTOR_SPECIALTIES_TABLE, perContractor(from, to, contractorSpecialtiesAt)),
    );
  const reviews = (s: Step) =>
    copyShares(lanes, size, shareCount, (c, from, to) => copyRows(c, REVIEWS_TABLE, perContractor(from, to, reviewsAt, s)));
  const posts = async () => {
    let n = 0;
    await lanes.run([async (c) => (n = await copyRows(c, POSTS_TABLE, postRows()))]);
    return n;
  };
  return inStep(
    shown,
    'copy specialty links and reviews',
    async (s) => ({ contractorSpecialties: await links(), reviews: await reviews(s), posts: await posts() }),
    size,
    'contractors',
  );
}

/**
 * The recount (app_private.recount_directory): in one call, or on several connections its parts
 * side by side. First the search words (which read none of what recount_counts writes) beside
 * recount_tallies (recount_counts but the specialty lists), then the lists in a share of
 * contractors per lane (alone, 33 s of that part's 50 at 1,000,000, on one core), then the
 * postings (their bands read the ratings, their terms the lists' tokens) in four shares of bands
 * per lane: each share reads every contractor to find its bands, but its grouping grows faster
 * than its pairs (at 1,000,000: half of them 144 s, a quarter 44, an eighth 19). The first parts
 * end a step of their own, so a seed's timings show them.
 */
async function recount(lanes: Lanes, client: Client, connections: number, step: (name: string) => void): Promise<void> {
  if (connections === 1) return lanes.run([(c) => c.query('select app_private.recount_directory()')]);
  await lanes.run([(c) => c.query('select app_private.refresh_search_words()'), (c) => c.query('select app_private.recount_tallies()')]);
  const lists = Array.from(
    { length: connections },
    (_, k): Job =>
      (c) =>
        c.query(
          `select app_private.refresh_specialty_slugs(array(select c.id from app_public.contractors c where c.search_no % $1 = $2))`,
          [connections, k],
        ),
  );
  await lanes.run(lists);
  step('recount: counts, lists and search words');
  const postings = (await bandShares(client, 4 * connections)).map(
    (bands): Job =>
      (c) =>
        c.query('select app_private.refresh_search_postings($1)', [bands]),
  );
  await lanes.run(postings);
}

export async function seed(databaseUrl: string, size: number, opts: SeedOptions = {}): Promise<SeedResult> {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`size must be a whole number >= 0, not ${size}`);
  const connections = opts.connections ?? 1;
  if (!Number.isSafeInteger(connections) || connections < 1)
    throw new RangeError(`connections must be a whole number >= 1, not ${connections}`);
  const started = process.hrtime.bigint();
  const elapsed = (): number => Number(process.hrtime.bigint() - started) / 1e9;
  const clients = [await connect(databaseUrl)];
  const client = clients[0]!;
  try {
    await client.query('begin');
    // Writers wait for us (and we for them) so two loaders cannot both find the tables empty.
    await client.query(`lock table ${DIRECTORY_TABLES.join(', ')} in exclusive mode`);
    const occupied = await nonEmptyTables(client);
    if (opts.ifEmpty && occupied.includes('app_public.contractors')) {
      await client.query('rollback');
      return { skipped: true, specialties: 0, contractors: 0, contractorSpecialties: 0, reviews: 0, posts: 0, seconds: elapsed() };
    }
    if (occupied.length > 0) {
      throw new Error(`the directory tables must be empty, but ${occupied.join(', ')} already hold rows`);
    }
    const step = (name: string): void => opts.onStep?.(name, elapsed());
    const indexes = await dropSecondaryIndexes(client);
    const triggers = await dropTransitionTriggers(client);
    step('drop indexes and transition triggers');
    const specialties = await copyRows(client, SPECIALTIES_TABLE, specialtyRows());
    let lanes = oneTransaction(client);
    if (connections > 1) {
      await client.query('commit');
      while (clients.length < connections) clients.push(await connect(databaseUrl));
      lanes = sideBySide(clients);
    }

    const shown = opts.progress ?? noProgress;
    const contractors = await copyContractors(lanes, size, connections, shown);
    step('copy contractors');
    const rest = await copyLinksReviewsAndPosts(lanes, size, connections, shown);
    step('copy the rest');
    // Statistics for the recount's joins and scans, which would otherwise be planned for empty
    // tables (and again after it, below).
    await inStep(shown, 'analyze', () => lanes.run(analyzeJobs));
    step('analyze the copy');

    await inStep(shown, 'recount (ratings, specialty counts and lists, cities, search words and postings)', () =>
      recount(lanes, client, connections, step),
    );
    step('recount');
    const rebuild = (shownAs: Step) =>
      indexes.map(
        (index): Job =>
          (c) =>
            recreateIndex(c, index, shownAs),
      );
    await inStep(shown, 'create indexes', (s) => lanes.run(rebuild(s)), indexes.length, 'indexes');
    await lanes.run([(c) => recreateTriggers(c, triggers)]);
    step('create indexes and transition triggers');
    await lanes.finish();
    step('commit');
    // Statistics again, now with the expression indexes' (built above), which only analyze gathers.
    await inStep(shown, 'analyze', () => sideBySide(clients).run(analyzeJobs));
    step('analyze');
    return { skipped: false, specialties, contractors, ...rest, seconds: elapsed() };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

interface CliArgs {
  size: number;
  ifEmpty: boolean;
  connections: number;
}

function parseCli(argv: readonly string[]): CliArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { size: { type: 'string' }, 'if-empty': { type: 'boolean', default: false }, connections: { type: 'string', default: '1' } },
    strict: true,
  });
  const size = Number(values.size);
  const connections = Number(values.connections);
  if (
    values.size === undefined ||
    !/^\d+$/.test(values.size) ||
    !Number.isSafeInteger(size) ||
    !/^[1-9]\d?$/.test(values.connections ?? '')
  ) {
    throw new Error(
      'usage: load.js --size N [--if-empty] [--connections C]  (N: number of contractors; C: 1-99, see SeedOptions.connections)',
    );
  }
  return { size, ifEmpty: values['if-empty'] ?? false, connections };
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed: DATABASE_URL is not set');
    process.exit(1);
  }
  let args: CliArgs;
  try {
    args = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
  const onStep = process.env.SEED_TIMINGS
    ? (name: string, s: number) => console.error(`seed: ${name} done at ${s.toFixed(1)} s`)
    : undefined;
  seed(url, args.size, { ifEmpty: args.ifEmpty, connections: args.connections, onStep, progress: progress() }).then(
    (r) => {
      console.error(
        r.skipped
          ? `seed: contractors already has rows; nothing loaded (${r.seconds.toFixed(1)} s)`
          : `seed: loaded ${r.contractors} contractors, ${r.specialties} specialties, ` +
              `${r.contractorSpecialties} specialty links, ${r.reviews} reviews, ${r.posts} posts ` +
              `in ${r.seconds.toFixed(1)} s`,
      );
    },
    (err: unknown) => {
      console.error(`seed: failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
