// The loop of issue 26 without staff, around whichever door the pro uses (the page in Chromium:
// test/e2e/pro-flow.test.ts; a pro agent over MCP: test/e2e/pro-mcp.test.ts). The owner's side is
// REST: a request to one pro, verified with the e-mailed code, the pro's e-mail and its link;
// after the pro proposed VISIT_TIMES and sent ESTIMATE, the owner schedules, accepts, messages,
// completes and reviews, and the review shows on the pro's profile.
import { OWNER } from './opportunities';
import { demoPros, proLinkOf, REQUESTS, requestBody, specialtySlug, verificationMail, verificationOf, type Pro } from './requests';
import type { TestService } from './server';
import { waitForNotices } from './notices';
import type { ReceivedMail, SmtpSink } from './smtp';

/** The visit times the pro proposes (New York time, as the page's form says) and the instants the owner sees. */
export const VISIT_TIMES = { local: ['2031-05-04T09:00', '2031-05-05T14:30'], zone: 'America/New_York', offset: '-04:00' };
export const VISIT_INSTANTS = ['2031-05-04T13:00:00.000Z', '2031-05-05T18:30:00.000Z'];
export const ESTIMATE = {
  amount: '1850.50',
  currency: 'USD',
  description: 'Haul out, strip and two coats of antifouling',
  validUntil: '2031-06-30',
};
export const REVIEW = 'Came when he said, and the bottom looks new.';

export type ProLink = ReturnType<typeof proLinkOf>;

/** A verified request and, for each of its pros, the link in the pro's e-mail (its page, quote and pro access token). */
export interface ProRequest {
  pros: Pro[];
  body: ReturnType<typeof requestBody>;
  opportunityId: string;
  ownerAccessToken: string;
  links: ProLink[];
}

/** A request to one pro: `pro` and `link` are its only pro and link. */
export interface ProLoop extends ProRequest {
  pro: Pro;
  link: ProLink;
}

/**
 * An owner's verified request to `count` demo pros (from `offset`), sent with `apiKey` when given
 * (that account's webhook endpoints then hear of it), and each pro's e-mail with its link.
 */
export async function requestToPros(svc: TestService, sink: SmtpSink, count: number, offset: number, apiKey?: string): Promise<ProRequest> {
  const pros = await demoPros(svc, count, offset);
  const body = requestBody(await specialtySlug(svc), pros);
  const created = await svc.send('POST', REQUESTS, body, apiKey);
  expect(created.status).toBe(201);
  const { code } = verificationOf(await verificationMail(sink, body.owner.email));
  const confirmed = await svc.send('POST', `${REQUESTS}/${created.body.data.requestId}/confirm`, { verificationCode: code });
  expect(confirmed.status).toBe(200);
  const { opportunityId, ownerAccessToken } = confirmed.body.data;

  // Each pro's e-mail: the request and a link to its own page.
  const links = [];
  for (const pro of pros) {
    const [mail] = await sink.waitFor((m) => m.to.includes(pro.email) && m.subject.startsWith('New '));
    expect(mail!.text).toContain(body.project.description);
    const link = proLinkOf(mail!);
    expect(link.link.startsWith(`${svc.url}/pro/quotes/`)).toBe(true);
    links.push(link);
  }
  return { pros, body, opportunityId, ownerAccessToken, links };
}

export async function requestToOnePro(svc: TestService, sink: SmtpSink, offset: number): Promise<ProLoop> {
  const request = await requestToPros(svc, sink, 1, offset);
  return { ...request, pro: request.pros[0]!, link: request.links[0]! };
}

/**
 * The owner's half once the pro proposed VISIT_TIMES and sent ESTIMATE: e-mailed, it picks the
 * second time, accepts, messages, and both sides see the same thread (the pro's as `proThread`
 * reads it through the pro's door); then it completes and reviews, and the review shows on the
 * profile and in the pro's thread.
 */
export async function ownerFinishes(svc: TestService, sink: SmtpSink, loop: ProLoop, proThread: () => Promise<any>): Promise<void> {
  const { body, opportunityId, ownerAccessToken, pro } = loop;
  const ownerHeaders = { 'x-service-owner-access-token': ownerAccessToken, 'content-type': 'application/json' };
  const act = (suffix: string, b: Record<string, unknown>) =>
    svc.get(`${OWNER}/${opportunityId}/${suffix}`, {
      method: 'POST',
      headers: ownerHeaders,
      body: JSON.stringify({ ...b, confirm: true }),
    });

  // The owner is told by e-mail (the estimate in the next notice, after the window:
  // waitForNotices makes it due), and answers over REST with the owner access token.
  const toOwner = (m: ReceivedMail) => m.to.includes(body.owner.email) && !m.subject.startsWith('Confirm');
  await waitForNotices(svc, sink, (m) => toOwner(m) && m.text.includes('proposed times for a visit'));
  await waitForNotices(svc, sink, (m) => toOwner(m) && m.text.includes('sent you an estimate'));
  const opportunity = (await svc.get(`${OWNER}/${opportunityId}`, { headers: ownerHeaders })).body.data;
  expect(opportunity.status).toBe('visit_options');
  const [thread] = opportunity.pros;
  expect(thread.visits[0].options).toEqual(VISIT_INSTANTS);
  const chosen = await act('select-visit-time', {
    quoteId: thread.quoteId,
    visitId: thread.visits[0].visitId,
    selectedTime: `${VISIT_TIMES.local[1]}:00${VISIT_TIMES.offset}`,
  });
  expect(chosen.status).toBe(200);
  expect((await act('accept-estimate', { estimateId: thread.estimates[0].estimateId })).status).toBe(200);
  expect((await act('messages', { quoteId: thread.quoteId, content: 'See you on the 5th.' })).status).toBe(200);

  // Both sides see the same thread.
  const ownerThread = (await svc.get(`${OWNER}/${opportunityId}`, { headers: ownerHeaders })).body.data.pros[0];
  const { request, ...proSide } = await proThread();
  expect(proSide).toEqual(ownerThread);
  expect(request.awarded).toBe(true);
  expect(ownerThread).toMatchObject({
    quoteStatus: 'awarded',
    visits: [{ status: 'scheduled', selectedTime: VISIT_INSTANTS[1] }],
  });

  expect((await act('mark-complete', { quoteId: thread.quoteId })).status).toBe(200);
  expect((await act('review', { quoteId: thread.quoteId, rating: 5, review: REVIEW })).status).toBe(200);
  const profile = (await svc.get(`/api/v1/public/contractors/${pro.slug}`)).body.data;
  expect(profile.reviews.map((r: { review: string }) => r.review)).toContain(REVIEW);
  // The pro sees the review in its thread too.
  expect((await proThread()).review).toMatchObject({ rating: 5 });
}
