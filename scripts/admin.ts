// npm run admin -- promote EMAIL | demote EMAIL | grant-staff EMAIL | revoke-staff EMAIL | list
// The admin tier (higher rate limits; keys minted afterwards are svc_live_) and staff power
// (staff GraphQL) are separate (docs/decisions.md, "Staff apart from the admin tier"); staff is
// granted and removed here only. Connects as the database owner (DATABASE_URL), which no door of
// the API does; every change is recorded in the staff audit trail as cli:<user>.
import os from 'node:os';
import pg from 'pg';

const USAGE = 'usage: npm run admin -- promote EMAIL | demote EMAIL | grant-staff EMAIL | revoke-staff EMAIL | list';

/** Each command: the SQL it runs (email, actor) and how it reads the user it returns. */
const COMMANDS: Record<string, string> = {
  promote: 'select app_private.set_admin($1, true, $2) as user',
  demote: 'select app_private.set_admin($1, false, $2) as user',
  'grant-staff': 'select app_private.grant_staff($1, $2) as user',
  'revoke-staff': 'select app_private.revoke_staff($1, $2) as user',
};

const LIST = `select app_private.staff_json(u) as user from app_public.users u
  where u.is_admin or exists (select 1 from app_private.staff_grants g where g.user_id = u.id) order by u.email`;

interface ShownUser {
  email: string;
  isAdmin: boolean;
  isStaff?: boolean;
}

function show(user: ShownUser): string {
  const staff = user.isStaff === undefined ? '' : `, staff: ${user.isStaff}`;
  return `${user.email}: admin tier: ${user.isAdmin}${staff}`;
}

async function main(): Promise<void> {
  const [command, email] = process.argv.slice(2);
  const sql = command === undefined ? undefined : COMMANDS[command];
  if (command !== 'list' && (sql === undefined || !email)) {
    console.error(USAGE);
    process.exit(2);
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = sql === undefined ? await client.query(LIST) : await client.query(sql, [email, `cli:${os.userInfo().username}`]);
    for (const row of rows) console.log(show(row.user as ShownUser));
  } catch (err) {
    console.error(`admin: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await client.end();
  }
}

void main();
