// The definition files (db/functions) against the migrations: they change nothing the migrations
// made except what a file was edited to change, they cover every function of ours but those
// stored data depends on, and re-applying them is a no-op. Those stored data depends on have
// theirs in db/stored-functions, read only: each file is what the migrations made.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { catalogFingerprint, functionDefinitions, storedDataFunctions, type CatalogObject } from '../../../scripts/db/catalog';
import { applyDefinitions, definedFunctions, definitionFiles } from '../../../scripts/db/definitions';
import { STORED_FUNCTIONS_DIR } from '../../../scripts/db/paths';
import { definitionFileContents } from '../../../scripts/db/extract-definitions';
import { createTestDatabase } from '../../helpers/db';
import { createEmptyDatabase } from '../../helpers/empty-db';

/** Versioned migrations only, by the built script (node-pg-migrate is an ES module jest cannot load). */
async function migrateWithoutDefinitions(url: string): Promise<void> {
  const script = path.resolve(__dirname, '../../../dist/scripts/migrate.js');
  await promisify(execFile)(process.execPath, [script, '--no-definitions'], { env: { ...process.env, DATABASE_URL: url } });
}

/** Objects added, removed or different between two fingerprints. */
function changedObjects(before: CatalogObject[], after: CatalogObject[]): string[] {
  const b = new Map(before.map((o) => [o.object, o.md5]));
  const a = new Map(after.map((o) => [o.object, o.md5]));
  return [...new Set([...b.keys(), ...a.keys()])].filter((o) => b.get(o) !== a.get(o)).sort();
}

/** The SQL of a file without its comment lines, for telling an edited definition from an extracted one. */
const statements = (sql: string) =>
  sql
    .split('\n')
    .filter((l) => !l.startsWith('--'))
    .join('\n');

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

test('applied after the migrations, the definition files change only what they were edited to change', async () => {
  const db = await createEmptyDatabase();
  try {
    await migrateWithoutDefinitions(db.url);
    await withClient(db.url, async (client) => {
      // What the migrations alone define, as definition files would state it.
      const fromMigrations = definitionFileContents(await functionDefinitions(client));
      const before = await catalogFingerprint(client);
      const files = definitionFiles();
      expect(await applyDefinitions(client, { files })).toHaveLength(files.length);
      const after = await catalogFingerprint(client);
      // A file that states just what the migrations do may change nothing; one edited since may
      // change the functions it names.
      const edited = files.filter((f) => {
        const extracted = fromMigrations.get(f.name.replace(/^functions\//, ''));
        return extracted === undefined || statements(extracted) !== statements(f.sql);
      });
      const mayChange = edited.flatMap((f) => definedFunctions(f.sql)).map((name) => `function ${name}(`);
      const unexplained = changedObjects(before, after).filter((o) => !mayChange.some((p) => o.startsWith(p)));
      expect(before.length).toBeGreaterThan(100);
      expect(unexplained).toEqual([]);
    });
  } finally {
    await db.drop();
  }
}, 120_000);

describe('on the migrated template', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.PoolClient;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = await db.pool.connect();
  });
  afterAll(async () => {
    client.release();
    await db.drop();
  });

  test('no function that stored data depends on has a definition file', async () => {
    // Generated columns, CHECK constraints, indexes and defaults use them: a `create or replace`
    // from a file would change what stored rows mean without rewriting them.
    const guarded = await storedDataFunctions(client);
    expect(guarded.map((g) => g.signature)).toContain('app_hidden.is_slug(text)');
    const files = new Map(definitionFiles().flatMap((f) => definedFunctions(f.sql).map((n) => [n, f.name])));
    const offending = guarded.filter((g) => files.has(`${g.schema}.${g.name}`));
    if (offending.length > 0) {
      throw new Error(
        'Stored data depends on these functions, so they change only in a migration (which ' +
          `rewrites or rechecks the data): ${offending
            .map((g) => `${g.signature} in db/${files.get(`${g.schema}.${g.name}`)}`)
            .join(', ')}. Delete the definition file and write a migration (db/CONVENTIONS.md, "Migrations and current definitions").`,
      );
    }
  });

  test('every function stored data depends on has its current definition in one file of db/stored-functions, as the migrations made it', async () => {
    // Read, never applied: such a function changes in a migration that rewrites the data, and its
    // file is then written again (npm run db:stored-functions) so it still says what holds.
    const made = definitionFileContents(await functionDefinitions(client, 'stored'));
    expect([...made.keys()]).toContain('app_hidden/name_key.sql');
    const files = definitionFiles(STORED_FUNCTIONS_DIR);
    expect(files.map((f) => f.name.replace(/^stored-functions\//, ''))).toEqual([...made.keys()]);
    for (const f of files) {
      const file = f.name.replace(/^stored-functions\//, '');
      expect({ file, sql: statements(f.sql) }).toEqual({ file, sql: statements(made.get(file)!) });
    }
  });

  test('every other function of ours has its definition in exactly one file named for it', async () => {
    const expected = [...definitionFileContents(await functionDefinitions(client)).keys()].map((f) => `functions/${f}`);
    const files = definitionFiles();
    expect(files.map((f) => f.name)).toEqual(expected);
    for (const f of files) {
      const names = new Set(definedFunctions(f.sql));
      expect({ file: f.name, defines: [...names] }).toEqual({
        file: f.name,
        defines: [f.name.replace(/^functions\/(\w+)\/(\w+)\.sql$/, '$1.$2')],
      });
    }
  });

  test('applying the definition files again changes nothing', async () => {
    expect(await applyDefinitions(client)).toEqual([]);
    const before = await catalogFingerprint(client);
    await applyDefinitions(client, { all: true });
    expect(changedObjects(before, await catalogFingerprint(client))).toEqual([]);
  });
});
