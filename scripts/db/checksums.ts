// The manifest of landed migrations: one `<sha256>  <file>` line each (`sha256sum -c` reads it).
// A landed migration is never edited, so its line never changes; new migrations are appended.
// Usage: npm run db:checksums  (adds migrations missing from the manifest; refuses if a listed
// one changed or disappeared)
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, MIGRATIONS_MANIFEST } from './paths';

export function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** file name -> SHA-256 of every migration in db/migrations, as it is on disk. */
export function migrationDigests(dir = MIGRATIONS_DIR): Map<string, string> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return new Map(files.map((f) => [f, sha256(readFileSync(path.join(dir, f)))]));
}

/** file name -> SHA-256 as recorded in the manifest. */
export function readManifest(file = MIGRATIONS_MANIFEST): Map<string, string> {
  const entries = new Map<string, string>();
  if (!existsSync(file)) return entries;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const m = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (!m) throw new Error(`${path.basename(file)}: not a "<sha256>  <file>" line: ${line}`);
    entries.set(m[2]!, m[1]!);
  }
  return entries;
}

export interface ManifestCheck {
  /** Listed migrations whose content is no longer the recorded one. */
  changed: string[];
  /** Listed migrations that are gone. */
  missing: string[];
  /** Migrations not listed yet. */
  unlisted: string[];
}

export function checkManifest(manifest = readManifest(), digests = migrationDigests()): ManifestCheck {
  const listed = [...manifest.keys()];
  return {
    changed: listed.filter((f) => digests.has(f) && digests.get(f) !== manifest.get(f)),
    missing: listed.filter((f) => !digests.has(f)),
    unlisted: [...digests.keys()].filter((f) => !manifest.has(f)),
  };
}

function main(): void {
  const manifest = readManifest();
  const digests = migrationDigests();
  const { changed, missing, unlisted } = checkManifest(manifest, digests);
  if (changed.length > 0 || missing.length > 0) {
    // Blessing an edit here would defeat the manifest: a landed migration is history.
    console.error(
      `db:checksums: landed migrations were edited (${changed.join(', ') || 'none'}) ` +
        `or removed (${missing.join(', ') || 'none'}); restore them and make the change in a new migration ` +
        'or in db/functions (db/CONVENTIONS.md, "Migrations and current definitions")',
    );
    process.exit(1);
  }
  for (const f of unlisted) manifest.set(f, digests.get(f)!);
  const lines = [...manifest.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([f, h]) => `${h}  ${f}\n`);
  writeFileSync(MIGRATIONS_MANIFEST, lines.join(''));
  console.error(`db:checksums: ${unlisted.length === 0 ? 'nothing to add' : `added ${unlisted.join(', ')}`}`);
}

if (require.main === module) main();
