// Opportunities for the owner tests, made through the same SQL functions the API calls, and
// pro actions performed as staff (marine_admin) in committed transactions.
import { mintToken, sha256, verificationDigest } from '../../src/credentials';
import { callAs, type TestDatabase } from './db';
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

let m = 0;
/**
 * For the SQL tests: a confirmed Opportunity with two quotes, made as the API would, with the
 * owner token's digest (hex) as the owner functions take it. Each call takes two other pros.
 */
export async function confirmedOpportunity(db: TestDatabase): Promise<{ id: string; token: string; quotes: string[] }> {
  m += 1;
  const {
    rows: [s],
  } = await db.pool.query('select slug from app_public.specialties limit 1');
  const { rows: pros } = await db.pool.query('select slug from app_public.contractors where is_active order by id limit 2 offset $1', [
    m * 2,
  ]);
  const {
    rows: [d],
  } = await callAs(
    db,
    'marine_anonymous',
    `select app_hidden.create_service_request('Ann', 'Lee', $1, null, $2, 'Here',
    'A description of twenty+', $3, null, null, 3600) as r`,
    [`ann${m}@example.com`, s.slug, pros.map((p) => p.slug)],
  );
  const code = verificationDigest(d.r.requestId, '11112222');
  await db.pool.query('select app_private.set_verification_credentials($1, $2, $3)', [
    d.r.requestId,
    code,
    verificationDigest(d.r.requestId, 'k'.repeat(64)),
  ]);
  // The owner operations take the token's digest (hex), as the API sends it.
  const token = sha256(mintToken());
  const {
    rows: [c],
  } = await callAs(db, 'marine_anonymous', 'select app_hidden.confirm_service_request($1, $2, null, 5, $3) as r', [
    d.r.requestId,
    code,
    token,
  ]);
  return { id: c.r.opportunityId, token: token.toString('hex'), quotes: c.r.quotes.map((q: { quoteId: string }) => q.quoteId) };
}

/** Issues a pro access token for a quote as the worker does (only its digest is stored); returns the token. */
export async function issueProToken(db: TestDatabase, quoteId: string): Promise<string> {
  const token = mintToken();
  await db.pool.query('select app_private.set_pro_token($1, $2)', [quoteId, sha256(token)]);
  return token;
}

export const PRO = '/api/v1/pro/quotes';
