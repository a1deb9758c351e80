// db/schema.sql is generated (npm run db:schema); this fails when it is not what the migrations
// and definition files make, so a change cannot land without its effect on the schema in view.
import { readFileSync } from 'node:fs';
import { dumpSchema } from '../../../scripts/db/schema-dump';
import { SCHEMA_FILE } from '../../../scripts/db/paths';
import { createTestDatabase } from '../../helpers/db';

test('db/schema.sql is the schema the migrations and definition files make', async () => {
  // A clone, not the template itself: a session on the template stops other files cloning it.
  const db = await createTestDatabase();
  let current: string;
  try {
    current = await dumpSchema(db.url);
  } finally {
    await db.drop();
  }
  const committed = readFileSync(SCHEMA_FILE, 'utf8');
  if (current !== committed) {
    const a = committed.split('\n');
    const b = current.split('\n');
    const line = a.findIndex((l, i) => l !== b[i]);
    throw new Error(
      'db/schema.sql is out of date: run `npm run db:schema` and commit it with the change. ' +
        `First difference at line ${line + 1}:\n  committed: ${a[line] ?? '(end of file)'}\n  current:   ${b[line] ?? '(end of file)'}`,
    );
  }
});
