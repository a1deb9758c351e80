// Current definitions (db/functions/<schema>/<name>.sql): idempotent files applied after the
// versioned migrations, each when its content differs from what the database last applied
// (Flyway's repeatable migrations; docs/decisions.md, "Current definitions and frozen history").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { sha256 } from './checksums';
import { DB_DIR, FUNCTIONS_DIR } from './paths';

export interface DefinitionFile {
  /** Path below db/, with forward slashes: the key in public.schema_definitions. */
  name: string;
  sql: string;
  sha256: string;
}

export function definitionFiles(dir = FUNCTIONS_DIR): DefinitionFile[] {
  const entries = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return entries.map((entry) => {
    const sql = readFileSync(path.join(dir, entry), 'utf8');
    const name = path.relative(DB_DIR, path.join(dir, entry)).split(path.sep).join('/');
    return { name, sql, sha256: sha256(sql) };
  });
}

/** Qualified names of the functions a file creates (`create or replace function a.b(`). */
export function definedFunctions(sql: string): string[] {
  return [...sql.matchAll(/create\s+or\s+replace\s+function\s+([\w.]+)\s*\(/gi)].map((m) => m[1]!.toLowerCase());
}

const RECORD_TABLE = `
  create table if not exists public.schema_definitions (
    name text primary key,
    sha256 text not null,
    applied_at timestamptz not null default now()
  );
  comment on table public.schema_definitions is
    'Definition files below db/ that scripts/migrate.ts applied, with the SHA-256 of the content applied.'`;

/**
 * Applies, in one transaction, every definition file whose SHA-256 is not the recorded one (or
 * every file, with `all`), then records them. Returns the names applied.
 */
export async function applyDefinitions(
  client: pg.ClientBase,
  options: { all?: boolean; files?: DefinitionFile[] } = {},
): Promise<string[]> {
  const files = options.files ?? definitionFiles();
  await client.query('begin');
  try {
    await client.query(RECORD_TABLE);
    // Two migrators at once: the second waits, then finds the files recorded.
    await client.query('lock table public.schema_definitions in share row exclusive mode');
    const { rows } = await client.query<{ name: string; sha256: string }>('select name, sha256 from public.schema_definitions');
    const recorded = new Map(rows.map((r) => [r.name, r.sha256]));
    const due = files.filter((f) => options.all || recorded.get(f.name) !== f.sha256);
    if (due.length > 0) {
      // As pg_dump does: bodies are checked once everything exists, not in file order.
      await client.query('set local check_function_bodies = off');
      for (const f of due) await run(client, f.name, f.sql);
      await client.query('set local check_function_bodies = on');
      for (const f of due) await validate(client, f.name, definedFunctions(f.sql));
      await client.query(
        `insert into public.schema_definitions (name, sha256)
         select * from unnest($1::text[], $2::text[])
         on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
        [due.map((f) => f.name), due.map((f) => f.sha256)],
      );
    }
    // A deleted file drops nothing (a migration does that); it just stops being tracked.
    await client.query('delete from public.schema_definitions where name <> all($1::text[])', [files.map((f) => f.name)]);
    await client.query('commit');
    return due.map((f) => f.name);
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

async function run(client: pg.ClientBase, file: string, sql: string): Promise<void> {
  try {
    await client.query(sql);
  } catch (err) {
    throw new Error(`${file}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * Checks the bodies of the named functions with their language's validator, as creation would,
 * under each function's own search_path (the one its body runs with), else the session's.
 */
async function validate(client: pg.ClientBase, file: string, names: string[]): Promise<void> {
  const { rows } = await client.query<{ oid: number; signature: string; validator: string; path: string | null }>(
    `select p.oid, p.oid::regprocedure::text as signature, l.lanvalidator::regproc::text as validator,
            (select substr(c, length('search_path=') + 1) from unnest(p.proconfig) c where c like 'search_path=%') as path
       from pg_proc p join pg_language l on l.oid = p.prolang
      where p.pronamespace::regnamespace::text || '.' || p.proname = any($1::text[]) and l.lanvalidator <> 0`,
    [names],
  );
  for (const r of rows) {
    try {
      await client.query('savepoint validate');
      if (r.path !== null) await client.query(`select set_config('search_path', $1, true)`, [r.path]);
      await client.query(`select ${r.validator}($1::oid)`, [r.oid]);
      // Undoes the set_config (releasing would keep it) for the next function.
      await client.query('rollback to savepoint validate');
    } catch (err) {
      throw new Error(`${file}: ${r.signature}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
}
