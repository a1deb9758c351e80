// Writes that race on one Opportunity: a pro writing its quote while the owner accepts another
// pro's estimate. Every function that writes an Opportunity's quotes takes the Opportunity's row
// first, then its quotes (docs/decisions.md, "One lock order for an Opportunity's writes"), so
// the two wait for each other instead of deadlocking; an answer is a 200 or a 409, never a 5xx.
// (A race that still aborts a transaction runs again inside the service: test/db/one-trip.test.ts.)
import { asStaff, issueProToken, makeOpportunity, OWNER, PRO } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  // No runs again after a race (src/db/conflicts.ts): a deadlock would be a 503 here, so the
  // answers show the lock order alone.
  svc = await startTestService({ DATABASE_CONFLICT_RETRIES: '0' });
});
afterAll(() => svc.stop());

const ROUNDS = 50;
/** Rounds in flight at once: each round is four requests, so 40 requests race at a time. */
const PARALLEL_ROUNDS = 10;

const post = (path: string, body: Record<string, unknown>) =>
  svc.get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, confirm: true }) });

/** One round: pro A sends an estimate, a message and visit times while the owner accepts pro B's estimate. */
async function round(i: number): Promise<number[]> {
  const made = await makeOpportunity(svc, 2, (i % 20) * 2);
  const [a, b] = made.quotes.map((q) => q.quoteId) as [string, string];
  const token = await issueProToken(svc.db, a);
  const estimateId = (await asStaff(svc.db, 'app_public.pro_submit_estimate($1, 900, $2, null)', [b, 'USD'])).id;
  const answers = await Promise.all([
    post(`${PRO}/${a}/estimates`, {
      proAccessToken: token,
      amount: 1200,
      currency: 'USD',
      description: 'Two coats',
      validUntil: '2031-01-31',
    }),
    post(`${OWNER}/${made.opportunityId}/accept-estimate`, { ownerAccessToken: made.token, estimateId }),
    post(`${PRO}/${a}/messages`, { proAccessToken: token, content: 'I can start Monday.' }),
    post(`${PRO}/${a}/visit-times`, { proAccessToken: token, times: ['2031-03-10T09:00:00-05:00'] }),
  ]);
  return answers.map((r) => r.status);
}

test(`${ROUNDS} rounds of pro writes racing an accept: every answer is 200 or 409`, async () => {
  const statuses: number[] = [];
  for (let from = 0; from < ROUNDS; from += PARALLEL_ROUNDS) {
    const batch = await Promise.all(Array.from({ length: PARALLEL_ROUNDS }, (_, k) => round(from + k)));
    statuses.push(...batch.flat());
  }
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
  // The accept always wins or ties: it is never refused by a pro's write.
  expect(statuses.filter((_, k) => k % 4 === 1).every((s) => s === 200)).toBe(true);
}, 120_000);
