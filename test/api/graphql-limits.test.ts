// Staff GraphQL is bounded (docs/decisions.md, "Staff GraphQL limits"): page sizes, a cost and a
// depth limit checked before a query runs, a statement timeout, and a pool whose dropped
// connections never end the process. Against the real service and database.
import { getIntrospectionQuery } from 'graphql';
import { loadConfig } from '../../src/config';
import { staffPool, staffTimeouts } from '../../src/graphql/pool';
import { createLogger } from '../../src/log';
import { startTestService, type TestService } from '../helpers/server';
import { staffKeyOf, registerAgent } from '../helpers/staff';

let svc: TestService;
let staffKey: string;

beforeAll(async () => {
  svc = await startTestService();
  staffKey = await staffKeyOf(svc, await registerAgent(svc));
});
afterAll(() => svc.stop());

function gql(query: string, variables: Record<string, unknown> = {}, on: TestService = svc, key: string = staffKey) {
  return on.send('POST', '/graphql', { query, variables }, key);
}

/** A refusal before execution: HTTP 400, no data, one error with this message. */
async function refused(query: string, message: RegExp) {
  const r = await gql(query);
  expect(r.status).toBe(400);
  expect(r.body.data).toBeUndefined();
  expect(r.body.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(message) })]);
}

async function stillAnswers(on: TestService = svc, key: string = staffKey) {
  const r = await gql('{ allSpecialties(first: 1) { nodes { slug } } }', {}, on, key);
  expect(r.status).toBe(200);
  expect(r.body.data.allSpecialties.nodes).toHaveLength(1);
}

const count = async (table: string): Promise<number> =>
  (await svc.db.pool.query(`select count(*)::int as n from app_public.${table}`)).rows[0].n;

describe('queries that could return too much are refused before they run', () => {
  test('three nested default pages (about two million objects): 400, and the service answers afterwards', async () => {
    const query =
      '{ allContractors { nodes { slug contractorSpecialtiesByContractorId { nodes { specialtyBySpecialtyId { slug contractorSpecialtiesBySpecialtyId { nodes { contractorByContractorId { slug } } } } } } } } }';
    await refused(query, /^The query costs \d+, over the limit of 10000: up to 2030201 objects/);
    await stillAnswers();
  });

  test('1,000 aliases of allContractors(first: 10): 400, and the service answers afterwards', async () => {
    const aliases = Array.from({ length: 1000 }, (_, i) => `a${i}: allContractors(first: 10) { nodes { slug } }`);
    await refused(`{ ${aliases.join(' ')} }`, /over the limit of 10000: up to 11000 objects, plus 100 for each of its 1000 connections/);
    await stillAnswers();
  });

  test('a query within the limit runs: nested pages multiply (1,000 contractors with 3 specialties each)', async () => {
    const r = await gql(`{ allContractors(first: 1000) { nodes { slug
      contractorSpecialtiesByContractorId(first: 3) { nodes { specialtyBySpecialtyId { slug } } } } } }`);
    expect(r.status).toBe(200);
    expect(r.body.data.allContractors.nodes).toHaveLength(1000);
    // 1 + 1000 * (1 + 1 + 3 * 2) objects, plus two connections: 8,201. With first: 4 it is 10,201.
    await refused(
      `{ allContractors(first: 1000) { nodes { slug
      contractorSpecialtiesByContractorId(first: 4) { nodes { specialtyBySpecialtyId { slug } } } } } }`,
      /^The query costs 10201,/,
    );
  });

  test("pages given as variables count at their values (or the variable's default), when the query runs", async () => {
    // The bench's GraphQL baseline: contractors of a state with their specialties (default page).
    const query = `query ($first: Int = 1000) { allContractors(first: $first) { nodes { slug
      contractorSpecialtiesByContractorId { nodes { specialtyBySpecialtyId { slug } } } } } }`;
    const page = await gql(query, { first: 20 });
    expect(page.status).toBe(200);
    expect(page.body.data.allContractors.nodes).toHaveLength(20);
    // 1 + 1000 * (1 + 1 + 100 * 2) objects, plus two connections.
    const refusal = /^The query costs 202201, over the limit of 10000/;
    for (const variables of [{ first: 1000 }, {}]) {
      const r = await gql(query, variables);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(refusal) })] });
    }
  });

  test('deeper than 12 levels: 400, however small the pages', async () => {
    const twelve = `{ allContractors(first: 1) { nodes { contractorSpecialtiesByContractorId(first: 1) { nodes {
      specialtyBySpecialtyId { contractorSpecialtiesBySpecialtyId(first: 1) { nodes { contractorByContractorId {
      contractorSpecialtiesByContractorId(first: 1) { nodes { specialtyBySpecialtyId { slug } } } } } } } } } } } }`;
    const ok = await gql(twelve);
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toBeUndefined();
    await refused(
      twelve.replace(
        'specialtyBySpecialtyId { slug }',
        'specialtyBySpecialtyId { contractorSpecialtiesBySpecialtyId(first: 1) { totalCount } }',
      ),
      /^The query nests fields more than 12 levels deep/,
    );
  });

  test('introspection is not a heavy query: the whole GraphiQL introspection runs', async () => {
    // graphql-js bounds introspection's own nesting (MaxIntrospectionDepthRule).
    const r = await gql(getIntrospectionQuery());
    expect(r.status).toBe(200);
    expect(r.body.data.__schema.types.length).toBeGreaterThan(100);
  });
});

describe('page sizes', () => {
  test('first: -1 is a 400 with a message, not an internal error', async () => {
    await refused('{ allContractors(first: -1) { nodes { slug } } }', /^`first` must be between 0 and 1000 \(the largest page\)$/);
  });

  test('first or last above 1000 is a 400; 1000 itself is served', async () => {
    await refused('{ allContractors(first: 1001) { nodes { slug } } }', /^`first` must be between 0 and 1000/);
    await refused('{ allContractors(last: 5000) { nodes { slug } } }', /^`last` must be between 0 and 1000/);
    await refused('{ allContractors(first: 5, offset: -1) { nodes { slug } } }', /^`offset` must not be negative$/);
    const r = await gql('{ allContractors(first: 1000) { nodes { rowId } } }');
    expect(r.body.data.allContractors.nodes).toHaveLength(Math.min(1000, await count('contractors')));
  });

  test('a connection without first or last returns the default page of 100, at every level', async () => {
    const total = await count('contractors');
    expect(total).toBeGreaterThan(100);
    const r = await gql('{ allContractors { totalCount nodes { rowId } } }');
    expect(r.body.data.allContractors).toEqual({ totalCount: total, nodes: expect.any(Array) });
    expect(r.body.data.allContractors.nodes).toHaveLength(100);

    const {
      rows: [busiest],
    } = await svc.db.pool.query(`select s.slug, count(*)::int as n from app_public.contractor_specialties cs
      join app_public.specialties s on s.id = cs.specialty_id group by s.slug order by n desc limit 1`);
    expect(busiest.n).toBeGreaterThan(100);
    const nested = await gql(
      `query ($slug: String!) { specialtyBySlug(slug: $slug) {
      contractorSpecialtiesBySpecialtyId { totalCount nodes { contractorId } } } }`,
      { slug: busiest.slug },
    );
    expect(nested.body.data.specialtyBySlug.contractorSpecialtiesBySpecialtyId.totalCount).toBe(busiest.n);
    expect(nested.body.data.specialtyBySlug.contractorSpecialtiesBySpecialtyId.nodes).toHaveLength(100);
  });

  test('a page given as a variable is checked when it runs: an error with status 400; null reads the default page', async () => {
    const query = 'query ($n: Int) { allContractors(first: $n) { nodes { rowId } } }';
    for (const n of [-1, 1001]) {
      const r = await gql(query, { n });
      expect(r.body.data).toEqual({ allContractors: null });
      expect(r.body.errors).toEqual([
        expect.objectContaining({
          message: '`first` must be between 0 and 1000 (the largest page)',
          extensions: { status: 400 },
        }),
      ]);
    }
    expect((await gql(query, { n: null })).body.data.allContractors.nodes).toHaveLength(100);
    expect((await gql(query, { n: 7 })).body.data.allContractors.nodes).toHaveLength(7);
  });

  test("an argument of the wrong type is a 400 with graphql-js' message", async () => {
    await refused('{ allContractors(first: "ten") { nodes { slug } } }', /^Int cannot represent non-integer value: "ten"$/);
    const r = await gql('query ($n: Int) { allContractors(first: $n) { nodes { slug } } }', { n: 'ten' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toMatch(/^Variable "\$n" got invalid value "ten"/);
  });

  test("a client asking for application/json only (GraphQL over HTTP's legacy mode) gets the same errors with 200", async () => {
    const r = await svc.get('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${staffKey}` },
      body: JSON.stringify({ query: '{ allContractors(first: -1) { nodes { slug } } }' }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(/^`first` must be between/) })] });
  });
});

describe('with other limits configured', () => {
  let small: TestService;
  let smallKey: string;
  beforeAll(async () => {
    small = await startTestService({ GRAPHQL_DEFAULT_PAGE: '3', GRAPHQL_MAX_PAGE: '5', GRAPHQL_MAX_COST: '300' });
    smallKey = await staffKeyOf(small, await registerAgent(small));
  });
  afterAll(() => small.stop());

  test('the default page, the largest page and the cost limit follow the configuration', async () => {
    const page = await gql('{ allContractors { nodes { rowId } } }', {}, small, smallKey);
    expect(page.body.data.allContractors.nodes).toHaveLength(3);
    const over = await gql('{ allContractors(first: 6) { nodes { rowId } } }', {}, small, smallKey);
    expect(over.status).toBe(400);
    expect(over.body.errors[0].message).toBe('`first` must be between 0 and 5 (the largest page)');
    // 1 + 5 * (1 + 2 * (1 + 5)) objects and three connections: 366.
    const costly = await gql(
      `{ allContractors(first: 5) { nodes { reviewsByContractorId(first: 5) { nodes { rating } }
      contractorSpecialtiesByContractorId(first: 5) { nodes { specialtyId } } } } }`,
      {},
      small,
      smallKey,
    );
    expect(costly.status).toBe(400);
    expect(costly.body.errors[0].message).toMatch(/^The query costs 366, over the limit of 300/);
  });

  test('groupedAggregates returns at most the largest page of groups', async () => {
    const {
      rows: [states],
    } = await small.db.pool.query('select count(distinct state)::int as n from app_public.contractors');
    expect(states.n).toBeGreaterThan(5);
    const r = await gql('{ allContractors { groupedAggregates(groupBy: STATE) { keys } } }', {}, small, smallKey);
    expect(r.body.data.allContractors.groupedAggregates).toHaveLength(5);
  });
});

describe('the database side', () => {
  test('a statement over GRAPHQL_STATEMENT_TIMEOUT_MS is cancelled: an error for that field, and the process goes on', async () => {
    // 1 ms: reading a thousand contractors takes longer; the start-up introspection has its own
    // timeout, so the service starts however busy the machine is.
    const slow = await startTestService({ GRAPHQL_STATEMENT_TIMEOUT_MS: '1' });
    try {
      const key = await staffKeyOf(slow, await registerAgent(slow));
      const r = await gql('{ allContractors(first: 1000) { nodes { slug about photos videos locationText createdAt } } }', {}, slow, key);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ allContractors: null });
      expect(r.body.errors).toEqual([
        expect.objectContaining({
          message: 'The query was cancelled after 1 ms (statement timeout); narrow it with conditions or smaller pages, or try again later',
          extensions: { status: 503 },
        }),
      ]);
      expect((await slow.get('/api/v1/public/contractors/specialties')).status).toBe(200);
    } finally {
      await slow.stop();
    }
  });

  test('staff transactions carry the configured timeouts; the connections carry none, so introspection is not cut short', async () => {
    const config = loadConfig({
      DATABASE_URL: svc.db.url,
      AUTH_DATABASE_URL: svc.db.authUrl,
      GRAPHQL_STATEMENT_TIMEOUT_MS: '1234',
      GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS: '4321',
    });
    expect(staffTimeouts(config)).toEqual({ statement_timeout: '1234', idle_in_transaction_session_timeout: '4321' });
    const pool = staffPool(config, createLogger('silent'));
    try {
      const settings = `select current_setting('statement_timeout') as statement,
        current_setting('idle_in_transaction_session_timeout') as idle, current_setting('application_name') as app`;
      expect((await pool.query(settings)).rows[0]).toEqual({ statement: '0', idle: '0', app: 'marine-graphql' });
      // As PostGraphile applies a request's pgSettings: set_config(..., true) in its transaction.
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('select set_config(k, v, true) from json_each_text($1::json) as s(k, v)', [
          JSON.stringify(staffTimeouts(config)),
        ]);
        expect((await client.query(settings)).rows[0]).toEqual({ statement: '1234ms', idle: '4321ms', app: 'marine-graphql' });
        await client.query('rollback');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  test('a connection dropped while checked out or idle is logged, never thrown', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ DATABASE_URL: svc.db.url, AUTH_DATABASE_URL: svc.db.authUrl });
    const pool = staffPool(config, logger);
    // Resolves once `count` drops have been logged.
    const dropped = (count: number) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (lines.filter((l) => JSON.parse(l).msg === 'staff GraphQL connection failed').length < count) return;
          clearInterval(check);
          resolve();
        }, 10);
      });
    const terminate = (pid: number) => svc.db.pool.query('select pg_terminate_backend($1)', [pid]);
    try {
      const client = await pool.connect();
      const {
        rows: [lent],
      } = await client.query('select pg_backend_pid() as pid');
      await terminate(lent.pid);
      await dropped(1);
      client.release(true);

      const idle = await pool.connect();
      const {
        rows: [kept],
      } = await idle.query('select pg_backend_pid() as pid');
      idle.release();
      await terminate(kept.pid);
      await dropped(2);
      // The pool goes on with a new connection.
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  test('the service answers after its idle staff connections are terminated', async () => {
    await stillAnswers();
    const staff = `from pg_stat_activity where datname = current_database() and application_name = 'marine-graphql'`;
    const { rowCount } = await svc.db.pool.query(`select pg_terminate_backend(pid) ${staff} and state = 'idle'`);
    expect(rowCount).toBeGreaterThan(0);
    // Until the backends are gone, and a moment for the pool to hear of it.
    while ((await svc.db.pool.query(`select 1 ${staff}`)).rowCount) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    await stillAnswers();
  });
});
