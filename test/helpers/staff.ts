// Staff callers of /graphql: an agent granted staff, as `npm run admin -- grant-staff` does. Staff
// is apart from the admin tier (higher limits, svc_live_ keys), which adminKeyOf gives.
import type { TestService } from './server';

export interface Agent {
  id: string;
  email: string;
  apiKey: string;
}

let n = 0;
export async function registerAgent(svc: TestService): Promise<Agent> {
  const r = await svc.send('POST', '/api/agents/register', {
    firstName: 'Ada',
    lastName: 'Staff',
    email: `staff${++n}.${process.pid}@example.com`,
    password: 'a long enough password',
  });
  expect(r.status).toBe(200);
  return { id: r.body.data.agent.id, email: r.body.data.agent.email, apiKey: r.body.data.credentials.apiKey };
}

/** Raises the user to the admin tier and mints a key, which is then of the admin tier (no staff power). */
export async function adminKeyOf(svc: TestService, user: Agent): Promise<string> {
  await svc.db.pool.query(`select app_private.set_admin($1, true, 'cli:test')`, [user.email]);
  const minted = await svc.send('POST', '/api/v1/user-api-keys', { name: 'admin tier' }, user.apiKey);
  expect(minted.body.data.apiKey).toMatch(/^svc_live_/);
  return minted.body.data.apiKey;
}

/** Grants the user staff (as the command line does) and returns their key, which now opens /graphql. */
export async function staffKeyOf(svc: TestService, user: Agent): Promise<string> {
  await svc.db.pool.query(`select app_private.grant_staff($1, 'cli:test')`, [user.email]);
  return user.apiKey;
}
