// The request flow's SQL functions (every error code) and policies (every role).
import { verificationDigest } from '../../src/credentials';
import { asRole, callAs, createTestDatabase, sqlState, type Queryable, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let specialty: string;
let pro: string;
beforeAll(async () => {
  db = await createTestDatabase();
  specialty = (await db.pool.query('select slug from app_public.specialties order by slug limit 1')).rows[0].slug;
  pro = (await db.pool.query('select slug from app_public.contractors where is_active order by slug limit 1')).rows[0].slug;
});
afterAll(() => db.drop());

const create = (
  client: Queryable,
  overrides: { specialty?: string; pros?: string[]; crid?: string | null; description?: string; lifetime?: number } = {},
) =>
  client
    .query(
      `select app_hidden.create_service_request('Olivia', null, 'olivia@example.com', null, $1,
      'Annapolis, MD', $2, $3, null, $4, $5) as r`,
      [
        overrides.specialty ?? specialty,
        overrides.description ?? 'A description of twenty+',
        overrides.pros ?? [pro],
        overrides.crid ?? null,
        overrides.lifetime ?? 3600,
      ],
    )
    .then((r: { rows: Array<{ r: any }> }) => r.rows[0]!.r);

/** The worker's call: digests of a code and a token, bound to the request. */
const setCredentials = (requestId: string, code: string, token: string) =>
  db.pool.query('select app_private.set_verification_credentials($1, $2, $3)', [
    requestId,
    verificationDigest(requestId, code),
    verificationDigest(requestId, token),
  ]);

/** The anonymous request role, committed: how the API calls the flow's functions. */
const anonymous: Queryable = { query: (text, values) => callAs(db, 'marine_anonymous', text, values) };

/** A draft with known credentials, as the worker would leave it after sending. */
async function draftWithCredentials(lifetime = 3600): Promise<string> {
  const r = await create(anonymous, { lifetime });
  await setCredentials(r.requestId, '12345678', 't'.repeat(64));
  await db.pool.query('select app_private.mark_verification_sent($1)', [r.requestId]);
  return r.requestId;
}

describe('create_service_request', () => {
  test("creates a draft; the job queue is out of the request role's reach", async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      const r = await create(c);
      expect(r).toMatchObject({ status: 'owner_verification_required', source: 'demand-side-search-mcp' });
      // The request role cannot see the queue at all.
      expect(
        await sqlState(
          c.query(`select count(*)::int as n from graphile_worker._private_jobs where payload->>'requestId' = $1`, [r.requestId]),
        ),
      ).toBe('42501');
    });
  });

  test('an unknown specialty is INVAL; an unknown contractor NTFND; a reused clientRequestId with another body CONFL', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(create(c, { specialty: 'nope' }))).toBe('INVAL');
    });
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(create(c, { pros: [pro, 'nope'] }))).toBe('NTFND');
    });
    await asRole(db, 'marine_anonymous', async (c) => {
      await create(c, { crid: 'x1' });
      expect(await sqlState(create(c, { crid: 'x1', description: 'Another description, longer' }))).toBe('CONFL');
    });
  });

  test('a description under 20 characters is refused by the table as well (23514)', async () => {
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(await sqlState(create(c, { description: 'too short' }))).toBe('23514');
    });
  });
});

describe('service_request_confirmation (the GET page)', () => {
  test('NTFND for an unknown or malformed id, CREDS for a wrong token, EXPRD after expiry', async () => {
    const id = await draftWithCredentials();
    await asRole(db, 'marine_anonymous', async (c) => {
      const view = (
        await c.query('select app_hidden.service_request_confirmation($1, $2) as r', [id, verificationDigest(id, 't'.repeat(64))])
      ).rows[0].r;
      expect(view).toMatchObject({ requestId: id, status: 'draft', pros: [expect.any(String)] });
    });
    for (const [args, code] of [
      [['00000000-0000-4000-8000-000000000000', 't'.repeat(64)], 'NTFND'],
      [['nope', 't'.repeat(64)], 'NTFND'],
      [[id, 'u'.repeat(64)], 'CREDS'],
    ] as const) {
      await asRole(db, 'marine_anonymous', async (c) => {
        const [requestId, token] = args;
        expect(
          await sqlState(
            c.query('select app_hidden.service_request_confirmation($1, $2)', [requestId, verificationDigest(requestId, token)]),
          ),
        ).toBe(code);
      });
    }
    await db.pool.query(`update app_public.service_requests set expires_at = now() - interval '1 second' where id = $1`, [id]);
    await asRole(db, 'marine_anonymous', async (c) => {
      expect(
        await sqlState(c.query('select app_hidden.service_request_confirmation($1, $2)', [id, verificationDigest(id, 't'.repeat(64))])),
      ).toBe('EXPRD');
    });
  });
});

describe('confirm_service_request', () => {
  const digest = (id: string, secret: string | null) => (secret === null ? null : verificationDigest(id, secret));
  const ownerTokenDigest = Buffer.alloc(32, 7);
  // As the API calls it: the anonymous request role.
  const confirm = (id: string, code: string | null, token: string | null = null, ownerToken = ownerTokenDigest) =>
    anonymous
      .query('select app_hidden.confirm_service_request($1, $2, $3, 5, $4) as r', [id, digest(id, code), digest(id, token), ownerToken])
      .then((r) => r.rows[0].r);

  test('a wrong code is a committed CREDS refusal that counts; the right one promotes once', async () => {
    const id = await draftWithCredentials();
    expect(await confirm(id, '00000000')).toEqual({
      refusal: { code: 'CREDS', message: 'Invalid verification code or token', detail: '1 of 5 attempts used.' },
    });
    const { rows } = await db.pool.query('select failed_attempts from app_public.service_requests where id = $1', [id]);
    expect(rows[0].failed_attempts).toBe(1);
    const ok = await confirm(id, null, 't'.repeat(64));
    expect(ok).toMatchObject({ status: 'created', ownerAccessToken: 'issued' });
    const { rows: tokens } = await db.pool.query(
      'select digest, issued_via from app_private.owner_access_tokens where opportunity_id = $1',
      [ok.opportunityId],
    );
    expect(tokens).toEqual([{ digest: ownerTokenDigest, issued_via: 'confirm_response' }]);
    expect(await confirm(id, '12345678')).toMatchObject({
      status: 'already_confirmed',
      opportunityId: ok.opportunityId,
      ownerAccessToken: null,
    });
  });

  test('NTFND, EXPRD and RATEL (locked)', async () => {
    expect(await sqlState(confirm('00000000-0000-4000-8000-000000000000', '12345678'))).toBe('NTFND');
    const expired = await draftWithCredentials(1);
    await db.pool.query(`update app_public.service_requests set expires_at = now() - interval '1 second' where id = $1`, [expired]);
    expect(await sqlState(confirm(expired, '12345678'))).toBe('EXPRD');
    const locked = await draftWithCredentials();
    await db.pool.query(
      `update app_public.service_requests set failed_attempts = 5, expires_at = now() + interval '600 seconds' where id = $1`,
      [locked],
    );
    // RATEL's detail is the seconds until the draft expires (the API's Retry-After).
    const refusal = await confirm(locked, '12345678').then(
      () => null,
      (e: { code: string; detail: string }) => e,
    );
    expect(refusal?.code).toBe('RATEL');
    expect(Number(refusal?.detail)).toBeGreaterThan(590);
    expect(Number(refusal?.detail)).toBeLessThanOrEqual(600);
    // Locked and expired: expired (410) wins, as there is nothing left to wait for.
    await db.pool.query(`update app_public.service_requests set expires_at = now() - interval '1 second' where id = $1`, [locked]);
    expect(await sqlState(confirm(locked, '12345678'))).toBe('EXPRD');
  });

  test('five wrong codes lock the code only: the right code is RATEL, a wrong token CREDS, the right token confirms', async () => {
    const id = await draftWithCredentials();
    for (let i = 1; i <= 5; i++) expect((await confirm(id, '00000000')).refusal.code).toBe('CREDS');
    expect(await sqlState(confirm(id, '12345678'))).toBe('RATEL');
    expect(await confirm(id, null, 'e'.repeat(64))).toEqual({
      refusal: {
        code: 'CREDS',
        message: 'Invalid verification code or token',
        detail: 'The code is locked after 5 wrong attempts; the link in the e-mail still confirms.',
      },
    });
    expect(await confirm(id, null, 't'.repeat(64), Buffer.alloc(32, 8))).toMatchObject({ status: 'created', ownerAccessToken: 'issued' });
  });

  test('a credential is bound to its request: the same code on another draft does not match', async () => {
    const a = await draftWithCredentials();
    const b = (await create(anonymous)).requestId;
    await setCredentials(b, '87654321', 'v'.repeat(64));
    expect(verificationDigest(a, '12345678')).not.toEqual(verificationDigest(b, '12345678'));
    expect(await confirm(b, '12345678')).toHaveProperty('refusal');
    // a's digest itself, presented for b, does not match either.
    const {
      rows: [r],
    } = await anonymous.query('select app_hidden.confirm_service_request($1, $2, null, 5, $3) as r', [
      b,
      verificationDigest(a, '12345678'),
      ownerTokenDigest,
    ]);
    expect(r.r).toHaveProperty('refusal');
  });
});

describe('row-level security', () => {
  test.each(['marine_anonymous', 'marine_agent'] as const)("%s can read none of the flow's tables", async (role) => {
    for (const table of ['service_requests', 'service_request_pros', 'opportunities', 'quotes', 'request_events']) {
      await asRole(db, role, async (c) => {
        expect(await sqlState(c.query(`select * from app_public.${table}`))).toBe('42501');
      });
    }
    for (const table of ['service_request_secrets', 'owner_access_tokens']) {
      await asRole(db, role, async (c) => {
        expect(await sqlState(c.query(`select * from app_private.${table}`))).toBe('42501');
      });
    }
  });

  test('admins see every request, opportunity, quote and event, but no secret', async () => {
    // A confirmed request: a draft, an Opportunity, a quote and their events.
    const id = await draftWithCredentials();
    const confirmed = await anonymous.query('select app_hidden.confirm_service_request($1, $2, null, 5, $3) as r', [
      id,
      verificationDigest(id, '12345678'),
      Buffer.alloc(32, 9),
    ]);
    expect(confirmed.rows[0].r).toMatchObject({ status: 'created' });
    for (const table of ['service_requests', 'opportunities', 'quotes', 'request_events']) {
      const count = `select count(*)::int as n from app_public.${table}`;
      const all = (await db.pool.query(count)).rows[0].n;
      expect([table, all > 0]).toEqual([table, true]);
      await asRole(db, 'marine_admin', async (c) => {
        expect([table, (await c.query(count)).rows[0].n]).toEqual([table, all]);
      });
    }
    for (const table of ['service_request_secrets', 'owner_access_tokens']) {
      await asRole(db, 'marine_admin', async (c) => {
        expect([table, await sqlState(c.query(`select * from app_private.${table}`))]).toEqual([table, '42501']);
      });
    }
  });
});
