// Installs graphile-worker's schema, applies db/migrations/*.sql in name order (node-pg-migrate),
// each in its own transaction, then the current definitions of db/functions whose content
// changed (all of them when a migration ran: it may have replaced what they define).
// Usage: node dist/scripts/migrate.js [--no-definitions]  (DATABASE_URL names the database)
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import { graphileWorker } from '../worker/graphile-worker';
import { applyDefinitions } from './db/definitions';
import { MIGRATIONS_DIR } from './db/paths';

export interface MigrateResult {
  migrations: string[];
  definitions: string[];
}

/** `definitions: false` stops after the versioned migrations (the definition tests compare both). */
export async function migrate(databaseUrl: string, options: { definitions?: boolean } = {}): Promise<MigrateResult> {
  // graphile-worker's own schema (graphile_worker.add_job is called from our SQL functions).
  await graphileWorker.runMigrations({ connectionString: databaseUrl });
  const ran = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    migrationsTable: 'schema_migrations',
    direction: 'up',
    count: Infinity,
    checkOrder: true,
    log: () => undefined,
    // Migrations are plain SQL; "sql" is node-pg-migrate's loader for .sql files.
    ignorePattern: '(\\..*)|(.*\\.md)',
  });
  const migrations = ran.map((m) => m.name);
  if (options.definitions === false) return { migrations, definitions: [] };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return { migrations, definitions: await applyDefinitions(client, { all: migrations.length > 0 }) };
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('migrate: DATABASE_URL is not set');
    process.exit(1);
  }
  migrate(url, { definitions: !process.argv.includes('--no-definitions') }).then(
    (r) =>
      console.error(
        `migrate: database is up to date (${r.migrations.length} migrations, ` + `${r.definitions.length} definition files applied)`,
      ),
    (err: unknown) => {
      console.error('migrate: failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
