// Everyone in a request hears what happened, end to end on the real service and job worker: an
// agent registers a webhook endpoint at a real receiver on 127.0.0.1 and sends a request to three
// pros with its key; the owner verifies it; one pro works its quote on its page in Chromium, one
// declines, one is closed by the award; the owner answers, schedules, accepts, completes and
// reviews over REST. The receiver verifies every delivery with the standardwebhooks package and
// gets the Opportunity's events in the feed's order, none missing, though it answered 500 for a
// while; the pro and the owner get e-mails that say what happened, with their links.
import { Webhook } from 'standardwebhooks';
import { launchBrowser, newTab } from '../helpers/browser';
import { ownerLinkOf, waitForNotices } from '../helpers/notices';
import { OWNER, PRO } from '../helpers/opportunities';
import { requestToPros } from '../helpers/pro-loop';
import { demoPros, proLinkOf, REQUESTS, requestBody, specialtySlug, verificationMail, verificationOf } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { SmtpSink } from '../helpers/smtp';
import { WebhookReceiver, type ReceivedHook } from '../helpers/webhook-receiver';

const QUESTIONS = ['Which engine model is it?', 'Where is the boat kept?'];
const ANSWERS = ['Yanmar 4JH80', 'Slip 14, Bahia Mar'];
const VISIT_TIMES = ['2031-05-04T09:00', '2031-05-05T14:30'];
const ESTIMATE = { amount: '1850.50', description: 'Cooling system service and impeller', validUntil: '2031-06-30' };
const BURST = 10;

let sink: SmtpSink;
let receiver: WebhookReceiver;
let svc: TestService;
beforeAll(async () => {
  sink = await new SmtpSink().start();
  receiver = await new WebhookReceiver().start();
  svc = await startTestService({ SMTP_URL: sink.url, RUN_WORKER: 'true', WEBHOOK_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8' });
});
afterAll(async () => {
  await svc.stop();
  await receiver.stop();
  await sink.stop();
});

/** A new agent account and its endpoint at the receiver: the key and the endpoint's id and secret. */
async function agentWithEndpoint(): Promise<{ key: string; endpoint: { id: string; secret: string } }> {
  const reg = await svc.send('POST', '/api/agents/register', {
    firstName: 'Ada',
    lastName: 'Agent',
    email: `everyone-hears.${process.pid}@example.com`,
    password: 'a long enough password',
  });
  expect(reg.status).toBe(200);
  const key = reg.body.data.credentials.apiKey as string;
  const created = await svc.send('POST', '/api/v1/webhook-endpoints', { url: `${receiver.url}/agent` }, key);
  expect(created.status).toBe(201);
  expect(created.body.data.secret).toMatch(/^whsec_/);
  return { key, endpoint: created.body.data };
}

/** The pro's page in Chromium: questions, two visit times, an estimate and a message. */
async function proWorksOnItsPage(link: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const { tab, errors } = await newTab(browser);
    await tab.goto(link);
    const send = async (action: string, fill: Record<string, string>, button: string, done: string) => {
      const form = tab.locator(`form[action$="/${action}"]`);
      for (const [name, value] of Object.entries(fill)) await form.locator(`[name=${name}]`).fill(value);
      await form.getByRole('button', { name: button, exact: true }).click();
      await tab.getByText(done).waitFor();
    };
    await send('missing-info', { questions: QUESTIONS.join('\n') }, 'Ask', 'Your questions were sent to the owner.');
    await send('visit-times', { time1: VISIT_TIMES[0]!, time2: VISIT_TIMES[1]! }, 'Propose', 'Your visit times were sent to the owner.');
    await send('estimates', ESTIMATE, 'Send estimate', 'Your estimate was sent to the owner.');
    await send('messages', { content: 'I can come either day.' }, 'Send', 'Your message was sent to the owner.');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
}

/** Every delivery verified as a receiver would (a wrong signature throws), in arrival order. */
function verifiedDeliveries(secret: string): Array<{ hook: ReceivedHook; event: { id: string; type: string; data: unknown } }> {
  const wh = new Webhook(secret);
  return receiver.received
    .filter((h) => h.path === '/agent')
    .map((hook) => ({ hook, event: (wh.verify(hook.body, hook.headers) as { data: { id: string; type: string; data: unknown } }).data }));
}

test('an agent, a pro in Chromium and the owner over REST work a request to a review, and each hears the other', async () => {
  const { key, endpoint } = await agentWithEndpoint();
  const { pros, body, opportunityId, ownerAccessToken, links } = await requestToPros(svc, sink, 3, 60, key);
  const [worker, decliner] = links as [ReturnType<typeof proLinkOf>, ReturnType<typeof proLinkOf>];
  const proSends = (link: typeof worker, suffix: string, b: object) =>
    svc.get(`${PRO}/${link.quoteId}/${suffix}`, {
      method: 'POST',
      headers: { 'x-service-pro-access-token': link.token, 'content-type': 'application/json' },
      body: JSON.stringify({ ...b, confirm: true }),
    });

  await proWorksOnItsPage(worker.link);
  expect((await proSends(decliner, 'decline', { reason: 'Fully booked this month' })).status).toBe(200);

  // The owner's e-mail says what the pro asked, and its link opens the owner page.
  const [asked] = await waitForNotices(svc, sink, (m) => m.to.includes(body.owner.email) && m.text.includes(QUESTIONS[0]!));
  expect(asked!.text).toContain(QUESTIONS[1]);
  const ownerLink = ownerLinkOf(asked!);
  expect(ownerLink.opportunityId).toBe(opportunityId);
  const page = await svc.get(`${ownerLink.path}?token=${ownerLink.token}`);
  expect(page.status).toBe(200);
  expect(page.body).toContain(QUESTIONS[0]);

  // The receiver fails for a while: every event of the owner's first answer waits, none is lost.
  receiver.answer = (h) => (h.path === '/agent' ? 500 : 204);
  const headers = { 'x-service-owner-access-token': ownerAccessToken, 'content-type': 'application/json' };
  const act = async (suffix: string, b: Record<string, unknown>) => {
    const r = await svc.get(`${OWNER}/${opportunityId}/${suffix}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...b, confirm: true }),
    });
    expect([suffix, r.status]).toEqual([suffix, 200]);
  };
  const thread = (await svc.get(`${OWNER}/${opportunityId}`, { headers })).body.data.pros.find(
    (p: { quoteId: string }) => p.quoteId === worker.quoteId,
  );
  await act('missing-info', { quoteId: worker.quoteId, answers: ANSWERS });
  await receiver.waitFor((h) => h.path === '/agent' && h.status === 500, 2);
  receiver.answer = 204;

  // The pro hears the owner's answer, with its link.
  const [answered] = await waitForNotices(svc, sink, (m) => m.to.includes(pros[0]!.email) && m.text.includes(ANSWERS[0]!));
  expect(answered!.text).toContain(`/pro/quotes/${worker.quoteId}?token=`);

  await act('select-visit-time', { quoteId: worker.quoteId, visitId: thread.visits[0].visitId, selectedTime: thread.visits[0].options[1] });
  await act('accept-estimate', { estimateId: thread.estimates[0].estimateId });
  await act('messages', { quoteId: worker.quoteId, content: 'See you on the 5th.' });
  await act('mark-complete', { quoteId: worker.quoteId });
  await act('review', { quoteId: worker.quoteId, rating: 5, review: 'On time and the engine runs cool.' });

  // The receiver has every event of the Opportunity, in the feed's order, each verified.
  const feed = (await svc.get(`${OWNER}/${opportunityId}/events?limit=200`, { headers })).body.data.events as Array<{
    id: string;
    type: string;
  }>;
  await receiver.waitFor((h) => h.path === '/agent' && h.status === 204, feed.length);
  const delivered = verifiedDeliveries(endpoint.secret).filter((d) => d.hook.status === 204);
  expect(delivered.map((d) => d.event.id)).toEqual(feed.map((e) => e.id));
  expect(new Set(feed.map((e) => e.type))).toEqual(
    new Set([
      'request.verified',
      'quote.pro_contacted',
      'quote.info_requested',
      'quote.visit_times_proposed',
      'quote.estimate_submitted',
      'quote.pro_message_sent',
      'quote.declined',
      'quote.info_provided',
      'quote.visit_time_selected',
      'quote.awarded',
      'quote.closed',
      'quote.owner_message_sent',
      'quote.completed',
      'quote.reviewed',
    ]),
  );
  // A retried delivery carries the same webhook-id: the receiver recognises it.
  const failed = verifiedDeliveries(endpoint.secret).filter((d) => d.hook.status === 500);
  expect(failed.length).toBeGreaterThanOrEqual(2);
  for (const f of failed) expect(delivered.map((d) => d.hook.headers['webhook-id'])).toContain(f.hook.headers['webhook-id']);
  // The deliveries log shows the failures.
  const log = await svc.send('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`, undefined, key);
  expect(log.status).toBe(200);
  expect(log.body.data.attempts.filter((a: { statusCode: number | null }) => a.statusCode === 500).length).toBe(failed.length);
});

test('ten pro messages in a burst give the owner at most three e-mails, which hold all ten', async () => {
  const pros = await demoPros(svc, 1, 64);
  const body = requestBody(await specialtySlug(svc), pros);
  const created = await svc.send('POST', REQUESTS, body);
  const { code } = verificationOf(await verificationMail(sink, body.owner.email));
  expect((await svc.send('POST', `${REQUESTS}/${created.body.data.requestId}/confirm`, { verificationCode: code })).status).toBe(200);
  const [mail] = await sink.waitFor((m) => m.to.includes(pros[0]!.email) && m.subject.startsWith('New '));
  const link = proLinkOf(mail!);
  const before = sink.received.length;
  for (let i = 1; i <= BURST; i++) {
    const r = await svc.get(`${PRO}/${link.quoteId}/messages`, {
      method: 'POST',
      headers: { 'x-service-pro-access-token': link.token, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `Burst message number ${i}.`, confirm: true }),
    });
    expect(r.status).toBe(200);
  }
  const toOwner = (m: { to: string[] | string }) => m.to.includes(body.owner.email);
  await waitForNotices(svc, sink, (m) => toOwner(m) && m.text.includes(`Burst message number ${BURST}.`));
  const mails = sink.received.slice(before).filter(toOwner);
  expect(mails.length).toBeLessThanOrEqual(3);
  for (let i = 1; i <= BURST; i++) expect(mails.some((m) => m.text.includes(`Burst message number ${i}.`))).toBe(true);
});
