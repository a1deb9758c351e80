// Staff GraphQL is bounded (docs/decisions.md, "Staff GraphQL limits"): a statement timeout, and
// a pool whose dropped connections never end the process. Against the real service and database.
import { loadConfig } from '../../src/config';
import { staffPool } from '../../src/graphql/pool';
import { createLogger } from '../../src/log';
import { startTestService, type TestService } from '../helpers/server';
import { adminKeyOf, registerAgent } from '../helpers/staff';

let svc: TestService;
let adminKey: string;

beforeAll(async () => {
  svc = await startTestService({ RUN_WORKER: 'false' });
  adminKey = await adminKeyOf(svc, await registerAgent(svc));
});
afterAll(() => svc.stop());

function gql(query: string, variables: Record<string, unknown> = {}, on: TestService = svc, key: string = adminKey) {
  return on.send('POST', '/graphql', { query, variables }, key);
}

async function stillAnswers(on: TestService = svc, key: string = adminKey) {
  const r = await gql('{ allSpecialties(first: 1) { nodes { slug } } }', {}, on, key);
  expect(r.status).toBe(200);
  expect(r.body.data.allSpecialties.nodes).toHaveLength(1);
}

describe('the database side', () => {
  test('a statement over GRAPHQL_STATEMENT_TIMEOUT_MS is cancelled: an error for that field, and the process goes on', async () => {
    // 1 ms: reading a thousand contractors takes longer; the start-up introspection is exempt.
    const slow = await startTestService({ RUN_WORKER: 'false', GRAPHQL_STATEMENT_TIMEOUT_MS: '1' });
    try {
      const key = await adminKeyOf(slow, await registerAgent(slow));
      const r = await gql('{ allContractors(first: 1000) { nodes { slug about photos videos locationText createdAt } } }', {}, slow, key);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ allContractors: null });
      expect(r.body.errors).toEqual([expect.objectContaining({
        message: 'The query was cancelled after 1 ms (statement timeout); narrow it with conditions or smaller pages, or try again later',
        extensions: { status: 503 },
      })]);
      expect((await slow.get('/api/v1/public/contractors/specialties')).status).toBe(200);
    } finally {
      await slow.stop();
    }
  });

  test('staff connections carry the configured statement and idle-in-transaction timeouts', async () => {
    const config = loadConfig({
      DATABASE_URL: svc.db.url, AUTH_DATABASE_URL: svc.db.authUrl,
      GRAPHQL_STATEMENT_TIMEOUT_MS: '1234', GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS: '4321',
    });
    const pool = staffPool(config, createLogger('silent'));
    try {
      const { rows: [settings] } = await pool.query(`select current_setting('statement_timeout') as statement,
        current_setting('idle_in_transaction_session_timeout') as idle, current_setting('application_name') as app`);
      expect(settings).toEqual({ statement: '1234ms', idle: '4321ms', app: 'marine-graphql' });
    } finally {
      await pool.end();
    }
  });

  test('a connection dropped while checked out or idle is logged, never thrown', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ DATABASE_URL: svc.db.url, AUTH_DATABASE_URL: svc.db.authUrl });
    const pool = staffPool(config, logger);
    const dropped = (message: string) => new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (!lines.some((l) => JSON.parse(l).msg === message)) return;
        clearInterval(check);
        resolve();
      }, 10);
    });
    const terminate = (pid: number) => svc.db.pool.query('select pg_terminate_backend($1)', [pid]);
    try {
      const client = await pool.connect();
      const { rows: [lent] } = await client.query('select pg_backend_pid() as pid');
      await terminate(lent.pid);
      await dropped('staff GraphQL connection failed');
      client.release(true);

      const idle = await pool.connect();
      const { rows: [kept] } = await idle.query('select pg_backend_pid() as pid');
      idle.release();
      await terminate(kept.pid);
      await dropped('staff GraphQL connection failed while idle');
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
