// Staff is its own authority (issue 24; docs/decisions.md, "Staff apart from the admin tier"):
// no key's tier and no door grants it, every mutation staff GraphQL offers on users and keys is
// tried against the rules that hold for every writer (final revocation, the active-key limit),
// and each staff mutation leaves one audit row. Against the real service and database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeOpportunity } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';
import { adminKeyOf, registerAgent, staffKeyOf, type Agent } from '../helpers/staff';

let svc: TestService;
let staff: Agent;
let staffKey: string;

beforeAll(async () => {
  // No worker: makeOpportunity sets the verification code itself.
  svc = await startTestService();
  staff = await registerAgent(svc);
  staffKey = await staffKeyOf(svc, staff);
});
afterAll(() => svc.stop());

function gql(query: string, variables: Record<string, unknown> = {}, key: string = staffKey) {
  return svc.send('POST', '/graphql', { query, variables }, key);
}

/** The data of a mutation or query that must succeed. */
async function data(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const r = await gql(query, variables);
  expect(r.body.errors).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.data;
}

/** The first error of a mutation that must fail. */
async function refusal(query: string, variables: Record<string, unknown> = {}): Promise<{ message: string; extensions?: any }> {
  const r = await gql(query, variables);
  expect(r.body.errors).toHaveLength(1);
  return r.body.errors[0];
}

/** A mutation's input type: updateUser -> UpdateUserInput. */
const inputOf = (mutation: string) => `${mutation.charAt(0).toUpperCase()}${mutation.slice(1)}Input`;

async function mutationNames(): Promise<string[]> {
  const d = await data('{ __schema { mutationType { fields { name } } } }');
  return d.__schema.mutationType.fields.map((f: { name: string }) => f.name).sort();
}

const isStaff = async (userId: string): Promise<boolean> =>
  (await svc.db.pool.query('select 1 from app_private.staff_grants where user_id = $1', [userId])).rowCount === 1;

const activeKeys = async (userId: string): Promise<number> =>
  (await svc.db.pool.query('select count(*)::int as n from app_public.api_keys where user_id = $1 and revoked_at is null', [userId]))
    .rows[0].n;

async function keyRows(userId: string): Promise<Array<{ rowId: string; id: string; name: string; revokedAt: string | null }>> {
  const d = await data('query ($id: UUID!) { allApiKeys(condition: { userId: $id }) { nodes { id rowId name revokedAt } } }', {
    id: userId,
  });
  return d.allApiKeys.nodes;
}

describe('no door grants staff power', () => {
  test('the mutations on users and keys are exactly these, and none of any name touches staff', async () => {
    const names = await mutationNames();
    expect(names.filter((n) => /User|ApiKey/.test(n))).toEqual([
      'updateApiKey',
      'updateApiKeyByRowId',
      'updateUser',
      'updateUserByEmail',
      'updateUserByRowId',
    ]);
    expect(names.filter((n) => /staff|grant/i.test(n))).toEqual([]);
    const types = await data('{ __schema { types { name } } }');
    expect(types.__schema.types.map((t: { name: string }) => t.name).filter((n: string) => /StaffGrant/.test(n))).toEqual([]);
  });

  test.each([
    ['updateUser', (u: Agent & { nodeId: string }) => ({ id: u.nodeId })],
    ['updateUserByRowId', (u: Agent) => ({ rowId: u.id })],
    ['updateUserByEmail', (u: Agent) => ({ email: u.email })],
  ])('%s raising a user to the admin tier gives their keys higher limits and no staff power', async (mutation, by) => {
    const target = await registerAgent(svc);
    const node = await data('query ($id: UUID!) { userByRowId(rowId: $id) { id } }', { id: target.id });
    const input = { ...by({ ...target, nodeId: node.userByRowId.id }), userPatch: { isAdmin: true, isAgent: true } };
    const d = await data(`mutation ($input: ${inputOf(mutation)}!) { ${mutation}(input: $input) { user { isAdmin } } }`, {
      input,
    });
    expect(d[mutation].user).toEqual({ isAdmin: true });
    const live = await svc.send('POST', '/api/v1/user-api-keys', { name: 'live' }, target.apiKey);
    expect(live.body.data.apiKey).toMatch(/^svc_live_/);
    for (const key of [target.apiKey, live.body.data.apiKey]) {
      const r = await gql('{ currentUserId }', {}, key);
      expect([r.status, r.body.error]).toEqual([403, 'Staff access is required']);
    }
    expect(await isStaff(target.id)).toBe(false);
  });

  test('an admin-tier key without staff reaches no mutation at all', async () => {
    const admin = await registerAgent(svc);
    const key = await adminKeyOf(svc, admin);
    const r = await gql(
      'mutation ($id: UUID!) { updateUserByRowId(input: { rowId: $id, userPatch: { isAdmin: true } }) { user { isAdmin } } }',
      { id: admin.id },
      key,
    );
    expect(r.status).toBe(403);
    expect(await isStaff(admin.id)).toBe(false);
  });

  test('the request roles can neither call the grant functions nor write the grants', async () => {
    const client = await svc.db.pool.connect();
    try {
      for (const role of ['marine_anonymous', 'marine_agent', 'marine_admin']) {
        for (const sql of [
          `select app_private.grant_staff('${staff.email}', 'x')`,
          `insert into app_private.staff_grants (user_id, granted_by) values ('${staff.id}', 'x')`,
          `select app_private.set_admin('${staff.email}', true, 'x')`,
        ]) {
          await client.query('begin');
          await client.query(`set local role ${role}`);
          const err = await client.query(sql).then(
            () => null,
            (e: { code: string }) => e,
          );
          expect([role, sql, err?.code]).toEqual([role, sql, '42501']);
          await client.query('rollback');
        }
      }
    } finally {
      client.release();
    }
  });
});

describe('keys: revocation is final and the active-key limit holds, through staff GraphQL too', () => {
  test('a revoked key cannot be brought back or moved by either update mutation, and stays a 401', async () => {
    const agent = await registerAgent(svc);
    const [initial] = await keyRows(agent.id);
    await data(
      'mutation ($id: UUID!) { updateApiKeyByRowId(input: { rowId: $id, apiKeyPatch: { revokedAt: "2026-01-01T00:00:00Z" } }) { apiKey { revokedAt } } }',
      {
        id: initial!.rowId,
      },
    );
    expect((await svc.send('GET', '/api/account/me', undefined, agent.apiKey)).status).toBe(401);
    for (const [mutation, by] of [
      ['updateApiKeyByRowId', { rowId: initial!.rowId }],
      ['updateApiKey', { id: initial!.id }],
    ] as const) {
      for (const revokedAt of [null, '2030-01-01T00:00:00Z']) {
        const error = await refusal(`mutation ($input: ${inputOf(mutation)}!) { ${mutation}(input: $input) { apiKey { revokedAt } } }`, {
          input: { ...by, apiKeyPatch: { revokedAt } },
        });
        expect(error).toMatchObject({ message: 'A revoked API key stays revoked', extensions: { status: 409 } });
      }
    }
    expect(new Date((await keyRows(agent.id))[0]!.revokedAt!).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect((await svc.send('GET', '/api/account/me', undefined, agent.apiKey)).status).toBe(401);
  });

  test('no user holds more active keys than the limit: minting at the limit, a demotion above it, a direct insert', async () => {
    const agent = await registerAgent(svc);
    expect((await svc.send('POST', '/api/v1/user-api-keys', { name: 'second' }, agent.apiKey)).status).toBe(201);
    const third = await svc.send('POST', '/api/v1/user-api-keys', { name: 'third' }, agent.apiKey);
    expect([third.status, third.body.error]).toEqual([409, 'Active key limit reached: 2 keys']);
    expect(await activeKeys(agent.id)).toBe(2);

    // An admin-tier user with three keys cannot be moved back to the public tier (limit 2).
    await svc.db.pool.query(`select app_private.set_admin($1, true, 'cli:test')`, [agent.email]);
    expect((await svc.send('POST', '/api/v1/user-api-keys', { name: 'third' }, agent.apiKey)).status).toBe(201);
    const demote = await refusal(
      'mutation ($id: UUID!) { updateUserByRowId(input: { rowId: $id, userPatch: { isAdmin: false } }) { user { isAdmin } } }',
      {
        id: agent.id,
      },
    );
    expect(demote).toMatchObject({
      message: 'The user holds 3 active keys, more than the 2 of the public tier',
      extensions: { status: 409 },
    });
    expect(await activeKeys(agent.id)).toBe(3);

    // Whoever inserts a key (here the database owner, as a function of ours would) is held too.
    await svc.db.pool.query(`select app_private.set_admin($1, true, 'cli:test')`, [agent.email]);
    const insert = (n: number) =>
      svc.db.pool.query(
        `insert into app_public.api_keys (user_id, name, prefix, tier) values ($1, $2, 'svc_live_0000000' || $3, 'admin')`,
        [agent.id, `direct ${n}`, String(n)],
      );
    await insert(4);
    await insert(5);
    await expect(insert(6)).rejects.toMatchObject({ code: 'CONFL' });
    expect(await activeKeys(agent.id)).toBe(5);
  });

  test('concurrent mints for one user stop exactly at the limit', async () => {
    const agent = await registerAgent(svc);
    const minted = await Promise.all(
      Array.from({ length: 6 }, (_, i) => svc.send('POST', '/api/v1/user-api-keys', { name: `burst ${i}` }, agent.apiKey)),
    );
    expect(minted.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await activeKeys(agent.id)).toBe(2);
  });
});

describe('the command line grants and removes staff', () => {
  const admin = (...args: string[]) =>
    promisify(execFile)(process.execPath, [path.resolve(__dirname, '../../dist/scripts/admin.js'), ...args], {
      env: { ...process.env, DATABASE_URL: svc.db.url },
    });

  test('grant-staff opens /graphql, revoke-staff closes it, list shows both, each recorded as cli:<user>', async () => {
    const user = await registerAgent(svc);
    expect((await gql('{ currentUserId }', {}, user.apiKey)).status).toBe(403);
    expect((await admin('grant-staff', user.email)).stdout).toBe(`${user.email}: admin tier: false, staff: true\n`);
    expect((await gql('{ currentUserId }', {}, user.apiKey)).status).toBe(200);
    expect((await admin('list')).stdout).toContain(`${user.email}: admin tier: false, staff: true\n`);
    expect((await admin('revoke-staff', user.email)).stdout).toBe(`${user.email}: admin tier: false, staff: false\n`);
    expect((await gql('{ currentUserId }', {}, user.apiKey)).status).toBe(403);
    const { rows } = await svc.db.pool.query(
      `select actor, action, table_name from app_public.staff_audit where row_key = jsonb_build_object('user_id', $1::uuid) order by id`,
      [user.id],
    );
    expect(rows).toEqual([
      { actor: expect.stringMatching(/^cli:/), action: 'grant_staff', table_name: 'staff_grants' },
      { actor: expect.stringMatching(/^cli:/), action: 'revoke_staff', table_name: 'staff_grants' },
    ]);
    await expect(admin('grant-staff', 'nobody@example.com')).rejects.toMatchObject({ code: 1 });
    await expect(admin('make-god', user.email)).rejects.toMatchObject({ code: 2 });
  });
});

/** The audit rows written since `after` (an audit id). */
async function auditSince(after: number): Promise<any[]> {
  const { rows } = await svc.db.pool.query(
    `select actor, staff_user_id, table_name, row_key, action, old_values, new_values from app_public.staff_audit where id > $1 order by id`,
    [after],
  );
  return rows;
}

async function lastAuditId(): Promise<number> {
  return Number((await svc.db.pool.query('select coalesce(max(id), 0) as id from app_public.staff_audit')).rows[0].id);
}

/** Runs a staff mutation and returns its data and the audit rows it left. */
async function audited(query: string, variables: Record<string, unknown> = {}): Promise<{ d: any; rows: any[] }> {
  const before = await lastAuditId();
  const d = await data(query, variables);
  return { d, rows: await auditSince(before) };
}

describe('every staff mutation leaves one audit row: who, when, which row, old and new values', () => {
  const who = () => ({ actor: `staff:${staff.email}`, staff_user_id: staff.id });
  const covered = new Set<string>();
  const mutate = (name: string, query: string, variables: Record<string, unknown> = {}) => {
    covered.add(name);
    return audited(query, variables);
  };

  test('contractors: create, update (changed fields only, derived ones left out), delete', async () => {
    const created = await mutate(
      'createContractor',
      `mutation { createContractor(input: { contractor: { slug: "audit-marine", name: "Audit Marine", city: "Annapolis", state: "MD" } }) {
        contractor { rowId } } }`,
    );
    const id = created.d.createContractor.contractor.rowId;
    expect(created.rows).toEqual([
      {
        ...who(),
        table_name: 'contractors',
        row_key: { id },
        action: 'insert',
        old_values: null,
        new_values: expect.objectContaining({ id, slug: 'audit-marine', name: 'Audit Marine', city: 'Annapolis', state: 'MD' }),
      },
    ]);
    expect(created.rows[0].new_values).not.toHaveProperty('search');
    const updated = await mutate(
      'updateContractorByRowId',
      `mutation ($id: UUID!) { updateContractorByRowId(input: { rowId: $id, contractorPatch: { tagline: "Now audited", isVerified: true } }) {
        contractor { rowId } } }`,
      { id },
    );
    expect(updated.rows).toEqual([
      {
        ...who(),
        table_name: 'contractors',
        row_key: { id },
        action: 'update',
        old_values: { tagline: null, is_verified: false },
        new_values: { tagline: 'Now audited', is_verified: true },
      },
    ]);
    const deleted = await mutate(
      'deleteContractorByRowId',
      `mutation ($id: UUID!) { deleteContractorByRowId(input: { rowId: $id }) { clientMutationId } }`,
      {
        id,
      },
    );
    expect(deleted.rows).toEqual([
      {
        ...who(),
        table_name: 'contractors',
        row_key: { id },
        action: 'delete',
        old_values: expect.objectContaining({ slug: 'audit-marine', tagline: 'Now audited' }),
        new_values: null,
      },
    ]);
  });

  test('a delete that cascades records the rows it took with it, one row each', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query(`select c.id, count(cs.*)::int as links from app_public.contractors c
      join app_public.contractor_specialties cs on cs.contractor_id = c.id where not exists (select 1 from app_public.reviews r where r.contractor_id = c.id)
      and not exists (select 1 from app_public.quotes q where q.contractor_id = c.id) group by c.id having count(*) >= 2 limit 1`);
    const deleted = await audited(`mutation ($id: UUID!) { deleteContractorByRowId(input: { rowId: $id }) { clientMutationId } }`, {
      id: c.id,
    });
    expect(deleted.rows.map((r) => [r.table_name, r.action])).toEqual([
      ['contractors', 'delete'],
      ...Array.from({ length: c.links }, () => ['contractor_specialties', 'delete']),
    ]);
  });

  test('specialties and their links: create, update, delete', async () => {
    const s = await mutate(
      'createSpecialty',
      `mutation { createSpecialty(input: { specialty: { slug: "audit-trade", name: "Audit trade" } }) { specialty { rowId } } }`,
    );
    const specialtyId = s.d.createSpecialty.specialty.rowId;
    expect(s.rows).toEqual([
      {
        ...who(),
        table_name: 'specialties',
        row_key: { id: specialtyId },
        action: 'insert',
        old_values: null,
        new_values: expect.objectContaining({ slug: 'audit-trade' }),
      },
    ]);
    const {
      rows: [c],
    } = await svc.db.pool.query('select id from app_public.contractors order by id limit 1');
    const link = await mutate(
      'createContractorSpecialty',
      `mutation ($c: UUID!, $s: UUID!) { createContractorSpecialty(input: { contractorSpecialty: { contractorId: $c, specialtyId: $s } }) { clientMutationId } }`,
      { c: c.id, s: specialtyId },
    );
    const key = { contractor_id: c.id, specialty_id: specialtyId };
    expect(link.rows).toEqual([
      { ...who(), table_name: 'contractor_specialties', row_key: key, action: 'insert', old_values: null, new_values: key },
    ]);
    const unlink = await mutate(
      'deleteContractorSpecialtyByContractorIdAndSpecialtyId',
      `mutation ($c: UUID!, $s: UUID!) { deleteContractorSpecialtyByContractorIdAndSpecialtyId(input: { contractorId: $c, specialtyId: $s }) { clientMutationId } }`,
      { c: c.id, s: specialtyId },
    );
    expect(unlink.rows).toEqual([
      { ...who(), table_name: 'contractor_specialties', row_key: key, action: 'delete', old_values: key, new_values: null },
    ]);
    const renamed = await mutate(
      'updateSpecialtyByRowId',
      `mutation ($id: UUID!) { updateSpecialtyByRowId(input: { rowId: $id, specialtyPatch: { name: "Audit trades" } }) { clientMutationId } }`,
      { id: specialtyId },
    );
    expect(renamed.rows).toEqual([
      {
        ...who(),
        table_name: 'specialties',
        row_key: { id: specialtyId },
        action: 'update',
        old_values: { name: 'Audit trade' },
        new_values: { name: 'Audit trades' },
      },
    ]);
    const gone = await mutate(
      'deleteSpecialtyByRowId',
      `mutation ($id: UUID!) { deleteSpecialtyByRowId(input: { rowId: $id }) { clientMutationId } }`,
      { id: specialtyId },
    );
    expect(gone.rows).toEqual([
      {
        ...who(),
        table_name: 'specialties',
        row_key: { id: specialtyId },
        action: 'delete',
        old_values: expect.objectContaining({ name: 'Audit trades' }),
        new_values: null,
      },
    ]);
  });

  test('reviews: create, update, delete (the rating they move is derived, not recorded)', async () => {
    const {
      rows: [c],
    } = await svc.db.pool.query('select id from app_public.contractors order by id desc limit 1');
    const r = await mutate(
      'createReview',
      `mutation ($c: UUID!) { createReview(input: { review: { contractorId: $c, rating: "4.5", authorName: "Auditor", body: "A careful job, on time and on budget." } }) { review { rowId } } }`,
      { c: c.id },
    );
    const id = r.d.createReview.review.rowId;
    expect(r.rows).toEqual([
      {
        ...who(),
        table_name: 'reviews',
        row_key: { id },
        action: 'insert',
        old_values: null,
        new_values: expect.objectContaining({ rating: 4.5, author_name: 'Auditor' }),
      },
    ]);
    const hidden = await mutate(
      'updateReviewByRowId',
      `mutation ($id: UUID!) { updateReviewByRowId(input: { rowId: $id, reviewPatch: { isPublished: false } }) { clientMutationId } }`,
      { id },
    );
    expect(hidden.rows).toEqual([
      {
        ...who(),
        table_name: 'reviews',
        row_key: { id },
        action: 'update',
        old_values: { is_published: true },
        new_values: { is_published: false },
      },
    ]);
    const gone = await mutate(
      'deleteReviewByRowId',
      `mutation ($id: UUID!) { deleteReviewByRowId(input: { rowId: $id }) { clientMutationId } }`,
      { id },
    );
    expect(gone.rows).toEqual([
      {
        ...who(),
        table_name: 'reviews',
        row_key: { id },
        action: 'delete',
        old_values: expect.objectContaining({ author_name: 'Auditor' }),
        new_values: null,
      },
    ]);
  });

  test('posts: create, update, delete', async () => {
    const p = await mutate(
      'createPost',
      `mutation { createPost(input: { post: { kind: "blog", slug: "audit-post", title: "Audit", url: "https://example.com/audit" } }) { post { rowId } } }`,
    );
    const id = p.d.createPost.post.rowId;
    expect(p.rows).toEqual([
      {
        ...who(),
        table_name: 'posts',
        row_key: { id },
        action: 'insert',
        old_values: null,
        new_values: expect.objectContaining({ slug: 'audit-post', title: 'Audit' }),
      },
    ]);
    const t = await mutate(
      'updatePostByRowId',
      `mutation ($id: UUID!) { updatePostByRowId(input: { rowId: $id, postPatch: { title: "Audited" } }) { clientMutationId } }`,
      { id },
    );
    expect(t.rows).toEqual([
      {
        ...who(),
        table_name: 'posts',
        row_key: { id },
        action: 'update',
        old_values: { title: 'Audit' },
        new_values: { title: 'Audited' },
      },
    ]);
    const gone = await mutate(
      'deletePostByRowId',
      `mutation ($id: UUID!) { deletePostByRowId(input: { rowId: $id }) { clientMutationId } }`,
      { id },
    );
    expect(gone.rows).toEqual([
      {
        ...who(),
        table_name: 'posts',
        row_key: { id },
        action: 'delete',
        old_values: expect.objectContaining({ title: 'Audited' }),
        new_values: null,
      },
    ]);
  });

  test('users and keys: tier changes and revocations', async () => {
    const agent = await registerAgent(svc);
    const tier = await mutate(
      'updateUserByRowId',
      `mutation ($id: UUID!) { updateUserByRowId(input: { rowId: $id, userPatch: { isAdmin: true, purpose: "audit" } }) { clientMutationId } }`,
      { id: agent.id },
    );
    expect(tier.rows).toEqual([
      {
        ...who(),
        table_name: 'users',
        row_key: { id: agent.id },
        action: 'update',
        old_values: { is_admin: false, purpose: null },
        new_values: { is_admin: true, purpose: 'audit' },
      },
    ]);
    const [key] = await keyRows(agent.id);
    const revoked = await mutate(
      'updateApiKeyByRowId',
      `mutation ($id: UUID!) { updateApiKeyByRowId(input: { rowId: $id, apiKeyPatch: { revokedAt: "2026-02-02T00:00:00Z" } }) { clientMutationId } }`,
      { id: key!.rowId },
    );
    expect(revoked.rows).toEqual([
      {
        ...who(),
        table_name: 'api_keys',
        row_key: { id: key!.rowId },
        action: 'update',
        old_values: { revoked_at: null },
        new_values: { revoked_at: '2026-02-02T00:00:00+00:00' },
      },
    ]);
    // Nothing secret is in any row of the trail.
    const { rows } = await svc.db.pool.query(`select count(*)::int as n from app_public.staff_audit
      where (coalesce(old_values, '{}') || coalesce(new_values, '{}'))::text ~* 'digest|password|hash|secret|svc_'`);
    expect(rows[0].n).toBe(0);
  });

  test('pro actions staff take for a pro: one row each, with what the action wrote', async () => {
    const o = await makeOpportunity(svc, 2, 90);
    const [q1, q2] = o.quotes.map((q) => q.quoteId);
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const actions: Array<[string, string, Record<string, unknown>, string, Record<string, unknown>]> = [
      ['proSendMessage', 'content: "Hello"', { quoteId: q1 }, 'quote.pro_message_sent', { body: 'Hello', author: 'pro' }],
      ['proRequestMissingInfo', 'questions: ["Engine model?"]', { quoteId: q1 }, 'quote.info_requested', { questions: ['Engine model?'] }],
      ['proProposeVisits', `times: ["${soon}"]`, { quoteId: q1 }, 'quote.visit_times_proposed', {}],
      [
        'proSubmitEstimate',
        'amount: "950.00", description: "Service"',
        { quoteId: q1 },
        'quote.estimate_submitted',
        { amount: 950, currency: 'USD' },
      ],
      ['proDecline', 'reason: "Booked"', { quoteId: q2 }, 'quote.declined', { status: 'declined' }],
    ];
    for (const [mutation, args, vars, kind, written] of actions) {
      const r = await mutate(
        mutation,
        `mutation ($quoteId: UUID!) { ${mutation}(input: { quoteId: $quoteId, ${args} }) { clientMutationId } }`,
        vars,
      );
      expect(r.rows).toEqual([
        {
          ...who(),
          table_name: 'quotes',
          row_key: { id: vars.quoteId },
          action: kind,
          old_values: null,
          new_values: expect.objectContaining(written),
        },
      ]);
    }
  });

  test('staff read the trail; every mutation staff GraphQL offers was tried above', async () => {
    const d = await data('{ allStaffAudits(last: 1) { nodes { actor tableName action } } }');
    expect(d.allStaffAudits.nodes).toHaveLength(1);
    // Each table's other spellings (by node id, by another unique column) reach the same trigger.
    const spelling = /^(create|update|delete)(\w+?)(By\w+)?$/;
    const kinds = (names: Iterable<string>) => new Set([...names].map((n) => (n.startsWith('pro') ? n : n.replace(spelling, '$1$2'))));
    const offered = kinds(await mutationNames());
    const tried = kinds([...covered, 'updateUser', 'updateApiKey']);
    expect([...offered].filter((m) => !tried.has(m))).toEqual([]);
  });
});

describe('the trail is append-only for every role the service uses', () => {
  test.each(['marine_anonymous', 'marine_agent', 'marine_admin', 'marine_authenticator', null])(
    'as %s: update, delete and truncate are refused',
    async (role) => {
      const client = await svc.db.pool.connect();
      try {
        for (const sql of [
          'update app_public.staff_audit set actor = $$x$$',
          'delete from app_public.staff_audit',
          'truncate app_public.staff_audit',
        ]) {
          await client.query('begin');
          if (role !== null) await client.query(`set local role ${role}`);
          const err = await client.query(sql).then(
            () => null,
            (e: { code: string }) => e,
          );
          // Without the grant (42501) or, for the owner, the append-only trigger (FORBD).
          expect([role, sql, err?.code]).toEqual([role, sql, role === null ? 'FORBD' : '42501']);
          await client.query('rollback');
        }
      } finally {
        client.release();
      }
      expect(await lastAuditId()).toBeGreaterThanOrEqual(0);
    },
  );
});
