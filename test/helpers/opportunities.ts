// Opportunities for the owner tests, made through the same SQL functions the API calls, and
// pro actions performed as staff (marine_admin) in committed transactions.
import { mintToken, sha256, verificationDigest } from '../../src/credentials';
import type { TestDatabase } from './db';
import type { TestService } from './server';

export interface Made {
  opportunityId: string;
  token: string;
  quotes: Array<{ quoteId: string; contractorSlug: string; contractorName: string }>;
}

let n = 0;
/** Needs a service started with RUN_WORKER=false: a worker would overwrite the code it sets. */
export async function makeOpportunity(svc: TestService, proCount = 2, offset = 0): Promise<Made> {
  n += 1;
  const { rows: pros } = await svc.db.pool.query('select slug from app_public.contractors where is_active order by id limit $1 offset $2', [
    proCount,
    offset,
  ]);
  const {
    rows: [s],
  } = await svc.db.pool.query('select slug from app_public.specialties order by slug limit 1');
  const {
    rows: [draft],
  } = await svc.db.pool.query(
    `select app_hidden.create_service_request('Olivia', 'Owner',
      $1, null, $2, 'Annapolis, MD', 'Blistered bottom paint needs stripping.', $3, null, null, 3600) as r`,
    [`owner-${n}-${process.pid}@example.com`, s.slug, pros.map((p) => p.slug)],
  );
  const id = draft.r.requestId;
  const code = verificationDigest(id, '24681357');
  await svc.db.pool.query('select app_private.set_verification_credentials($1, $2, $3)', [
    id,
    code,
    verificationDigest(id, 'c'.repeat(64)),
  ]);
  const token = mintToken();
  const {
    rows: [c],
  } = await svc.db.pool.query('select app_hidden.confirm_service_request($1, $2, null, 5, $3) as r', [id, code, sha256(token)]);
  return { opportunityId: c.r.opportunityId, token, quotes: c.r.quotes };
}

/** Calls an app_public pro-action function as staff, committed; returns its row. */
export async function asStaff(db: TestDatabase, sql: string, args: unknown[]): Promise<any> {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local role marine_admin');
    // `select * from f()` calls f once; `select (f()).*` would call it once per column.
    const { rows } = await client.query(`select * from ${sql}`, args);
    await client.query('commit');
    return rows[0];
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

export const OWNER = '/api/v1/public/search-mcp/owner/opportunities';
