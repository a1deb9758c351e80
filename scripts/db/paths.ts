// Where db/ is on disk, from scripts/db (ts-jest) and from dist/scripts/db (node) alike.
import { existsSync } from 'node:fs';
import path from 'node:path';

function repoRoot(start: string): string {
  for (let dir = start; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  throw new Error(`No package.json in any folder above ${start}`);
}

export const DB_DIR = path.join(repoRoot(__dirname), 'db');
/** Versioned migrations: history, never edited once landed. */
export const MIGRATIONS_DIR = path.join(DB_DIR, 'migrations');
/** SHA-256 of every landed migration (`sha256sum` format). */
export const MIGRATIONS_MANIFEST = path.join(DB_DIR, 'migrations.sha256');
/** Current definitions: db/functions/<schema>/<name>.sql. */
export const FUNCTIONS_DIR = path.join(DB_DIR, 'functions');
/**
 * Current definitions of the functions stored data depends on (generated columns, CHECK
 * constraints, indexes, defaults): db/stored-functions/<schema>/<name>.sql. Read, never applied:
 * they change only in a migration that rewrites the data, and a test holds each file equal to
 * what the migrations made.
 */
export const STORED_FUNCTIONS_DIR = path.join(DB_DIR, 'stored-functions');
/** The whole schema after migrating, generated. */
export const SCHEMA_FILE = path.join(DB_DIR, 'schema.sql');

/** The schemas whose functions, views and triggers are ours. */
export const APP_SCHEMAS = ['app_public', 'app_hidden', 'app_private'] as const;
