// npm run admin -- promote EMAIL | demote EMAIL
// Elevates a user to the admin tier (keys minted afterwards are svc_live_) or takes it away.
// Connects as the database owner (DATABASE_URL): this is how the first administrator is made.
import pg from 'pg';

async function main(): Promise<void> {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'promote' && command !== 'demote') || !email) {
    console.error('usage: npm run admin -- promote EMAIL | demote EMAIL');
    process.exit(2);
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select app_private.set_admin($1, $2) as user', [email, command === 'promote']);
    const user = rows[0].user as { email: string; isAdmin: boolean };
    console.log(`${user.email}: isAdmin is now ${user.isAdmin}`);
  } catch (err) {
    console.error(`admin: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await client.end();
  }
}

void main();
