// No plaintext secret anywhere (issue 14; DESIGN.md): every flow that handles a password, an API
// key, a verification code or token, an owner or a pro access token, a claim code or a listing
// access token is run, failures included, on a cluster of this file's own with PostgreSQL's
// default logging (failed statements are written with their text). Then its server log, the
// service's own log and a pg_dump are searched for every secret the flows used (the agent doors'
// included: MCP and A2A).
import { randomBytes } from 'node:crypto';
import { SmtpSink } from '../helpers/smtp';
import { proLinkOf, REQUESTS, requestBody, verificationOf } from '../helpers/requests';
import { FaultCluster } from './cluster';
import { spawnService, type ServiceProcess, STARTUP_MS } from '../helpers/service-process';

let cluster: FaultCluster;
let service: ServiceProcess;
const sink = new SmtpSink();
beforeAll(async () => {
  cluster = await FaultCluster.create(100);
  await sink.start();
  service = await spawnService(cluster, {
    DATABASE_URL: cluster.url,
    AUTH_DATABASE_URL: cluster.authUrl,
    SMTP_URL: sink.url,
    RATE_LIMIT_PUBLIC: '8',
    LOG_LEVEL: 'debug',
  });
  await service.waitForLog((l) => l.msg === 'listening', STARTUP_MS);
}, 240_000);
afterAll(async () => {
  service?.killAll();
  await service?.exited;
  await sink.stop();
  await cluster?.destroy();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(service.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as any };
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

test("no password, key, code or token in PostgreSQL's log, the service's log or a dump, after every flow and failure", async () => {
  const secrets: Record<string, string> = {};
  const statuses: number[] = [];
  const expectStatus = (r: { status: number }, status: number) => {
    statuses.push(r.status);
    expect(r.status).toBe(status);
  };

  // Registration, and a duplicate one (its statement fails: CONFL).
  secrets.password = `pw-${randomBytes(12).toString('hex')}`;
  secrets.secondPassword = `pw-${randomBytes(12).toString('hex')}`;
  const agent = { firstName: 'Sam', lastName: 'Secret', email: `sam${process.pid}@example.com` };
  const registered = await call('POST', '/api/agents/register', { ...agent, password: secrets.password });
  expectStatus(registered, 200);
  secrets.apiKey = registered.body.data.credentials.apiKey;
  expectStatus(await call('POST', '/api/agents/register', { ...agent, password: secrets.secondPassword }), 409);

  // Keyed requests that succeed and that fail in SQL (404, 400), a second key, an unknown key, a spent quota.
  const key = bearer(secrets.apiKey!);
  expectStatus(await call('GET', '/api/v1/public/contractors/search?q=diesel', undefined, key), 200);
  expectStatus(await call('GET', '/api/v1/public/contractors/no-such-pro', undefined, key), 404);
  expectStatus(await call('GET', '/api/v1/public/contractors/search?specialty=no-such-thing', undefined, key), 400);
  const minted = await call('POST', '/api/v1/user-api-keys', { name: 'second' }, key);
  expectStatus(minted, 201);
  secrets.secondKey = minted.body.data.apiKey;
  expectStatus(await call('GET', '/api/account/me', undefined, key), 200);
  secrets.unknownKey = `svc_public_${randomBytes(20).toString('hex')}`;
  expectStatus(await call('GET', '/api/v1/public/contractors/search', undefined, bearer(secrets.unknownKey!)), 401);
  for (let i = 0; i < 8; i++) await call('GET', '/api/v1/public/articles', undefined, bearer(secrets.secondKey!));
  expectStatus(await call('GET', '/api/v1/public/contractors/no-such-pro', undefined, bearer(secrets.secondKey!)), 429);

  // The request flow: a wrong code, the confirm page with the link's token, the right code.
  const specialty = (await call('GET', '/api/v1/public/contractors/specialties')).body.data.specialties[0].slug as string;
  const body = requestBody(specialty, []);
  const created = await call('POST', REQUESTS, body);
  expectStatus(created, 201);
  const requestId = created.body.data.requestId as string;
  const [mail] = await sink.waitFor((m) => m.to.includes(body.owner.email) && m.subject.startsWith('Confirm your'));
  const { code, token } = verificationOf(mail!);
  secrets.code = code;
  secrets.verificationToken = token;
  const wrong = code === '00000000' ? '11111111' : '00000000';
  expectStatus(await call('POST', `${REQUESTS}/${requestId}/confirm`, { verificationCode: wrong }), 401);
  expectStatus(await call('GET', `${REQUESTS}/${requestId}/confirm?token=${token}`), 200);
  secrets.wrongToken = randomBytes(32).toString('hex');
  expectStatus(await call('GET', `${REQUESTS}/${requestId}/confirm?token=${secrets.wrongToken}`), 401);
  const confirmed = await call('POST', `${REQUESTS}/${requestId}/confirm`, { verificationCode: code });
  expectStatus(confirmed, 200);
  secrets.ownerToken = confirmed.body.data.ownerAccessToken;
  const opportunityId = confirmed.body.data.opportunityId as string;
  const [access] = await sink.waitFor((m) => m.to.includes(body.owner.email) && m.subject.endsWith('request is confirmed'));
  secrets.emailedOwnerToken = /\b([0-9a-f]{64})\b/.exec(access!.text)![1]!;

  // Owner operations: the right token, another Opportunity's id, an unknown token.
  const owner = { 'x-service-owner-access-token': secrets.ownerToken! };
  expectStatus(await call('GET', `/api/v1/public/search-mcp/owner/opportunities/${opportunityId}`, undefined, owner), 200);
  expectStatus(
    await call('GET', `/api/v1/public/search-mcp/owner/opportunities/${opportunityId}`, undefined, {
      'x-service-owner-access-token': secrets.emailedOwnerToken!,
    }),
    200,
  );
  expectStatus(
    await call('GET', '/api/v1/public/search-mcp/owner/opportunities/00000000-0000-4000-8000-000000000000', undefined, owner),
    404,
  );
  // The owner's page: its link, a form's post with the token in its body (for a thread the
  // Opportunity does not have: a 404 page), and an unknown token (the same 404 as an unknown id).
  expectStatus(await call('GET', `/owner/opportunities/${opportunityId}?token=${secrets.ownerToken}`), 200);
  const ownerForm = (more: Record<string, string>) =>
    fetch(`${service.url}/owner/opportunities/${opportunityId}/mark-complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ownerAccessToken: secrets.ownerToken!, quoteId: 'nope', ...more }).toString(),
    });
  expectStatus(await ownerForm({ confirm: 'yes' }), 404);
  secrets.unknownOwnerToken = randomBytes(32).toString('hex');
  expectStatus(await call('GET', `/owner/opportunities/${opportunityId}?token=${secrets.unknownOwnerToken}`), 404);
  expectStatus(
    await call('GET', `/api/v1/public/search-mcp/owner/opportunities/${opportunityId}`, undefined, {
      'x-service-owner-access-token': secrets.unknownOwnerToken!,
    }),
    401,
  );

  // The pro's door: a request to two pros, each e-mailed a link with its token; the page, the API,
  // a form post, a preview and a write; another quote's id, an unknown token, a token in an API URL.
  const listed = (await call('GET', '/api/v1/public/contractors/search?limit=100')).body.contractors as Array<{
    slug: string;
    email: string | null;
  }>;
  const pros = listed.filter((c) => c.email !== null).slice(0, 2);
  const proRequest = requestBody(specialty, pros);
  const second = await call('POST', REQUESTS, proRequest);
  expectStatus(second, 201);
  const [verification] = await sink.waitFor((m) => m.to.includes(proRequest.owner.email) && m.subject.startsWith('Confirm your'));
  expectStatus(
    await call('POST', `${REQUESTS}/${second.body.data.requestId}/confirm`, { verificationCode: verificationOf(verification!).code }),
    200,
  );
  const links = await Promise.all(
    pros.map(async (p) => proLinkOf((await sink.waitFor((m) => m.to.includes(p.email!) && m.subject.startsWith('New ')))[0]!)),
  );
  const [mine, theirs] = links as [ReturnType<typeof proLinkOf>, ReturnType<typeof proLinkOf>];
  secrets.proToken = mine.token;
  secrets.secondProToken = theirs.token;
  const proHeader = { 'x-service-pro-access-token': mine.token };
  expectStatus(await call('GET', `/pro/quotes/${mine.quoteId}?token=${mine.token}`), 200);
  expectStatus(await call('GET', `/api/v1/pro/quotes/${mine.quoteId}`, undefined, proHeader), 200);
  expectStatus(await call('GET', `/api/v1/pro/quotes/${theirs.quoteId}`, undefined, proHeader), 404);
  expectStatus(await call('GET', `/api/v1/pro/quotes/${mine.quoteId}?token=${mine.token}`), 400);
  expectStatus(await call('POST', `/api/v1/pro/quotes/${mine.quoteId}/messages`, { content: 'Tuesday?' }, bearer(mine.token)), 202);
  expectStatus(
    await call('POST', `/api/v1/pro/quotes/${mine.quoteId}/messages`, { proAccessToken: mine.token, content: 'Tuesday?', confirm: true }),
    200,
  );
  const form = await fetch(`${service.url}/pro/quotes/${theirs.quoteId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ proAccessToken: theirs.token, content: 'Wednesday works too.' }).toString(),
  });
  expectStatus(form, 200);
  secrets.unknownProToken = randomBytes(32).toString('hex');
  expectStatus(await call('GET', `/pro/quotes/${mine.quoteId}?token=${secrets.unknownProToken}`), 401);
  expectStatus(
    await call('GET', `/api/v1/pro/quotes/${mine.quoteId}`, undefined, { 'x-service-pro-access-token': secrets.unknownProToken! }),
    401,
  );

  // The pro's agent doors: the token as an MCP tool's argument and an A2A skill's input, for a
  // read, a preview, a write, another quote (404) and an unknown token (401).
  const mcpTool = async (name: string, args: Record<string, unknown>) => {
    const r = await call(
      'POST',
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      { accept: 'application/json, text/event-stream' },
    );
    expectStatus(r, 200);
    return r.body.result as { isError?: boolean; structuredContent?: any; content: Array<{ text: string }> };
  };
  const a2aSkill = async (skill: string, input: Record<string, unknown>) => {
    const message = { messageId: randomBytes(8).toString('hex'), role: 'ROLE_USER', parts: [{ data: { skill, input } }] };
    const r = await call('POST', '/a2a', { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message } }, { 'A2A-Version': '1.0' });
    expectStatus(r, 200);
    return r.body.result.message.parts[0].data;
  };
  const proArgs = { proAccessToken: mine.token, quoteId: mine.quoteId };
  expect((await mcpTool('pro_get_quote', proArgs)).structuredContent.quoteId).toBe(mine.quoteId);
  expect((await mcpTool('pro_send_message', { ...proArgs, content: 'Thursday?' })).structuredContent.writesPerformed).toBe(false);
  expect((await mcpTool('pro_send_message', { ...proArgs, content: 'Thursday?', confirm: true })).structuredContent.writesPerformed).toBe(
    true,
  );
  expect(JSON.parse((await mcpTool('pro_get_quote', { ...proArgs, quoteId: theirs.quoteId })).content[0]!.text).status).toBe(404);
  secrets.unknownAgentProToken = randomBytes(32).toString('hex');
  expect(
    JSON.parse((await mcpTool('pro_get_quote', { ...proArgs, proAccessToken: secrets.unknownAgentProToken })).content[0]!.text).status,
  ).toBe(401);
  expect((await a2aSkill('pro_get_quote', proArgs)).quoteId).toBe(mine.quoteId);
  expect((await a2aSkill('pro_send_message', { ...proArgs, content: 'Friday?', confirm: true })).writesPerformed).toBe(true);
  expect((await a2aSkill('pro_get_quote', { ...proArgs, quoteId: theirs.quoteId })).status).toBe(404);
  expect((await a2aSkill('pro_get_quote', { ...proArgs, proAccessToken: secrets.unknownAgentProToken })).status).toBe(401);

  // Claiming a listing: the code from the listing's inbox, a wrong code, the listing access token
  // used (header, Bearer, body), an unknown one, and one sent in the URL (refused).
  const found0 = (await call('GET', '/api/v1/public/contractors/search?q=marine&limit=20')).body.contractors as Array<{
    slug: string;
    email: string | null;
  }>;
  const listing = found0.find((c) => c.email !== null)!;
  const claims = '/api/v1/pro/listing-claims';
  const claimed = await call('POST', claims, {
    contractorSlug: listing.slug,
    claimant: { name: 'Sam Secret', email: 'sam@claimant.example' },
  });
  expectStatus(claimed, 201);
  const claimId = claimed.body.data.claimId as string;
  const [claimMail] = await sink.waitFor((m) => m.to.includes(listing.email!) && m.subject.startsWith('Claim your listing'));
  secrets.claimCode = /claim code is: (\d{8})/.exec(claimMail!.text)![1]!;
  const wrongClaimCode = secrets.claimCode === '00000000' ? '11111111' : '00000000';
  expectStatus(await call('POST', `${claims}/${claimId}/verify`, { verificationCode: wrongClaimCode }), 401);
  const verified = await call('POST', `${claims}/${claimId}/verify`, { verificationCode: secrets.claimCode });
  expectStatus(verified, 200);
  secrets.listingToken = verified.body.data.listingAccessToken;
  expectStatus(await call('GET', '/api/v1/pro/listing', undefined, { 'x-service-listing-access-token': secrets.listingToken! }), 200);
  expectStatus(
    await call('POST', '/api/v1/pro/listing/edits', { tagline: 'Kept secret', confirm: true }, bearer(secrets.listingToken!)),
    200,
  );
  expectStatus(
    await call('POST', '/api/v1/pro/listing/edits', {
      website: 'http://refused.example',
      listingAccessToken: secrets.listingToken,
      confirm: true,
    }),
    400,
  );
  expectStatus(await call('GET', `/api/v1/pro/listing?token=${secrets.listingToken}`), 400);
  secrets.unknownListingToken = randomBytes(32).toString('hex');
  expectStatus(
    await call('GET', '/api/v1/pro/listing', undefined, { 'x-service-listing-access-token': secrets.unknownListingToken! }),
    401,
  );

  // The log files were written (failed statements included), and none holds a secret.
  const serverLog = cluster.serverLog();
  expect(serverLog).toMatch(/STATEMENT: /);
  const places = { 'PostgreSQL log': serverLog, 'service log': service.output(), pg_dump: await cluster.dump() };
  const found: string[] = [];
  for (const [where, text] of Object.entries(places)) {
    for (const [name, secret] of Object.entries(secrets)) {
      const pattern = /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`) : new RegExp(secret, 'i');
      if (pattern.test(text)) found.push(`${name} in ${where}`);
    }
  }
  console.info('secrets scan', { secrets: Object.keys(secrets).length, statuses: statuses.length, logBytes: serverLog.length });
  expect(found).toEqual([]);
});
