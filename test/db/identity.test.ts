// Users, keys and rate limits in SQL: every function's error codes, and row-level security for
// each role (an agent sees only itself; no request role reaches a secret).
import { Client } from 'pg';
import { mintApiKey, sha256 } from '../../src/credentials';
import { asRole, callAs, createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A key minted as the API mints it: SQL gets both tiers' digests and the public head. */
function minted(): { args: unknown[]; keyFor(tier: 'public' | 'admin'): string } {
  const m = mintApiKey();
  return { args: [m.publicDigest, m.adminDigest, m.head], keyFor: m.keyFor };
}

let n = 0;
async function register(): Promise<{ userId: string; apiKey: string; keyId: string; email: string }> {
  const email = `agent${++n}@example.com`;
  const key = minted();
  // As the API calls it: the anonymous request role.
  const { rows } = await callAs(
    db,
    'marine_anonymous',
    `select app_hidden.register_agent('Ada', 'Lovelace', $1, 'correct horse battery', null, $2, $3, $4) as r`,
    [email, ...key.args],
  );
  const r = rows[0].r;
  return { userId: r.agent.id, apiKey: key.keyFor(r.key.tier), keyId: r.key.id, email };
}

describe('register_agent', () => {
  test('creates an agent with a public key that is stored only as a digest', async () => {
    const a = await register();
    expect(a.apiKey).toMatch(/^svc_public_[0-9a-f]{40}$/);
    const { rows } = await db.pool.query(
      `select u.is_agent, u.is_admin, k.tier, k.prefix, s.digest = extensions.digest($2, 'sha256') as digest_ok,
        us.password_hash <> 'correct horse battery' and us.password_hash = extensions.crypt('correct horse battery', us.password_hash) as hash_ok
      from app_public.users u join app_public.api_keys k on k.user_id = u.id
      join app_private.api_key_secrets s on s.key_id = k.id join app_private.user_secrets us on us.user_id = u.id
      where u.id = $1`,
      [a.userId, a.apiKey],
    );
    expect(rows).toEqual([
      { is_agent: true, is_admin: false, tier: 'public', prefix: a.apiKey.slice(0, 19), digest_ok: true, hash_ok: true },
    ]);
  });

  test('an e-mail taken in another letter case is CONFL', async () => {
    const a = await register();
    expect(
      await sqlState(
        callAs(db, 'marine_anonymous', `select app_hidden.register_agent('B', 'C', $1, 'correct horse battery', null, $2, $3, $4)`, [
          a.email.toUpperCase(),
          ...minted().args,
        ]),
      ),
    ).toBe('CONFL');
  });
});

describe('authenticate_api_key and admit_request', () => {
  // As the request roles reach it: granted to the anonymous role (admit_request calls it).
  const authenticate = (digest: Buffer) =>
    callAs(db, 'marine_anonymous', 'select app_hidden.authenticate_api_key($1::bytea) as r', [digest]).then((r) => r.rows[0].r);

  test('an unknown key is CREDS', async () => {
    expect(await sqlState(authenticate(sha256(`svc_public_${'0'.repeat(40)}`)))).toBe('CREDS');
  });

  test('a plain key is not a digest: CREDS', async () => {
    const a = await register();
    expect(await authenticate(sha256(a.apiKey))).toMatchObject({ userId: a.userId, tier: 'public' });
    expect(await sqlState(authenticate(Buffer.from(a.apiKey)))).toBe('CREDS');
  });

  test('a revoked key is CREDS', async () => {
    const a = await register();
    expect(await authenticate(sha256(a.apiKey))).toMatchObject({ keyId: a.keyId });
    // Revoked by its owner, as DELETE /api/v1/user-api-keys/:id does, and committed.
    await callAs(db, 'marine_agent', 'select app_hidden.revoke_own_api_key($1)', [a.keyId], a.userId);
    expect(await sqlState(authenticate(sha256(a.apiKey)))).toBe('CREDS');
  });

  test('an admin key of a demoted user acts as public', async () => {
    const a = await register();
    await db.pool.query(`select app_private.set_admin($1, true)`, [a.email]);
    const key = minted();
    const {
      rows: [k],
    } = await db.pool.query(`select app_private.mint_api_key($1, 'live', $2, $3, $4) as k`, [a.userId, ...key.args]);
    expect(k.k).toMatchObject({ tier: 'admin', prefix: expect.stringMatching(/^svc_live_[0-9a-f]{8}$/) });
    const tier = async () => (await authenticate(sha256(key.keyFor('admin')))).tier;
    expect(await tier()).toBe('admin');
    await db.pool.query(`select app_private.set_admin($1, false)`, [a.email]);
    expect(await tier()).toBe('public');
  });

  test('admission counts anonymous callers by address and keys by key', async () => {
    const a = await register();
    const admit = async (key: string | null, ip: string) =>
      (
        await callAs(db, 'marine_anonymous', 'select app_hidden.admit_request($1, $2, 60, 2, 3, 4) as r', [
          key === null ? null : sha256(key),
          ip,
        ])
      ).rows[0].r;
    expect((await admit(null, '10.0.0.1')).rate).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect((await admit(null, '10.0.0.1')).rate).toMatchObject({ allowed: true, remaining: 0 });
    expect((await admit(null, '10.0.0.2')).rate).toMatchObject({ allowed: true, remaining: 1 });
    const keyed = await admit(a.apiKey, '10.0.0.1');
    expect(keyed).toMatchObject({
      caller: { userId: a.userId, tier: 'public' },
      rate: { allowed: true, limit: 3, remaining: 2 },
      role: 'marine_agent',
    });
  });

  test('a spent quota is RATEL with the admission as detail, and is not counted', async () => {
    const admit = () => callAs(db, 'marine_anonymous', `select app_hidden.admit_request(null, '10.0.1.1', 60, 1, 3, 4) as r`);
    await admit();
    for (let i = 0; i < 2; i++) {
      const err = (await admit().catch((e: { code: string; detail: string }) => e)) as { code: string; detail: string };
      expect(err.code).toBe('RATEL');
      expect(JSON.parse(err.detail)).toMatchObject({
        caller: null,
        role: 'marine_anonymous',
        rate: { allowed: false, limit: 1, remaining: 0 },
      });
    }
    const {
      rows: [c],
    } = await db.pool.query(
      `select (select count(*)::int from app_private.rate_limit_slots where bucket = 'ip:10.0.1.1') as slots, total::int as hits from app_private.rate_limit_buckets where bucket = 'ip:10.0.1.1'`,
    );
    expect(c).toEqual({ slots: 0, hits: 1 });
  });
});

describe('count_registration_attempt', () => {
  test('its bucket is the client address and its window an hour, as SQL decides', async () => {
    const attempt = async () =>
      (await callAs(db, 'marine_anonymous', 'select app_hidden.count_registration_attempt($1, 2) as r', ['198.51.100.9'])).rows[0].r;
    expect(await attempt()).toMatchObject({ allowed: true, limit: 2, remaining: 1, window: 3600 });
    expect(await attempt()).toMatchObject({ allowed: true, remaining: 0 });
    expect(await attempt()).toMatchObject({ allowed: false, remaining: 0, window: 3600 });
    const { rows } = await db.pool.query(
      `select total::int as hits from app_private.rate_limit_buckets where bucket = 'register:198.51.100.9'`,
    );
    expect(rows).toEqual([{ hits: 2 }]);
  });
});

describe('rate_limit_hit', () => {
  // As the registration throttle calls it: the anonymous request role, committed.
  const hit = async (bucket: string, limit: number, windowSeconds: number) =>
    (await callAs(db, 'marine_anonymous', 'select app_hidden.rate_limit_hit($1, $2, $3) as r', [bucket, limit, windowSeconds])).rows[0].r;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  test('a rolling window: the oldest hit frees its slot when it leaves the window (a slot, 1/8640 of it, later at most)', async () => {
    // reset: the window plus what is left of the hit's slot, rounded up.
    const first = await hit('t:roll', 2, 1);
    expect(first).toMatchObject({ allowed: true, remaining: 1 });
    expect([1, 2]).toContain(first.reset);
    expect(await hit('t:roll', 2, 1)).toMatchObject({ allowed: true, remaining: 0 });
    const denied = await hit('t:roll', 2, 1);
    expect(denied).toMatchObject({ allowed: false, remaining: 0 });
    expect(denied.reset).toBeGreaterThanOrEqual(1);
    await sleep(1100);
    expect(await hit('t:roll', 2, 1)).toMatchObject({ allowed: true });
  });

  test('exact under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => hit('t:conc', 25, 3600)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });

  test('exact under concurrency while earlier hits leave the window', async () => {
    for (let i = 0; i < 10; i++) await hit('t:expire', 25, 1);
    await sleep(1100);
    const results = await Promise.all(Array.from({ length: 40 }, () => hit('t:expire', 25, 1)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });

  test('refusals write nothing, and the newest row keeps the count', async () => {
    // Its own buckets: refusals under concurrency, and hits that left the window.
    await Promise.all(Array.from({ length: 12 }, () => hit('t:book-refused', 5, 3600)));
    for (let i = 0; i < 4; i++) await hit('t:book-expired', 3, 1);
    await sleep(1100);
    await Promise.all(Array.from({ length: 6 }, () => hit('t:book-expired', 3, 1)));
    const { rows } = await db.pool.query(`
      select bucket, (total - gone)::int as in_window, total::int
        from app_private.rate_limit_buckets where bucket like 't:book-%' order by bucket`);
    expect(rows).toEqual([
      { bucket: 't:book-expired', in_window: 3, total: 6 },
      { bucket: 't:book-refused', in_window: 5, total: 5 },
    ]);
  });
});

// Bounded storage (docs/decisions.md, "Admission in bounded storage"): the clock is simulated
// (app_private.rate_limit_take's p_now), each hit commits as a request's admission does.
describe('rate_limit_take', () => {
  /** Drives `hits` hits of one bucket, `gapMs` apart from 2025-01-01, committing each; the rows kept at the end. */
  async function drive(bucket: string, hits: number, gapMs: number, limit: number, windowSeconds: number) {
    await db.pool.query(`
      do $$
      declare v_rows int;
      begin
        for i in 1..${hits} loop
          perform app_private.rate_limit_take('${bucket}', ${limit}, ${windowSeconds}, timestamptz '2025-01-01' + i * interval '${gapMs} ms');
          commit;
          if i % 1000 = 0 then
            select count(*) + 1 into v_rows from app_private.rate_limit_slots where bucket = '${bucket}';
            if v_rows > 8642 then raise exception 'bucket % holds % rows after % hits', '${bucket}', v_rows, i; end if;
          end if;
        end loop;
      end $$`);
    const { rows } = await db.pool.query(
      `select (select count(*)::int + 1 from app_private.rate_limit_slots s where s.bucket = b.bucket) as rows, total::int as counted
         from app_private.rate_limit_buckets b where b.bucket = $1`,
      [bucket],
    );
    return rows[0] as { rows: number; counted: number };
  }

  test('100,000 requests of one admin key over two days: 20,000 counted (10,000 a day), fewer than 8,642 rows kept', async () => {
    const kept = await drive('t:100k', 100_000, 1728, 10_000, 86_400);
    expect(kept).toEqual({ rows: expect.any(Number), counted: 20_000 });
    expect(kept.rows).toBeLessThanOrEqual(8642);
  }, 300_000);

  test('a hit in every slot: the rows stop at 8,642 (8,640 slots per window, the slot being filled, the baseline)', async () => {
    expect(await drive('t:dense', 20_000, 4, 1_000_000, 60)).toEqual({ rows: 8642, counted: 20_000 });
  }, 300_000);

  test('the same answers as a model of the stepped window (every hit counted until its slot ends plus the window)', async () => {
    const windowSeconds = 60;
    const limit = 40;
    const stepUs = Math.ceil((windowSeconds * 1e6) / 8640);
    const start = Date.parse('2025-01-01T00:00:00Z') * 1000; // microseconds
    const counted: number[] = []; // when each counted hit leaves the window (µs)
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let t = start;
    const client = await db.pool.connect();
    let refused = 0;
    try {
      for (let i = 0; i < 600; i++) {
        t += Math.floor(random() < 0.8 ? random() * 500_000 : random() * 20_000_000); // bursts and pauses
        const live = counted.filter((e) => e > t);
        const allowed = live.length < limit;
        const expires = (Math.floor(t / stepUs) + 1) * stepUs + windowSeconds * 1e6;
        if (allowed) counted.push(expires);
        else refused++;
        const oldest = Math.min(...(allowed ? [...live, expires] : live));
        const at = new Date(t / 1000).toISOString().replace('Z', `${String(t % 1000).padStart(3, '0')}Z`);
        const { rows } = await client.query(`select app_private.rate_limit_take('t:model', $1, $2, $3::timestamptz) as r`, [
          limit,
          windowSeconds,
          at,
        ]);
        expect([i, rows[0].r]).toEqual([
          i,
          {
            allowed,
            limit,
            remaining: limit - live.length - (allowed ? 1 : 0),
            window: windowSeconds,
            reset: Math.max(1, Math.ceil((oldest - t) / 1e6)),
          },
        ]);
      }
    } finally {
      client.release();
    }
    // Both refusals and hits counted after others left the window.
    expect(refused).toBeGreaterThan(0);
    expect(counted.length).toBeGreaterThan(2 * limit);
  });
});

// The sweep of buckets whose every hit has left the window (app_private.rate_limit_sweep, run
// hourly by the job worker), on the simulated clock.
describe('rate_limit_sweep', () => {
  const take = (bucket: string, at: string) =>
    db.pool.query(`select app_private.rate_limit_take($1, 3, 60, $2::timestamptz) as r`, [bucket, at]).then((r) => r.rows[0].r);
  const rowsOf = async (bucket: string) => {
    const { rows } = await db.pool.query(
      `select (select count(*)::int from app_private.rate_limit_buckets where bucket = $1) as buckets,
              (select count(*)::int from app_private.rate_limit_slots where bucket = $1) as slots`,
      [bucket],
    );
    return rows[0] as { buckets: number; slots: number };
  };

  test('removes a bucket and its slots once its newest hit has left the window, keeps one with a hit in it, and a removed bucket starts again', async () => {
    // Hits in three slots (a window of 60 s has slots of 6.944 ms): slot rows are kept.
    for (const ms of ['00.000', '00.010', '00.020']) await take('t:sweep-old', `2025-01-01T00:00:${ms}Z`);
    await take('t:sweep-live', '2025-01-01T00:00:50Z');
    expect(await rowsOf('t:sweep-old')).toEqual({ buckets: 1, slots: 2 });
    // 00:01:00.03: every hit of t:sweep-old has left (its newest, at 00.020, by 01:00.021 at most),
    // and t:sweep-live's is in the window until about 01:50.
    const { rows } = await db.pool.query(
      `select app_private.rate_limit_sweep(100, '2025-01-01T00:01:00.030Z') as n,
              app_private.rate_limit_sweep(100, '2025-01-01T00:01:00.030Z') as again`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('t:sweep-old')).toEqual({ buckets: 0, slots: 0 });
    expect(await rowsOf('t:sweep-live')).toEqual({ buckets: 1, slots: 0 });
    const { rows: none } = await db.pool.query(
      `select count(*)::int as n from app_private.rate_limit_buckets where bucket like 't:sweep-%' and expires_at <= '2025-01-01T00:01:00.030Z'`,
    );
    expect(none[0].n).toBe(0);
    // What the removed bucket's next hit says is what a first hit says.
    expect(await take('t:sweep-old', '2025-01-01T00:01:01Z')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await take('t:sweep-live', '2025-01-01T00:01:01Z')).toMatchObject({ allowed: true, remaining: 1 });
  });

  test('removes at most its batch, oldest or not, and says how many', async () => {
    for (let i = 0; i < 5; i++) await take(`t:sweep-batch-${i}`, '2024-06-01T00:00:00Z');
    const sweep = () =>
      db.pool.query(`select app_private.rate_limit_sweep(2, '2024-06-01T00:10:00Z') as n`).then((r) => r.rows[0].n as number);
    expect([await sweep(), await sweep(), await sweep(), await sweep()]).toEqual([2, 2, 1, 0]);
  });

  test('a hit committed while the sweep waits on its row keeps the bucket and its count', async () => {
    await take('t:sweep-race', '2024-07-01T00:00:00Z');
    const hit = await db.pool.connect();
    const sweeper = await db.pool.connect();
    try {
      // The hit at 00:02 (its window moved on) holds the row's lock; the sweep at 00:02, which saw
      // the bucket expired, waits for it, then reads the row again.
      await hit.query('begin');
      await hit.query(`select app_private.rate_limit_take('t:sweep-race', 3, 60, '2024-07-01T00:02:00Z')`);
      const swept = sweeper.query(`select app_private.rate_limit_sweep(100, '2024-07-01T00:02:00Z') as n`);
      await new Promise((r) => setTimeout(r, 200));
      await hit.query('commit');
      await swept;
      expect(await rowsOf('t:sweep-race')).toEqual({ buckets: 1, slots: expect.any(Number) });
      expect(await take('t:sweep-race', '2024-07-01T00:02:01Z')).toMatchObject({ allowed: true, remaining: 1 });
    } finally {
      hit.release();
      sweeper.release();
    }
  });
});

describe('own keys', () => {
  test('a non-admin may hold 2 active keys (CONFL), an admin 5', async () => {
    const a = await register();
    await asRole(
      db,
      'marine_agent',
      async (c) => {
        await c.query(`select app_hidden.mint_own_api_key('second', $1, $2, $3)`, minted().args);
        expect(await sqlState(c.query(`select app_hidden.mint_own_api_key('third', $1, $2, $3)`, minted().args))).toBe('CONFL');
      },
      a.userId,
    );
    await db.pool.query('select app_private.set_admin($1, true)', [a.email]);
    await asRole(
      db,
      'marine_admin',
      async (c) => {
        for (let i = 0; i < 4; i++) await c.query(`select app_hidden.mint_own_api_key('k', $1, $2, $3)`, minted().args);
        expect(await sqlState(c.query(`select app_hidden.mint_own_api_key('sixth', $1, $2, $3)`, minted().args))).toBe('CONFL');
      },
      a.userId,
    );
  });

  test.each(['marine_anonymous', 'marine_agent'] as const)(
    'minting, listing or revoking needs a user: CREDS as %s without one',
    async (role) => {
      for (const [sql, args] of [
        [`select app_hidden.mint_own_api_key('x', $1, $2, $3)`, minted().args],
        ['select app_hidden.list_own_api_keys()', []],
        ['select app_hidden.revoke_own_api_key($1)', ['00000000-0000-4000-8000-000000000000']],
      ] as const) {
        await asRole(db, role, async (c) => {
          expect([sql, await sqlState(c.query(sql, [...args]))]).toEqual([sql, 'CREDS']);
        });
      }
    },
  );

  test("revoking another user's key is NTFND", async () => {
    const a = await register();
    const b = await register();
    await asRole(
      db,
      'marine_agent',
      async (c) => {
        expect(await sqlState(c.query('select app_hidden.revoke_own_api_key($1)', [b.keyId]))).toBe('NTFND');
      },
      a.userId,
    );
  });

  test('list shows own active keys without the key itself', async () => {
    const a = await register();
    await asRole(
      db,
      'marine_agent',
      async (c) => {
        const { rows } = await c.query('select app_hidden.list_own_api_keys() as r');
        expect(rows[0].r.keys).toEqual([
          {
            id: a.keyId,
            name: 'Initial key',
            prefix: a.apiKey.slice(0, 19),
            tier: 'public',
            createdAt: expect.any(String),
            lastUsedAt: null,
            revokedAt: null,
          },
        ]);
        expect(JSON.stringify(rows[0].r)).not.toContain(a.apiKey);
      },
      a.userId,
    );
  });

  test('current_account: the caller, or null for anonymous', async () => {
    const a = await register();
    await asRole(
      db,
      'marine_agent',
      async (c) => {
        const { rows } = await c.query('select app_hidden.current_account() as r');
        expect(rows[0].r).toEqual({
          id: a.userId,
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: a.email,
          isAdmin: false,
          isAgent: true,
          canMintAdminKeys: false,
        });
      },
      a.userId,
    );
    await asRole(db, 'marine_anonymous', async (c) => {
      expect((await c.query('select app_hidden.current_account() as r')).rows[0].r).toBeNull();
    });
  });

  test('set_admin of an unknown e-mail is NTFND', async () => {
    expect(await sqlState(db.pool.query(`select app_private.set_admin('nobody@example.com', true)`))).toBe('NTFND');
  });
});

describe('row-level security', () => {
  test('an agent sees only its own user and keys, and cannot change them directly', async () => {
    const a = await register();
    const b = await register();
    await asRole(
      db,
      'marine_agent',
      async (c) => {
        expect((await c.query('select id from app_public.users')).rows).toEqual([{ id: a.userId }]);
        expect((await c.query('select id from app_public.api_keys')).rows).toEqual([{ id: a.keyId }]);
        expect((await c.query('select id from app_public.api_keys where user_id = $1', [b.userId])).rows).toEqual([]);
      },
      a.userId,
    );
    await asRole(
      db,
      'marine_agent',
      async (c) => {
        expect(await sqlState(c.query('update app_public.api_keys set revoked_at = now() where id = $1', [b.keyId]))).toBe('42501');
      },
      a.userId,
    );
    await asRole(
      db,
      'marine_agent',
      async (c) => {
        expect(await sqlState(c.query('update app_public.users set is_admin = true where id = $1', [a.userId]))).toBe('42501');
      },
      a.userId,
    );
  });

  test('anonymous callers see no users or keys', async () => {
    await register();
    for (const table of ['users', 'api_keys']) {
      await asRole(db, 'marine_anonymous', async (c) => {
        expect([table, await sqlState(c.query(`select * from app_public.${table}`))]).toEqual([table, '42501']);
      });
    }
  });

  test.each(['marine_anonymous', 'marine_agent', 'marine_admin'] as const)(
    '%s cannot read password hashes, key digests or rate-limit rows',
    async (role) => {
      for (const table of ['user_secrets', 'api_key_secrets', 'rate_limit_buckets', 'rate_limit_slots']) {
        await asRole(db, role, async (c) => {
          expect(await sqlState(c.query(`select * from app_private.${table}`))).toBe('42501');
        });
      }
    },
  );

  test('an admin sees every user and key', async () => {
    await register();
    const counts = 'select (select count(*)::int from app_public.users) as users, (select count(*)::int from app_public.api_keys) as keys';
    const {
      rows: [all],
    } = await db.pool.query(counts);
    expect(all.keys).toBeGreaterThan(1);
    await asRole(db, 'marine_admin', async (c) => {
      expect((await c.query(counts)).rows[0]).toEqual(all);
    });
  });
});

// The directory's round trip (Database.admittedCall): admission, then the operation as the
// admitted caller, in one query string sent by the API's login role.
describe('admit_request and assume_caller in one round trip', () => {
  async function asAuthenticator<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const c = new Client({ connectionString: db.authUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }
  const bytea = (key: string | null) => (key === null ? 'null' : `'\\x${sha256(key).toString('hex')}'::bytea`);
  const roundTrip = (c: Client, key: string | null, publicLimit = 100) =>
    c
      .query(
        `
      begin; set local role marine_anonymous;
      select app_hidden.admit_request(${bytea(key)}, '192.0.2.7', 86400, 100, ${publicLimit}, 1000) as admission; commit;
      begin; set local role marine_anonymous; select app_hidden.assume_caller(${bytea(key)});
      select current_user as role, current_setting('app.user_id') as user_id; commit`,
      )
      .then((results) => {
        const all = results as unknown as Array<{ rows: any[] }>;
        return { admission: all[2]!.rows[0].admission, op: all[7]!.rows[0] };
      });

  test('every key runs as marine_agent with its claims, whatever its tier (staff is not a tier); the admission says which tier', async () => {
    const agent = await register();
    const admin = await register();
    await db.pool.query('select app_private.set_admin($1, true)', [admin.email]);
    const key = minted();
    await db.pool.query(`select app_private.mint_api_key($1, 'staff', $2, $3, $4)`, [admin.userId, ...key.args]);
    await asAuthenticator(async (c) => {
      expect(await roundTrip(c, agent.apiKey)).toMatchObject({
        admission: { role: 'marine_agent', caller: { userId: agent.userId, tier: 'public' }, rate: { allowed: true, limit: 100 } },
        op: { role: 'marine_agent', user_id: agent.userId },
      });
      expect(await roundTrip(c, key.keyFor('admin'))).toMatchObject({
        admission: { role: 'marine_agent', caller: { userId: admin.userId, tier: 'admin' } },
        op: { role: 'marine_agent', user_id: admin.userId },
      });
      expect(await roundTrip(c, null)).toMatchObject({
        admission: { role: 'marine_anonymous', caller: null },
        op: { role: 'marine_anonymous', user_id: '' },
      });
    });
  });

  test('a spent quota: the operation does not run (RATEL, the admission as detail)', async () => {
    const agent = await register();
    await asAuthenticator(async (c) => {
      const err = (await roundTrip(c, agent.apiKey, 0).catch((e: { code: string; detail: string }) => e)) as {
        code: string;
        detail: string;
      };
      expect(err.code).toBe('RATEL');
      expect(JSON.parse(err.detail)).toMatchObject({ rate: { allowed: false, limit: 0, remaining: 0 } });
    });
  });

  test('nothing stays on the connection: after an admin round trip, a bad key is CREDS and the next one anonymous', async () => {
    const admin = await register();
    await db.pool.query('select app_private.set_admin($1, true)', [admin.email]);
    const key = minted();
    await db.pool.query(`select app_private.mint_api_key($1, 'staff', $2, $3, $4)`, [admin.userId, ...key.args]);
    await asAuthenticator(async (c) => {
      await roundTrip(c, key.keyFor('admin'));
      expect(await sqlState(roundTrip(c, `svc_public_${'0'.repeat(40)}`))).toBe('CREDS');
      await c.query('rollback');
      expect((await roundTrip(c, null)).op).toEqual({ role: 'marine_anonymous', user_id: '' });
      expect((await c.query(`select current_user as role, current_setting('app.user_id', true) as user_id`)).rows[0]).toEqual({
        role: 'marine_authenticator',
        user_id: '',
      });
    });
  });

  test('assume_caller of a revoked key is CREDS', async () => {
    const agent = await register();
    await db.pool.query('update app_public.api_keys set revoked_at = now() where id = $1', [agent.keyId]);
    await asAuthenticator(async (c) => {
      expect(
        await sqlState(c.query(`begin; set local role marine_anonymous; select app_hidden.assume_caller(${bytea(agent.apiKey)})`)),
      ).toBe('CREDS');
    });
  });
});
