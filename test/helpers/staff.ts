// Staff callers of /graphql: an agent promoted to admin, whose keys are then of the admin tier.
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

/** Promotes the user and mints a key, which is then of the admin tier. */
export async function adminKeyOf(svc: TestService, user: Agent): Promise<string> {
  await svc.db.pool.query('select app_private.set_admin($1, true)', [user.email]);
  const minted = await svc.send('POST', '/api/v1/user-api-keys', { name: 'staff' }, user.apiKey);
  expect(minted.body.data.apiKey).toMatch(/^svc_live_/);
  return minted.body.data.apiKey;
}
