// Writes db/functions/<schema>/<name>.sql from a database: the current definition of every
// function of ours that stored data does not depend on; with --stored, db/stored-functions/ for
// those it does depend on (after a migration changed one). Overloads of a name share its file.
// It made the first set (from a database migrated without definitions); the tests use it to
// tell which files say something the migrations do not. The `--` comments that stood above a
// function's latest `create function` (and later `alter function`) in the migrations are
// carried over: they say why, and the catalog does not keep them.
// Usage: DATABASE_URL=... node dist/scripts/db/extract-definitions.js [--stored] [functions dir]
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { functionDefinitions, type FunctionDefinition } from './catalog';
import { FUNCTIONS_DIR, MIGRATIONS_DIR, STORED_FUNCTIONS_DIR } from './paths';

/** Path below the functions folder -> file content; `notes` go above each function's SQL. */
export function definitionFileContents(definitions: FunctionDefinition[], notes = new Map<string, string[]>()): Map<string, string> {
  const files = new Map<string, string[]>();
  for (const d of definitions) {
    const file = `${d.schema}/${d.name}.sql`;
    const note = notes.get(`${d.schema}.${d.name}`)?.join('\n');
    files.set(file, [...(files.get(file) ?? []), note ? `${note}\n${d.sql}` : d.sql]);
  }
  return new Map([...files].map(([file, parts]) => [file, parts.join('\n')]));
}

/** schema.name -> the comment blocks above its latest create (and later alters) in the migrations. */
export function migrationNotes(dir = MIGRATIONS_DIR): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const m = /^(create\s+(?:or\s+replace\s+)?|alter\s+)function\s+([\w.]+)\s*\(/i.exec(line);
      if (!m) return;
      const block: string[] = [];
      for (let j = i - 1; j >= 0 && lines[j]!.startsWith('--'); j--) {
        if (!/^-+$/.test(lines[j]!) && lines[j] !== '-- Up Migration') block.unshift(lines[j]!);
      }
      const name = m[2]!.toLowerCase();
      const earlier = m[1]!.toLowerCase().startsWith('create') ? [] : (notes.get(name) ?? []);
      notes.set(name, block.length > 0 ? [...earlier, ...block] : earlier);
    });
  }
  return notes;
}

export async function extractDefinitions(databaseUrl: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return definitionFileContents(await functionDefinitions(client));
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const stored = process.argv.includes('--stored');
  const dir = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const out = path.resolve(dir ?? (stored ? STORED_FUNCTIONS_DIR : FUNCTIONS_DIR));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let files: Map<string, string>;
  try {
    files = definitionFileContents(await functionDefinitions(client, stored ? 'stored' : 'applied'), migrationNotes());
  } finally {
    await client.end();
  }
  rmSync(out, { recursive: true, force: true });
  for (const [file, content] of files) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), content);
  }
  console.error(`extract-definitions: wrote ${files.size} files to ${out}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('extract-definitions: failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
