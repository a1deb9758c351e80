// The SQL of the workloads with the functions as they are and as they were at a git revision,
// side by side on one bench database: same answers (every row compared) and the times of each,
// alternately, so both run in the same minutes of a machine whose speed moves.
//   node dist/bench/sql-compare.js 1000000 --rev 40d4ff7 [--only text] [--sets 100] [--file f.sql]
// (--file: that file's statements, one per line, as a shape of their own instead of the
// workloads': the variants a workload does not send, such as filters and cursors.)
// The revision's db/functions/app_hidden files are created beside the current ones with every
// app_hidden function they name renamed `<name>_old` (so the old entry point calls the old
// stages), the workloads' statements are run against `search_contractors` and
// `search_contractors_old` (or whatever app_hidden function each calls), and the copies are
// dropped at the end. Shared: every other schema's functions, the tables, the indexes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchClient, benchSlugs, percentile } from './sql-times';
import { workloads } from './workloads';

const REPO = path.resolve(__dirname, '../..');
const DIR = 'db/functions/app_hidden';

/** The revision's app_hidden function files, each renamed to `<name>_old` throughout. */
function oldDefinitions(rev: string): { names: string[]; sql: string[] } {
  const git = (...args: string[]) => execFileSync('git', ['-C', REPO, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const files = git('ls-tree', '--name-only', `${rev}:${DIR}`)
    .split('\n')
    .filter((f) => f.endsWith('.sql'));
  const names = files.map((f) => f.replace(/\.sql$/, ''));
  const call = new RegExp(`app_hidden\\.(${names.join('|')})\\(`, 'g');
  const sql = files.map((f) =>
    git('show', `${rev}:${DIR}/${f}`)
      .split('\n')
      // the comment and the grants name the current function's signature
      .filter((line) => !/^(comment on|revoke|grant) /i.test(line))
      .join('\n')
      .replace(call, 'app_hidden.$1_old('),
  );
  return { names, sql };
}

/** A file's statements, one per line (a trailing semicolon and blank lines ignored). */
function statementsOf(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/;$/, ''))
    .filter((line) => line !== '');
}

const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const median = (a: number[]) => percentile(sorted(a), 50);
const p90 = (a: number[]) => percentile(sorted(a), 90);
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
const ms = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rev: { type: 'string' },
      only: { type: 'string', default: 'text' },
      sets: { type: 'string', default: '100' },
      file: { type: 'string' },
    },
  });
  if (!values.rev) throw new Error('--rev <git revision> is required');
  const old = oldDefinitions(values.rev);
  for (const size of positionals.map(Number)) {
    const c = await benchClient(size);
    const made: string[] = [];
    try {
      // (SQL functions' bodies name others' copies: created in any order)
      await c.query('set check_function_bodies = off');
      for (const [i, sql] of old.sql.entries()) {
        try {
          await c.query(sql);
          made.push(old.names[i]!);
        } catch (err) {
          console.error(`${old.names[i]} as of ${values.rev} not created: ${(err as Error).message}`);
        }
      }
      console.log(`${size}\tshape\tdiffs\tbefore median / p90 / max / sum ms\tnow median / p90 / max / sum ms\tsum now / before`);
      const shapes = values.file
        ? [{ name: path.basename(values.file), sql: statementsOf(values.file) }]
        : workloads(await benchSlugs(c)).filter((w) => w.name.includes(values.only!));
      for (const w of shapes) {
        if (!w.sql) continue;
        const now: number[] = [];
        const before: number[] = [];
        let diffs = 0;
        for (const sql of w.sql.slice(0, Number(values.sets))) {
          const oldSql = sql.replace(/app_hidden\.(\w+)\(/, 'app_hidden.$1_old(');
          const a = await c.query(sql); // warm-up calls, and the answers compared
          const b = await c.query(oldSql);
          // (a scalar call's column is named for it)
          if (JSON.stringify(a.rows.map(Object.values)) !== JSON.stringify(b.rows.map(Object.values))) {
            diffs++;
            console.error(`${size}\t${w.name}\tdiffers: ${sql}`);
          }
          let t = performance.now();
          await c.query(sql);
          now.push(performance.now() - t);
          t = performance.now();
          await c.query(oldSql);
          before.push(performance.now() - t);
        }
        console.log(
          `${size}\t${w.name}\t${diffs}\t` +
            `${ms(median(before))} / ${ms(p90(before))} / ${ms(Math.max(...before))} / ${sum(before).toFixed(0)}\t` +
            `${ms(median(now))} / ${ms(p90(now))} / ${ms(Math.max(...now))} / ${sum(now).toFixed(0)}\t` +
            `${(sum(now) / sum(before)).toFixed(2)}`,
        );
      }
    } finally {
      for (const name of made) {
        const { rows: fns } = await c.query<{ sig: string }>(
          `select p.oid::regprocedure::text as sig from pg_proc p where p.pronamespace = 'app_hidden'::regnamespace and p.proname = $1`,
          [`${name}_old`],
        );
        for (const f of fns) await c.query(`drop function ${f.sig}`);
      }
      await c.end();
    }
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
