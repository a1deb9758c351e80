// A landed migration is never edited (db/CONVENTIONS.md): db/migrations.sha256 records each
// one's SHA-256, and this fails when a listed migration changes or disappears.
import { checkManifest } from '../../../scripts/db/checksums';

const { changed, missing, unlisted } = checkManifest();

test('no landed migration was edited', () => {
  if (changed.length > 0) {
    throw new Error(
      `Landed migrations were edited: ${changed.join(', ')}. A migration in db/migrations.sha256 ` +
        'is history: restore it (git checkout) and make the change in a new migration or in its definition ' +
        'file under db/functions (db/CONVENTIONS.md, "Migrations and current definitions").',
    );
  }
});

test('no landed migration was removed', () => {
  if (missing.length > 0) {
    throw new Error(`Landed migrations are missing: ${missing.join(', ')}. Databases have run them; restore them.`);
  }
});

test('every migration is in the manifest', () => {
  if (unlisted.length > 0) {
    throw new Error(
      `Migrations not in db/migrations.sha256: ${unlisted.join(', ')}. ` +
        'Run `npm run db:checksums` to add them, and commit the manifest with the migration.',
    );
  }
});
