// node dist/bench/admission-floor.js [--size 100000] [--rate 1600] [--duration 15] [--warmup 3]
//   [--rounds 2] [--connections 8]   (after `npm run bench` has created bench_<size>)
// What the admission costs PostgreSQL, part by part (issue 25: the API's PostgreSQL CPU per
// request against pgbench's on the same SQL). Every script is the bench's cheapest transaction,
// `list_specialties` as marine_agent with a user's claim (bench/main.ts's baseline a), with one
// part of the API's admission added; each runs under pgbench as the API's authenticator,
// throttled to the same rate, the scripts in turn for `--rounds` rounds, so every figure is
// measured beside the operation alone in the same minutes. Prints PostgreSQL's CPU per
// transaction (every `postgres` process, bench/cpu.ts) and what each adds to the operation alone.
// The scripts are one string each (`\;`), as the API sends its head, with the calls as literals
// (the API prepares its two head calls once per connection: src/db/head-calls.ts). It makes a
// user with an admin key, a scratch schema and their rate-limit buckets, and removes them after.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { mintApiKey } from '../src/credentials';
import { benchServer, ensureBenchDatabase } from './databases';
import { pgbenchSlice } from './pgbench';

const log = (s: string): void => console.error(`bench:admission-floor: ${s}`);

interface Part {
  name: string;
  script: string;
}

/** The operation alone, and the operation after (or with) each part of the admission. */
function parts(userId: string, digestHex: string): Part[] {
  const digest = `'\\x${digestHex}'::bytea`;
  const op = `begin\\; set local role marine_agent\\; select set_config('app.user_id', '${userId}', true)\\; select app_hidden.list_specialties()\\; commit;`;
  const limits = `86400, 2000000000, 2000000000, 2000000000`;
  return [
    { name: "the operation alone (the bench's baseline a)", script: op },
    { name: 'an empty transaction before it', script: `begin\\; set local role marine_anonymous\\; select 1\\; commit\\; ${op}` },
    {
      name: "a one-row upsert of an unlogged table in the operation's transaction (the floor of any count)",
      script: `begin\\; insert into bench_admission_floor.counts values (:client_id, 1) on conflict (client) do update set n = counts.n + 1\\; set local role marine_agent\\; select set_config('app.user_id', '${userId}', true)\\; select app_hidden.list_specialties()\\; commit;`,
    },
    {
      name: "an anonymous caller's admission (the count alone) in a transaction before it",
      script: `begin\\; set local role marine_anonymous\\; select app_hidden.admit_request(null, 'admission-floor-' || :client_id, ${limits})::text\\; commit\\; ${op}`,
    },
    {
      name: "a key's admission (its lookup and the count) in a transaction before it",
      script: `begin\\; set local role marine_anonymous\\; select app_hidden.admit_request(${digest}, '127.0.0.1', ${limits})::text\\; commit\\; ${op}`,
    },
    {
      name: "the API's string: a key's admission, then the caller from the key (assume_caller) and the operation",
      script: `begin\\; set local role marine_anonymous\\; select app_hidden.admit_request(${digest}, '127.0.0.1', ${limits})::text\\; commit\\; begin\\; set local role marine_anonymous\\; select app_hidden.assume_caller(${digest})\\; select app_hidden.list_specialties()\\; commit;`,
    },
  ];
}

/** A user with an admin key (minted as the API mints keys: its digest), and the scratch table the bare write goes to. */
async function setUp(owner: Client): Promise<{ userId: string; keyId: string; digestHex: string }> {
  const userId = randomUUID();
  const key = mintApiKey();
  await owner.query(
    `insert into app_public.users (id, first_name, last_name, email, is_admin) values ($1, 'Admission', 'Floor', $2, true)`,
    [userId, `admission-floor-${key.head}@example.com`],
  );
  const { rows } = await owner.query<{ id: string }>(`select (app_private.mint_api_key($1, 'admission floor', $2, $3, $4)->>'id') as id`, [
    userId,
    key.publicDigest,
    key.adminDigest,
    key.head,
  ]);
  await owner.query(`create schema bench_admission_floor;
    create unlogged table bench_admission_floor.counts (client integer primary key, n bigint not null);
    grant usage on schema bench_admission_floor to marine_authenticator;
    grant select, insert, update on bench_admission_floor.counts to marine_authenticator;`);
  return { userId, keyId: rows[0]!.id, digestHex: key.adminDigest.toString('hex') };
}

async function tearDown(owner: Client, userId: string, keyId: string): Promise<void> {
  await owner.query(`drop schema if exists bench_admission_floor cascade`);
  await owner.query(`delete from app_private.rate_limit_slots where bucket = $1 or bucket like 'ip:admission-floor-%'`, [`key:${keyId}`]);
  await owner.query(`delete from app_private.rate_limit_buckets where bucket = $1 or bucket like 'ip:admission-floor-%'`, [`key:${keyId}`]);
  await owner.query(`delete from app_public.users where id = $1`, [userId]);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '100000' },
      rate: { type: 'string', default: '1600' },
      duration: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '2' },
      connections: { type: 'string', default: '8' },
    },
  });
  const size = Number(values.size);
  const base = benchServer();
  const url = await ensureBenchDatabase(base, size, log);
  const authUrl = `${base.replace('postgres@', 'marine_authenticator@')}/bench_${size}`;
  const owner = new Client({ connectionString: url });
  await owner.connect();
  await owner.query(`drop schema if exists bench_admission_floor cascade`); // a run cut off before its end
  const { userId, keyId, digestHex } = await setUp(owner);
  const list = parts(userId, digestHex);
  const ms: number[][] = list.map(() => []);
  try {
    for (let round = 1; round <= Number(values.rounds); round++) {
      for (const [i, part] of list.entries()) {
        const slice = await pgbenchSlice(
          authUrl,
          [part.script],
          Number(values.connections),
          Number(values.duration),
          Number(values.warmup),
          Number(values.rate),
        );
        if (slice.failed > 0 || slice.cpu === null) throw new Error(`${part.name}: ${slice.failed} failed transactions, or no CPU figures`);
        ms[i]!.push(slice.cpu.postgresMs);
        log(
          `round ${round}: ${part.name}: ${slice.cpu.postgresMs.toFixed(3)} ms, ${(slice.requests / slice.seconds).toFixed(0)} per second`,
        );
      }
    }
  } finally {
    await tearDown(owner, userId, keyId);
    await owner.end();
  }
  const alone = median(ms[0]!);
  console.log(
    `PostgreSQL CPU per transaction, ms (bench_${size}, pgbench -c ${values.connections} -R ${values.rate}, ${values.duration} s after ${values.warmup} s, ${values.rounds} rounds; ${new Date().toISOString()})\n`,
  );
  console.log('| script | each round | median | more than the operation alone | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  list.forEach((part, i) => {
    const m = median(ms[i]!);
    const more = i === 0 ? '' : `${m - alone >= 0 ? '+' : ''}${(m - alone).toFixed(3)}`;
    console.log(`| ${part.name} | ${ms[i]!.map((x) => x.toFixed(3)).join(', ')} | ${m.toFixed(3)} | ${more} | ${(m / alone).toFixed(2)} |`);
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
