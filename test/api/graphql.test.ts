// Staff GraphQL (PostGraphile) over HTTP: who may call it, what it exposes, and that it runs as
// the caller's role (row-level security decides), against the real service and database.
import { makeOpportunity } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';
import { adminKeyOf, registerAgent, staffKeyOf } from '../helpers/staff';

let svc: TestService;
let staffKey: string;
let staffId: string;
let publicKey: string;

/** A GraphQL request; with the staff member's key unless another key (or null, for none) is given. */
function gql(query: string, variables: Record<string, unknown> = {}, key: string | null = staffKey) {
  return svc.send('POST', '/graphql', { query, variables }, key ?? undefined);
}

/** The data of a query that must succeed. */
async function data(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const r = await gql(query, variables);
  expect(r.body.errors).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.data;
}

beforeAll(async () => {
  // No worker: makeOpportunity sets the verification code itself, which a worker sending the
  // e-mail would overwrite with its own.
  svc = await startTestService();
  const staff = await registerAgent(svc);
  staffId = staff.id;
  staffKey = await staffKeyOf(svc, staff);
  publicKey = (await registerAgent(svc)).apiKey;
});
afterAll(() => svc.stop());

describe('who may call /graphql', () => {
  const query = '{ currentUserId }';

  test('without a key: 401 in the API error shape', async () => {
    const r = await gql(query, {}, null);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, error: 'An API key is required', details: expect.any(String) });
  });

  test('an invalid or malformed key: 401, as everywhere else', async () => {
    const unknown = await gql(query, {}, `svc_live_${'0'.repeat(40)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ success: false, error: 'Invalid or inactive API key' });
    const malformed = await svc.get('/graphql', { method: 'POST', headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  test('a key without a staff grant: 403, and the request is counted like any API request', async () => {
    const r = await gql(query, {}, publicKey);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, error: 'Staff access is required', details: expect.any(String) });
    expect(r.headers.get('ratelimit-limit')).toBe('500');
  });

  test('an admin-tier key without a staff grant: 403 (the tier is rate limits only)', async () => {
    const key = await adminKeyOf(svc, await registerAgent(svc));
    const r = await gql(query, {}, key);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Staff access is required');
    expect(r.headers.get('ratelimit-limit')).toBe('10000');
  });

  test("a staff member's key: the query runs with the caller's claims, under the key's own rate limit", async () => {
    const r = await gql(query);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { currentUserId: staffId } });
    expect(r.headers.get('ratelimit-limit')).toBe('500');
    const both = await registerAgent(svc);
    const adminTier = await adminKeyOf(svc, both);
    await staffKeyOf(svc, both);
    const admin = await gql(query, {}, adminTier);
    expect([admin.status, admin.headers.get('ratelimit-limit')]).toEqual([200, '10000']);
  });

  test('a revoked staff grant closes /graphql at the next request', async () => {
    const user = await registerAgent(svc);
    const key = await staffKeyOf(svc, user);
    expect((await gql(query, {}, key)).status).toBe(200);
    await svc.db.pool.query(`select app_private.revoke_staff($1, 'cli:test')`, [user.email]);
    expect((await gql(query, {}, key)).status).toBe(403);
  });
});

test('contractors are listed with their position, filtered and ordered on indexed columns', async () => {
  const d = await data(
    `query ($state: String!) {
    allContractors(condition: {state: $state}, orderBy: SLUG_ASC, first: 5) {
      totalCount
      nodes { rowId slug state latitude longitude }
    }
  }`,
    { state: 'FL' },
  );
  const count = await svc.db.pool.query("select count(*)::int as n from app_public.contractors where state = 'FL'");
  const first = await svc.db.pool.query(`select id as "rowId", slug, state, latitude, longitude from app_public.contractors
    where state = 'FL' order by slug limit 5`);
  expect(d.allContractors.totalCount).toBe(count.rows[0].n);
  expect(d.allContractors.nodes).toEqual(first.rows);
  expect(first.rows.every((c) => typeof c.latitude === 'number' && typeof c.longitude === 'number')).toBe(true);
});

test("aggregates equal the same SQL: contractors grouped by state, specialties' contractor counts", async () => {
  const d = await data(`{
    allContractors { groupedAggregates(groupBy: STATE) { keys distinctCount { rowId } average { rating } } }
    allSpecialties { aggregates { sum { contractorCount } } }
  }`);
  const { rows } = await svc.db.pool.query(`select state, count(*)::int as n, avg(rating)::float8 as rating
    from app_public.contractors group by state`);
  const byState = new Map(rows.map((r) => [r.state, r]));
  expect(d.allContractors.groupedAggregates).toHaveLength(rows.length);
  for (const g of d.allContractors.groupedAggregates) {
    const sql = byState.get(g.keys[0]);
    expect(Number(g.distinctCount.rowId)).toBe(sql.n);
    // Averages of numeric come back as strings (BigFloat), null where no contractor has a rating.
    if (sql.rating === null) expect(g.average.rating).toBeNull();
    else expect(Number(g.average.rating)).toBeCloseTo(sql.rating, 10);
  }
  const sum = await svc.db.pool.query('select sum(contractor_count)::text as s from app_public.specialties');
  // Sums of integers come back as strings (BigInt).
  expect(d.allSpecialties.aggregates.sum.contractorCount).toBe(sum.rows[0].s);
});

describe('row-level security as the admin role', () => {
  test('inactive contractors are visible, which the public REST API never shows', async () => {
    const {
      rows: [hidden],
    } = await svc.db.pool.query('select slug from app_public.contractors where not is_active order by slug limit 1');
    const d = await data('query ($slug: String!) { contractorBySlug(slug: $slug) { slug isActive } }', { slug: hidden.slug });
    expect(d.contractorBySlug).toEqual({ slug: hidden.slug, isActive: false });
    expect((await svc.get(`/api/v1/public/contractors/${hidden.slug}`)).status).toBe(404);

    const all = await data('{ allContractors { totalCount } }');
    const total = await svc.db.pool.query('select count(*)::int as n from app_public.contractors');
    expect(all.allContractors.totalCount).toBe(total.rows[0].n);
  });

  test('draft posts are visible, which the public articles and blog lists never show', async () => {
    const d = await data('{ allPosts { totalCount nodes { kind slug status } } }');
    const total = await svc.db.pool.query('select count(*)::int as n from app_public.posts');
    expect(d.allPosts.totalCount).toBe(total.rows[0].n);
    const drafts = d.allPosts.nodes.filter((p: any) => p.status === 'draft').map((p: any) => `${p.kind}/${p.slug}`);
    expect(drafts.length).toBeGreaterThan(0);
    const listed: string[] = [];
    for (const [path, kind, field] of [
      ['articles', 'article', 'articles'],
      ['blog', 'blog', 'posts'],
    ] as const) {
      let cursor: string | null = null;
      do {
        const page: any = await svc.get(`/api/v1/public/${path}?limit=20${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        listed.push(...page.body[field].map((p: any) => `${kind}/${p.slug}`));
        cursor = page.body.nextCursor;
      } while (cursor);
    }
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((post) => drafts.includes(post))).toEqual([]);
  });

  // What an agent sees of users: test/db/identity.test.ts (agents cannot call /graphql).
  test('every user is visible to an admin', async () => {
    const d = await data('{ allUsers { totalCount } }');
    const total = await svc.db.pool.query('select count(*)::int as n from app_public.users');
    expect(d.allUsers.totalCount).toBe(total.rows[0].n);
  });
});

describe('errors', () => {
  test('a database error reaches staff worded as the REST API would word it', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query('select slug from app_public.contractors order by slug limit 1');
    const r = await gql(
      `mutation ($slug: String!) {
      updateContractorBySlug(input: {slug: $slug, contractorPatch: {state: "Florida"}}) { contractor { state } }
    }`,
      { slug: c.slug },
    );
    expect(r.status).toBe(200);
    expect(r.body.errors).toEqual([expect.objectContaining({ message: 'Invalid request', extensions: { status: 400 } })]);
  });

  test('a NUL in a variable (PostgreSQL rejects the statement) is a 400, not an internal error', async () => {
    const r = await gql('query ($slug: String!) { contractorBySlug(slug: $slug) { slug } }', { slug: 'a\0b' });
    expect(r.body.errors).toEqual([expect.objectContaining({ message: 'Invalid request', extensions: { status: 400 } })]);
  });

  test("PostGraphile's own refusals keep their message", async () => {
    const r = await gql('mutation { deleteContractorBySlug(input: {slug: "no-such-pro"}) { clientMutationId } }');
    expect(r.body.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/^No values were deleted/) })]);
  });
});

test('the schema exposes app_public only: nothing from app_hidden or app_private', async () => {
  const d = await data(`{ __schema { types { name } queryType { fields { name args { name } } }
    mutationType { fields { name } } } }`);
  const types = new Set<string>(d.__schema.types.map((t: any) => t.name));
  const queries = new Map<string, string[]>(d.__schema.queryType.fields.map((f: any) => [f.name, f.args.map((a: any) => a.name)]));
  const mutations = new Set<string>(d.__schema.mutationType.fields.map((f: any) => f.name));
  const fields = new Set([...queries.keys(), ...mutations]);
  const camel = (s: string) => s.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase());
  const pascal = (s: string) => camel(s).replace(/^./, (ch) => ch.toUpperCase());

  const { rows: functions } = await svc.db.pool.query(`select p.proname as name, coalesce(p.proargnames, '{}') as args
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('app_hidden', 'app_private')`);
  expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(['register_agent', 'admit_request', 'set_admin']));
  expect(functions.map((f) => camel(f.name)).filter((name) => mutations.has(name))).toEqual([]);
  // A table's lookup by a unique column may share a function's name (contractorBySlug(slug) and
  // app_hidden.contractor_by_slug(p_slug)); an exposed function would bring its own parameters.
  const exposed = functions.filter((f) => {
    const args = queries.get(camel(f.name));
    return args !== undefined && args.join() === f.args.map(camel).join();
  });
  expect(exposed.map((f) => f.name)).toEqual([]);

  const { rows: tables } = await svc.db.pool.query(`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'app_private' and c.relkind = 'r'`);
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['user_secrets', 'api_key_secrets']));
  const leaked = tables.map((t) => pascal(t.name).replace(/s$/, '')).filter((name) => types.has(name) || fields.has(`all${name}s`));
  expect(leaked).toEqual([]);
  expect([...types].filter((name) => /secret/i.test(name))).toEqual([]);

  // app_public, for contrast: tables, their mutations (as granted), and functions.
  for (const name of [
    'allContractors',
    'allUsers',
    'allApiKeys',
    'allOpportunities',
    'allQuotes',
    'updateContractorByRowId',
    'currentUserId',
  ]) {
    expect(fields).toContain(name);
  }
});

test('/graphiql serves the GraphiQL page and its assets without a key', async () => {
  const page = await svc.get('/graphiql');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.body).toContain('ruru');
  // Its Headers tab starts with the place for a staff member's key.
  expect(page.body).toContain('Bearer <API key of a staff member>');
  const asset = /\/graphiql\/static\/[^"']+\.js/.exec(page.body);
  expect(asset).not.toBeNull();
  expect((await svc.get(asset![0])).status).toBe(200);
});

describe('staff work the request flow', () => {
  test('opportunities per status equal the same SQL; a pro estimate through a mutation moves the status', async () => {
    const made = [await makeOpportunity(svc, 2, 50), await makeOpportunity(svc, 1, 60), await makeOpportunity(svc, 1, 70)];
    const quoteId = made[0]!.quotes[0]!.quoteId;
    const r = await data(
      `mutation ($quoteId: UUID!) {
      proSubmitEstimate(input: { quoteId: $quoteId, amount: "1200.00", currency: "USD", description: "Haul, strip, two coats" }) {
        result { rowId amount status }
      } }`,
      { quoteId },
    );
    expect(r.proSubmitEstimate.result).toMatchObject({ amount: '1200.00', status: 'submitted' });
    await data(`mutation ($quoteId: UUID!) { proDecline(input: { quoteId: $quoteId, reason: "Booked" }) { result { status } } }`, {
      quoteId: made[1]!.quotes[0]!.quoteId,
    });

    const d = await data('{ allOpportunities { groupedAggregates(groupBy: STATUS) { keys distinctCount { rowId } } } }');
    const { rows } = await svc.db.pool.query(`select app_hidden.opportunity_status(o) as status, count(*)::int as n
      from app_public.opportunities o group by 1`);
    // The stored column agrees with the rule everywhere.
    const {
      rows: [disagree],
    } = await svc.db.pool.query(`select count(*)::int as n from app_public.opportunities o
      where o.status <> app_hidden.opportunity_status(o)`);
    expect(disagree.n).toBe(0);
    const got = Object.fromEntries(d.allOpportunities.groupedAggregates.map((g: any) => [g.keys[0], Number(g.distinctCount.rowId)]));
    expect(got).toEqual(Object.fromEntries(rows.map((x) => [x.status, x.n])));
    expect(got).toMatchObject({ quoted: 1, closed: 1, waiting_on_pros: 1 });
  });

  test("a pro action on a closed thread is refused with the SQL function's message and status", async () => {
    const o = await makeOpportunity(svc, 1, 80);
    const quoteId = o.quotes[0]!.quoteId;
    await data('mutation ($quoteId: UUID!) { proDecline(input: { quoteId: $quoteId }) { result { status } } }', { quoteId });
    const r = await gql('mutation ($quoteId: UUID!) { proSendMessage(input: { quoteId: $quoteId, content: "hi" }) { result { rowId } } }', {
      quoteId,
    });
    expect(r.body.errors[0]).toMatchObject({ message: 'This quote thread is closed', extensions: { status: 409 } });
  });
});

describe('staff manage users and keys', () => {
  test('raising a user to the admin tier makes their next key svc_live_ (and gives no staff power); revoking a key makes it a 401 at once', async () => {
    const agent = await registerAgent(svc);
    const u = await data(
      `mutation ($id: UUID!) { updateUserByRowId(input: { rowId: $id, userPatch: { isAdmin: true } }) { user { isAdmin } } }`,
      { id: agent.id },
    );
    expect(u.updateUserByRowId.user).toEqual({ isAdmin: true });
    const minted = await svc.send('POST', '/api/v1/user-api-keys', { name: 'now live' }, agent.apiKey);
    expect(minted.body.data.apiKey).toMatch(/^svc_live_/);
    expect((await gql('{ currentUserId }', {}, minted.body.data.apiKey)).status).toBe(403);

    const keys = await data(`query ($id: UUID!) { allApiKeys(condition: { userId: $id }) { nodes { rowId prefix name } } }`, {
      id: agent.id,
    });
    const first = keys.allApiKeys.nodes.find((k: { name: string }) => k.name === 'Initial key');
    expect(agent.apiKey.startsWith(first.prefix)).toBe(true);
    await data(
      `mutation ($id: UUID!) { updateApiKeyByRowId(input: { rowId: $id, apiKeyPatch: { revokedAt: "2026-01-01T00:00:00Z" } }) { apiKey { revokedAt } } }`,
      { id: first.rowId },
    );
    expect((await svc.send('GET', '/api/account/me', undefined, agent.apiKey)).status).toBe(401);
  });

  test('staff cannot write what is derived or secret', async () => {
    const r = await gql(
      `mutation ($id: UUID!) { updateContractorByRowId(input: { rowId: $id, contractorPatch: { reviewCount: 99 } }) { contractor { rowId } } }`,
      { id: '00000000-0000-4000-8000-000000000000' },
    );
    expect(r.body.errors?.[0]?.message).toMatch(/reviewCount/);
    // Every derived column is missing from its patch, and no input anywhere takes a secret.
    const d = await data(`{ __schema { types { name inputFields { name } } } }`);
    const inputs = new Map<string, string[]>(
      d.__schema.types.filter((t: any) => t.inputFields).map((t: any) => [t.name, t.inputFields.map((f: any) => f.name)]),
    );
    expect(inputs.get('ContractorPatch')).toEqual(expect.arrayContaining(['name', 'googleRating', 'isActive']));
    for (const derived of [
      'rating',
      'reviewCount',
      'publicRating',
      'latitude',
      'longitude',
      'search',
      'searchHead',
      'searchNo',
      'specialtyItems',
    ]) {
      expect(inputs.get('ContractorPatch')).not.toContain(derived);
    }
    // The search's internals are not staff data at all.
    const contractor = await data(`{ __type(name: "Contractor") { fields { name } } }`);
    const fields = contractor.__type.fields.map((f: { name: string }) => f.name);
    expect(fields).toEqual(expect.arrayContaining(['name', 'publicRating']));
    expect(fields.filter((f: string) => ['search', 'searchHead', 'searchNo', 'specialtyItems'].includes(f))).toEqual([]);
    expect(inputs.get('SpecialtyPatch')).toEqual(expect.arrayContaining(['name']));
    expect(inputs.get('SpecialtyPatch')).not.toContain('contractorCount');
    const secret = [...inputs].flatMap(([type, fields]) =>
      fields.filter((f) => /password|hash|digest|secret/i.test(f)).map((f) => `${type}.${f}`),
    );
    expect(secret).toEqual([]);
  });
});
