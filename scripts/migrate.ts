// Installs graphile-worker's schema, then applies db/migrations/*.sql in name order
// (node-pg-migrate), each in its own transaction.
// Usage: node dist/scripts/migrate.js  (DATABASE_URL names the database)
import path from 'node:path';
import { runner } from 'node-pg-migrate';
import { graphileWorker } from '../worker/graphile-worker';

export async function migrate(databaseUrl: string): Promise<void> {
  // graphile-worker's own schema (graphile_worker.add_job is called from our SQL functions).
  await graphileWorker.runMigrations({ connectionString: databaseUrl });
  await runner({
    databaseUrl,
    dir: path.resolve(__dirname, '../../db/migrations'),
    migrationsTable: 'schema_migrations',
    direction: 'up',
    count: Infinity,
    checkOrder: true,
    log: () => undefined,
    // Migrations are plain SQL; "sql" is node-pg-migrate's loader for .sql files.
    ignorePattern: '(\\..*)|(.*\\.md)',
  });
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('migrate: DATABASE_URL is not set');
    process.exit(1);
  }
  migrate(url).then(
    () => console.error('migrate: database is up to date'),
    (err: unknown) => {
      console.error('migrate: failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
