// Writes db/schema.sql: migrates a scratch database beside DATABASE_URL's and dumps it, so
// the file shows what the migrations and definition files make, not a database's own drift.
// Usage: npm run db:schema
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { migrate } from '../migrate';
import { SCHEMA_FILE } from './paths';
import { dumpSchema } from './schema-dump';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const scratch = `marine_schema_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${scratch}`);
    try {
      const scratchUrl = new URL(url);
      scratchUrl.pathname = `/${scratch}`;
      await migrate(scratchUrl.toString());
      writeFileSync(SCHEMA_FILE, await dumpSchema(scratchUrl.toString()));
    } finally {
      await admin.query(`drop database if exists ${scratch} with (force)`);
    }
  } finally {
    await admin.end();
  }
  console.error(`db:schema: wrote ${SCHEMA_FILE}`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('db:schema: failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
