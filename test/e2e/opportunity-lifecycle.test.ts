// A whole Opportunity over HTTP with two pros, from the request to the review on the profile,
// checking the derived status after every step; and the path where every pro declines. Owners
// use the REST API with their token; staff act for the pros through GraphQL.
import { OWNER } from '../helpers/opportunities';
import { demoPros, REQUESTS, requestBody, specialtySlug, verificationMail, verificationOf } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { waitForNotices } from '../helpers/notices';
import { SmtpSink } from '../helpers/smtp';

let sink: SmtpSink;
let svc: TestService;
let staffKey: string;
beforeAll(async () => {
  sink = await new SmtpSink().start();
  svc = await startTestService({ SMTP_URL: sink.url, RUN_WORKER: 'true' });
  // Staff act for the pros through GraphQL (a staff grant, as npm run admin -- grant-staff gives).
  const reg = await svc.send('POST', '/api/agents/register', {
    firstName: 'Sam',
    lastName: 'Staff',
    email: 'sam.staff@example.com',
    password: 'a long enough password',
  });
  await svc.db.pool.query(`select app_private.grant_staff('sam.staff@example.com', 'cli:test')`);
  staffKey = reg.body.data.credentials.apiKey;
});

/** A pro action as staff: one GraphQL mutation; returns its result or throws its first error. */
async function pro(mutation: string, input: Record<string, unknown>): Promise<any> {
  const r = await svc.send(
    'POST',
    '/graphql',
    {
      query: `mutation ($input: ${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { result { rowId } } }`,
      variables: { input },
    },
    staffKey,
  );
  if (r.body.errors) throw Object.assign(new Error(r.body.errors[0].message), r.body.errors[0].extensions);
  return { id: r.body.data[mutation].result.rowId };
}
afterAll(async () => {
  await svc.stop();
  await sink.stop();
});

async function verifiedOpportunity(proOffset: number) {
  const pros = await demoPros(svc, 2, proOffset);
  const body = requestBody(await specialtySlug(svc), pros);
  const created = await svc.send('POST', REQUESTS, body);
  const { code } = verificationOf(await verificationMail(sink, body.owner.email));
  const confirmed = await svc.send('POST', `${REQUESTS}/${created.body.data.requestId}/confirm`, { verificationCode: code });
  const { opportunityId, ownerAccessToken: token, quotes } = confirmed.body.data;
  return { opportunityId, token, quotes, owner: body.owner.email, pros };
}

test("request to review: the status follows every step; the review lands on the pro's profile", async () => {
  const o = await verifiedOpportunity(40);
  const [a, b] = o.quotes as Array<{ quoteId: string; contractorSlug: string }>;
  const headers = { 'x-service-owner-access-token': o.token };
  const status = async () => (await svc.get(`${OWNER}/${o.opportunityId}/status`, { headers })).body.data.status;
  const act = (path: string, body: Record<string, unknown>) =>
    svc.get(`${OWNER}/${o.opportunityId}/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, confirm: true }),
    });

  expect(await status()).toBe('waiting_on_pros');

  await pro('proRequestMissingInfo', { quoteId: a!.quoteId, questions: ['How long is the boat?'] });
  expect(await status()).toBe('needs_owner_info');
  await sink.waitFor((m) => m.to.includes(o.owner) && m.subject.includes('needs more information'));
  expect((await act('missing-info', { quoteId: a!.quoteId, answers: ['34 feet'] })).status).toBe(200);
  expect(await status()).toBe('waiting_on_pros');

  const visit = await pro('proProposeVisits', { quoteId: a!.quoteId, times: ['2030-03-01T14:00:00Z', '2030-03-02T09:30:00Z'] });
  expect(await status()).toBe('visit_options');
  expect(
    (await act('select-visit-time', { quoteId: a!.quoteId, visitId: visit.id, selectedTime: '2030-03-02T09:30:00.000Z' })).status,
  ).toBe(200);
  expect(await status()).toBe('waiting_on_pros');

  const estA = await pro('proSubmitEstimate', { quoteId: a!.quoteId, amount: '2400', currency: 'USD', description: 'Full bottom job' });
  const estB = await pro('proSubmitEstimate', {
    quoteId: b!.quoteId,
    amount: '2900',
    currency: 'USD',
    description: 'Bottom job, premium paint',
  });
  expect(await status()).toBe('quoted');

  const preview = await svc.get(`${OWNER}/${o.opportunityId}/accept-estimate`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ estimateId: estA.id }),
  });
  expect(preview.status).toBe(202);
  expect(preview.body.detail).toMatchObject({ estimateId: estA.id, closesEstimates: [estB.id] });
  expect(await status()).toBe('quoted');
  expect((await act('accept-estimate', { estimateId: estA.id })).status).toBe(200);
  expect(await status()).toBe('awarded');
  const detail = (await svc.get(`${OWNER}/${o.opportunityId}`, { headers })).body.data;
  const proB = detail.pros.find((p: { quoteId: string }) => p.quoteId === b!.quoteId);
  expect(proB).toMatchObject({ quoteStatus: 'closed', threadStatus: 'closed', estimates: [expect.objectContaining({ status: 'closed' })] });
  expect((await act('accept-estimate', { estimateId: estB.id })).status).toBe(409);
  await expect(pro('proProposeVisits', { quoteId: a!.quoteId, times: ['2030-04-01T10:00:00Z'] })).rejects.toMatchObject({
    message: 'This Opportunity is already awarded',
    status: 409,
  });

  expect((await act('mark-complete', { quoteId: b!.quoteId })).status).toBe(409);
  expect((await act('review', { quoteId: a!.quoteId, rating: 5, review: 'Early' })).status).toBe(409);
  expect((await act('mark-complete', { quoteId: a!.quoteId })).status).toBe(200);
  expect(await status()).toBe('completed');

  const profileBefore = (await svc.get(`/api/v1/public/contractors/${a!.contractorSlug}`)).body.data;
  // Half points are ratings (DESIGN.md "Reviews"): stored exactly and shown on the profile.
  expect((await act('review', { quoteId: a!.quoteId, rating: 4.5, review: 'Clean work, on time.' })).status).toBe(200);
  expect(await status()).toBe('reviewed');
  expect((await act('review', { quoteId: a!.quoteId, rating: 5, review: 'Again' })).status).toBe(409);
  const profile = (await svc.get(`/api/v1/public/contractors/${a!.contractorSlug}`)).body.data;
  expect(profile.reviews[0]).toMatchObject({ rating: 4.5, review: 'Clean work, on time.', authorName: 'Olivia O.' });
  const { rows: stored } = await svc.db.pool.query('select rating::text from app_public.reviews where quote_id = $1', [a!.quoteId]);
  expect(stored).toEqual([{ rating: '4.5' }]);
  expect(profile.reviewCount).toBe(profileBefore.reviewCount + 1);
  const { rows } = await svc.db.pool.query(
    `select round(avg(rating), 2)::float8 as avg from app_public.reviews
    where contractor_id = (select id from app_public.contractors where slug = $1) and is_published`,
    [a!.contractorSlug],
  );
  expect(profile.rating).toBe(rows[0].avg);
});

test('every pro declines: closed, and the owner is told', async () => {
  const o = await verifiedOpportunity(44);
  for (const q of o.quotes) await pro('proDecline', { quoteId: q.quoteId, reason: 'Fully booked' });
  const r = await svc.get(`${OWNER}/${o.opportunityId}/status`, { headers: { 'x-service-owner-access-token': o.token } });
  expect(r.body.data.status).toBe('closed');
  expect(r.body.data.pros.map((p: { quoteStatus: string }) => p.quoteStatus)).toEqual(['declined', 'declined']);
  // Both declines are told, in one notice or two (the second may wait for the window).
  for (const q of o.quotes as Array<{ contractorName: string }>)
    await waitForNotices(svc, sink, (m) => m.to.includes(o.owner) && m.text.includes(`${q.contractorName} declined your request`));
});
