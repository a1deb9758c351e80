// Loads the demo directory (see generate.ts) into an empty database, fast: one transaction,
// triggers off, every table streamed through COPY, derived counts recomputed once at the end.
// Usage: node dist/scripts/seed/load.js --size N [--if-empty]   (DATABASE_URL names the database;
// SEED_TIMINGS=1 also prints how long each step took). Long steps print their progress (progress.ts).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
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
import { noProgress, progress, type Progress, type Step } from './progress';

export interface SeedOptions {
  /** Do nothing (and report `skipped`) when contractors already has rows. */
  readonly ifEmpty?: boolean;
  /** Called after each step with its name and the seconds since the start (for timing runs). */
  readonly onStep?: (step: string, seconds: number) => void;
  /** Where long steps report their progress (none by default). */
  readonly progress?: Progress;
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

/** The rows of contractors 0 to size - 1, counting contractors on `step` (a thousand at a time). */
function* perContractor<R>(size: number, rowsAt: (index: number) => readonly R[], step: Step): Generator<R> {
  for (let i = 0; i < size; i++) {
    yield* rowsAt(i);
    if (i % 1000 === 999) step.tick(1000);
  }
  step.tick(size % 1000);
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
  // With only pg_catalog on the path, pg_get_indexdef qualifies every name it prints, so the
  // statements mean the same whatever search_path is in force when they are replayed.
  const { rows: saved } = await client.query<{ path: string }>(`select current_setting('search_path') as path`);
  await client.query('set local search_path to pg_catalog');
  const { rows } = await client.query<SecondaryIndex>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition,
            obj_description(i.indexrelid, 'pg_class') as comment
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not i.indisclustered and not i.indisreplident
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1`,
    [DIRECTORY_TABLES],
  );
  for (const index of rows) await client.query(`drop index ${index.name}`);
  await client.query(`select set_config('search_path', $1, true)`, [saved[0]?.path ?? '']);
  return rows;
}

async function recreateIndexes(client: Client, indexes: readonly SecondaryIndex[], step: Step): Promise<void> {
  for (const index of indexes) {
    step.note(`building ${index.name}`);
    await client.query(index.definition);
    if (index.comment !== null) await client.query(`comment on index ${index.name} is ${client.escapeLiteral(index.comment)}`);
    step.tick(1);
  }
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

export async function seed(databaseUrl: string, size: number, opts: SeedOptions = {}): Promise<SeedResult> {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`size must be a whole number >= 0, not ${size}`);
  const started = process.hrtime.bigint();
  const elapsed = (): number => Number(process.hrtime.bigint() - started) / 1e9;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
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
    // Replica mode skips the per-row count and rating triggers (and foreign-key checks: the
    // generator links only rows it also writes). Needs a superuser.
    await client.query('set local session_replication_role = replica');
    // Room for the index builds' sorts and the recount's hash joins (the defaults spill to disk).
    await client.query(`set local maintenance_work_mem = '1GB'`);
    await client.query(`set local work_mem = '256MB'`);
    const step = (name: string): void => opts.onStep?.(name, elapsed());
    const indexes = await dropSecondaryIndexes(client);
    step('drop indexes');

    const shown = opts.progress ?? noProgress;
    const specialties = await copyRows(client, SPECIALTIES_TABLE, specialtyRows());
    const copy = <R>(name: string, table: CopyTable<R>, rowsAt: (index: number) => readonly R[]) =>
      inStep(shown, name, (s) => copyRows(client, table, perContractor(size, rowsAt, s)), size, 'contractors');
    const contractors = await copy('copy contractors', CONTRACTORS_TABLE, (i) => [contractorAt(i)]);
    step('copy contractors');
    const contractorSpecialties = await copy('copy specialty links', CONTRACTOR_SPECIALTIES_TABLE, contractorSpecialtiesAt);
    const reviews = await copy('copy reviews', REVIEWS_TABLE, reviewsAt);
    const posts = await copyRows(client, POSTS_TABLE, postRows());
    step('copy the rest');

    await inStep(shown, 'recount (ratings, specialty counts and lists, cities, search words and postings)', () =>
      client.query('select app_private.recount_directory()'),
    );
    step('recount');
    await inStep(shown, 'create indexes', (s) => recreateIndexes(client, indexes, s), indexes.length, 'indexes');
    step('create indexes');
    await client.query('commit');
    step('commit');
    // Fresh statistics, or the planner guesses on a million rows it believes are not there.
    await inStep(shown, 'analyze', () => client.query(`analyze ${DIRECTORY_TABLES.join(', ')}`));
    step('analyze');
    return { skipped: false, specialties, contractors, contractorSpecialties, reviews, posts, seconds: elapsed() };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

function parseCli(argv: readonly string[]): { size: number; ifEmpty: boolean } {
  const { values } = parseArgs({
    args: [...argv],
    options: { size: { type: 'string' }, 'if-empty': { type: 'boolean', default: false } },
    strict: true,
  });
  const size = Number(values.size);
  if (values.size === undefined || !/^\d+$/.test(values.size) || !Number.isSafeInteger(size)) {
    throw new Error('usage: load.js --size N [--if-empty]  (N: number of contractors)');
  }
  return { size, ifEmpty: values['if-empty'] ?? false };
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed: DATABASE_URL is not set');
    process.exit(1);
  }
  let args: { size: number; ifEmpty: boolean };
  try {
    args = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  }
  const onStep = process.env.SEED_TIMINGS
    ? (name: string, s: number) => console.error(`seed: ${name} done at ${s.toFixed(1)} s`)
    : undefined;
  seed(url, args.size, { ifEmpty: args.ifEmpty, onStep, progress: progress() }).then(
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
