// Database (src/db/database.ts) against PostgreSQL: every call is one round trip (its admission
// when one is pending, the caller's transaction, the operation with bound parameters, the
// commit), and a failure anywhere stops what follows it and leaves the connection clean.
import type { Socket } from 'node:net';
import pg from 'pg';
import { mintApiKey, sha256 } from '../../src/credentials';
import { CONFLICT_RETRIES } from '../../src/db/conflicts';
import { ANONYMOUS, asTokenHolder, type Caller, type DeferredAdmission } from '../../src/db/caller';
import { createDatabase } from '../../src/db/pool';
import type { Database } from '../../src/db/database';
import { prepareHeadCalls } from '../../src/db/head-calls';
import { callAs, createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let api: Database;
/** What went over the API pool's one connection since the last clear: each write and each read. */
const wire: Array<'write' | 'read'> = [];

/** The calls' round trips on the wire: a write after a read starts a new one. */
function roundTrips(): number {
  return wire.filter((w, i) => w === 'write' && (i === 0 || wire[i - 1] === 'read')).length;
}

let n = 0;
async function agent(): Promise<{ userId: string; keyId: string; digest: Buffer }> {
  const m = mintApiKey();
  const { rows } = await callAs(
    db,
    'marine_anonymous',
    `select app_hidden.register_agent('Ada', 'Trip', $1, 'correct horse battery', null, $2, $3, $4) as r`,
    [`trip${++n}@example.com`, m.publicDigest, m.adminDigest, m.head],
  );
  return { userId: rows[0].r.agent.id, keyId: rows[0].r.key.id, digest: sha256(m.keyFor('public')) };
}

/** A request's pending admission as src/identity/admission.ts leaves it, recording what it is told. */
function pending(keyDigest: Buffer | null, publicLimit = 10) {
  const seen: { settled?: { rate: { remaining: number }; role: string }; failed?: unknown } = {};
  const admission: DeferredAdmission = {
    keyDigest,
    args: ['192.0.2.44', 86400, 10, publicLimit, 100],
    settle(value) {
      seen.settled = value as typeof seen.settled;
    },
    fail(err) {
      seen.failed = err;
      throw err;
    },
    now: () => Promise.reject(new Error('not used here')),
  };
  const caller: Caller = { ...ANONYMOUS, admission };
  return { caller, seen };
}

async function revokedAt(keyId: string): Promise<unknown> {
  return (await db.pool.query('select revoked_at from app_public.api_keys where id = $1', [keyId])).rows[0].revoked_at;
}

beforeAll(async () => {
  db = await createTestDatabase();
  // An operation that loses a race on its first runs, as a deadlock victim does: PostgreSQL
  // aborts it with 40P01 after it wrote. The sequence counts runs across the rollbacks.
  await db.pool.query(`
    create sequence public.race_runs;
    create table public.race_writes (run bigint);
    create function app_hidden.race_victim(p_lost_runs int) returns json language plpgsql
      security definer set search_path to pg_catalog, public as $$
    declare v_run bigint := nextval('public.race_runs');
    begin
      insert into public.race_writes values (v_run);
      if v_run <= p_lost_runs then
        raise exception 'deadlock detected' using errcode = '40P01';
      end if;
      return json_build_object('run', v_run, 'role', current_setting('role'));
    end $$;
    grant execute on function app_hidden.race_victim(int) to marine_anonymous;`);
});

async function raceRound(): Promise<void> {
  await db.pool.query('alter sequence public.race_runs restart; truncate public.race_writes');
}
const raceWrites = async () => (await db.pool.query('select run from public.race_writes order by run')).rows.map((r) => Number(r.run));
afterAll(() => db.drop());

// Both poolings: a connection of its own (the head's calls prepared on it, src/db/head-calls.ts)
// and a transaction pooler's (the timeouts per transaction, the head's calls as literals).
describe.each([
  { pooling: 'session', timeoutsPerTransaction: false },
  { pooling: 'transaction', timeoutsPerTransaction: true },
])('$pooling pooling', ({ pooling, timeoutsPerTransaction }) => {
  beforeAll(async () => {
    // One connection, so every call reuses what the one before it left.
    api = createDatabase(db.authUrl, {
      max: 1,
      acquireTimeoutMs: 5000,
      statementTimeoutMs: 5000,
      idleInTransactionTimeoutMs: 10000,
      timeoutsPerTransaction,
    });
    api.pool.on('connect', (client: pg.PoolClient) => {
      const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      const write = stream.write.bind(stream) as (...a: unknown[]) => boolean;
      stream.write = ((...a: unknown[]) => {
        wire.push('write');
        return write(...a);
      }) as typeof stream.write;
      stream.on('data', () => wire.push('read'));
    });
    await api.callJson(ANONYMOUS, 'app_hidden.list_specialties', []); // connected before the first clear
  });
  afterAll(() => api.close());

  beforeEach(() => {
    wire.length = 0;
  });

  test('an admitted operation is one round trip: the admission counts, the operation runs as the key', async () => {
    const a = await agent();
    const { caller, seen } = pending(a.digest);
    const account = await api.callJson<{ id: string }>(caller, 'app_hidden.current_account', []);
    expect(account.id).toBe(a.userId);
    expect(seen.settled).toMatchObject({ role: 'marine_agent', rate: { remaining: 9 } });
    expect(roundTrips()).toBe(1);
    expect(caller.admission).toBeUndefined();
  });

  test('a caller already admitted is one round trip too, with its arguments bound', async () => {
    const a = await agent();
    const other = await agent();
    const caller: Caller = { role: 'marine_agent', userId: a.userId };
    // A quote in an argument is data, not SQL.
    expect(await sqlState(api.callJson(caller, 'app_hidden.revoke_own_api_key', ["00000000-0000-4000-8000-000000000000'); --"]))).toBe(
      '22P02',
    );
    wire.length = 0;
    expect(await sqlState(api.callJson(caller, 'app_hidden.revoke_own_api_key', [other.keyId]))).toBe('NTFND');
    expect(roundTrips()).toBe(1);
    expect(await revokedAt(other.keyId)).toBeNull();
  });

  test('a spent quota: the operation does not run, and the connection is clean for the next call', async () => {
    const a = await agent();
    const { caller, seen } = pending(a.digest, 0);
    expect(await sqlState(api.callJson(caller, 'app_hidden.revoke_own_api_key', [a.keyId]))).toBe('RATEL');
    expect(seen.failed).toBeDefined();
    expect(seen.settled).toBeUndefined();
    expect(roundTrips()).toBe(1);
    expect(await revokedAt(a.keyId)).toBeNull();
    // The next call on the same connection is anonymous, not the refused key.
    expect(await api.callJson(ANONYMOUS, 'app_hidden.current_account', [])).toBeNull();
  });

  test('an unknown key: CREDS, nothing runs', async () => {
    const a = await agent();
    const { caller, seen } = pending(sha256(`svc_public_${'0'.repeat(40)}`));
    expect(await sqlState(api.callJson(caller, 'app_hidden.revoke_own_api_key', [a.keyId]))).toBe('CREDS');
    expect(seen.settled).toBeUndefined();
    expect(await revokedAt(a.keyId)).toBeNull();
  });

  test("an operation that fails after admission: the count stays, the answer is the operation's error", async () => {
    const a = await agent();
    const first = pending(a.digest);
    expect(await sqlState(api.callJson(first.caller, 'app_hidden.revoke_own_api_key', ['00000000-0000-4000-8000-000000000000']))).toBe(
      'NTFND',
    );
    expect(first.seen.settled).toMatchObject({ rate: { remaining: 9 } });
    const second = pending(a.digest);
    await api.callJson(second.caller, 'app_hidden.current_account', []);
    expect(second.seen.settled).toMatchObject({ rate: { remaining: 8 } });
  });

  test("an access token's operation runs anonymous, and the key that admitted the request is counted with it", async () => {
    const a = await agent();
    const { caller, seen } = pending(a.digest);
    expect(await api.callJson(asTokenHolder(caller), 'app_hidden.current_account', [])).toBeNull();
    expect(seen.settled).toMatchObject({ role: 'marine_agent', rate: { remaining: 9 } });
    expect(caller.admission).toBeUndefined();
    expect(roundTrips()).toBe(1);
  });

  test('an operation that lost a race runs again: the answer is the run that won, its writes alone stay', async () => {
    await raceRound();
    const answer = await api.callJson(ANONYMOUS, 'app_hidden.race_victim', [2]);
    expect(answer).toEqual({ run: 3, role: 'marine_anonymous' });
    expect(await raceWrites()).toEqual([3]);
  });

  test('an admitted operation that lost a race: the admission counted once, the run again is the key', async () => {
    await raceRound();
    const a = await agent();
    const { caller, seen } = pending(a.digest);
    expect(await api.callJson(caller, 'app_hidden.race_victim', [1])).toEqual({ run: 2, role: 'marine_agent' });
    expect(seen.settled).toMatchObject({ role: 'marine_agent', rate: { remaining: 9 } });
  });

  test(`a race lost ${CONFLICT_RETRIES + 1} times is the answer, and nothing it wrote stays`, async () => {
    await raceRound();
    expect(await sqlState(api.callJson(ANONYMOUS, 'app_hidden.race_victim', [CONFLICT_RETRIES + 1]))).toBe('40P01');
    expect(await raceWrites()).toEqual([]);
    expect((await db.pool.query(`select nextval('public.race_runs') as n`)).rows[0].n).toBe(String(CONFLICT_RETRIES + 2));
  });

  test('nothing stays on the connection after an admitted call', async () => {
    const a = await agent();
    await api.callJson(pending(a.digest).caller, 'app_hidden.current_account', []);
    const { rows } = await api.pool.query(`select current_user as role, current_setting('app.user_id', true) as user_id`);
    expect(rows[0]).toEqual({ role: 'marine_authenticator', user_id: '' });
  });

  test(`the head's calls are ${pooling === 'session' ? 'prepared once on the connection' : 'not prepared'}`, async () => {
    await api.callJson(pending(null).caller, 'app_hidden.current_account', []);
    const { rows } = await api.pool.query<{ name: string }>('select name from pg_prepared_statements order by name');
    expect(rows.map((r) => r.name)).toEqual(pooling === 'session' ? ['marine_admit_request', 'marine_assume_caller'] : []);
  });
});

test('a connection that cannot prepare the head is ended, and says why', async () => {
  const client = new pg.Client({ connectionString: db.authUrl, pipeline: true }); // as the API's pool
  await client.connect();
  const ended = new Promise<void>((resolve) => client.once('end', resolve));
  const errors: Error[] = [];
  prepareHeadCalls(client as pg.PoolClient, (err) => errors.push(err));
  // The same names again: PostgreSQL refuses them (42P05), as it would calls it cannot resolve.
  prepareHeadCalls(client as pg.PoolClient, (err) => errors.push(err));
  await ended;
  expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['42P05']);
});
