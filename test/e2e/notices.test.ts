// Notice e-mails end to end, with the real job worker and the SMTP sink: each side hears what the
// other did, with the content and its own link; a burst folds into few e-mails; the owner can
// stop them and keep the feed. Windows are not waited for: the pending notice's run_at is moved to
// now (test/helpers/notices.ts), so the coalescing itself runs.
import { ownerPagePath } from '../../src/owner/paths';
import { noticesDueNow, ownerLinkOf, waitForNotices } from '../helpers/notices';
import { OWNER, PRO } from '../helpers/opportunities';
import { requestToOnePro, type ProLoop } from '../helpers/pro-loop';
import { proLinkOf } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { SmtpSink, type ReceivedMail } from '../helpers/smtp';

let sink: SmtpSink;
let svc: TestService;
beforeAll(async () => {
  sink = await new SmtpSink().start();
  svc = await startTestService({ SMTP_URL: sink.url, RUN_WORKER: 'true' });
});
afterAll(async () => {
  await svc.stop();
  await sink.stop();
});

/** A pro's write through its REST door, confirmed. */
const proWrite = (loop: ProLoop, suffix: string, body: Record<string, unknown>) =>
  svc.get(`${PRO}/${loop.link.quoteId}/${suffix}`, {
    method: 'POST',
    headers: { 'x-service-pro-access-token': loop.link.token, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, confirm: true }),
  });
/** An owner's write through the REST door, confirmed. */
const ownerWrite = (loop: ProLoop, suffix: string, body: Record<string, unknown>) =>
  svc.get(`${OWNER}/${loop.opportunityId}/${suffix}`, {
    method: 'POST',
    headers: { 'x-service-owner-access-token': loop.ownerAccessToken, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, confirm: true }),
  });
/** The notice e-mails to `to` (not its verification, access or first request e-mail). */
/** The stop link of an owner's notice e-mail. */
const stopLinkOf = (mail: ReceivedMail) => {
  const link = /https?:\/\/\S+\/owner\/notice-emails\/stop\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`no stop link in: ${mail.text}`);
  return link;
};
const noticesTo = (to: string) => (m: ReceivedMail) => m.to.includes(to) && m.text.includes('Here is what happened');

test("the owner hears the pro's questions with a link to the owner page; the pro hears the answer with its link", async () => {
  const loop = await requestToOnePro(svc, sink, 10);
  const questions = ['How long is the boat?', 'Is the <b>hull</b> fiberglass?'];
  expect((await proWrite(loop, 'missing-info', { questions })).status).toBe(200);

  const [toOwner] = await waitForNotices(svc, sink, (m) => noticesTo(loop.body.owner.email)(m) && m.text.includes(questions[0]!));
  expect(toOwner!.subject.startsWith(`${loop.pro.name} needs more information from you (`)).toBe(true);
  // The pro's words are quoted and labelled, and escaped in the HTML.
  expect(toOwner!.text).toContain(`Question 2 (as they typed it): ${JSON.stringify(questions[1])}`);
  expect(toOwner!.html).toContain('&lt;b&gt;hull&lt;/b&gt;');
  expect(toOwner!.html).not.toContain('<b>hull</b>');
  // The link opens the owner's page with an owner access token of its own for this Opportunity.
  const owner = ownerLinkOf(toOwner!);
  expect(owner.link.startsWith(svc.url)).toBe(true);
  expect(owner.path).toBe(ownerPagePath(loop.opportunityId));
  expect(owner.token).not.toBe(loop.ownerAccessToken);
  const read = await svc.get(`${OWNER}/${loop.opportunityId}`, { headers: { 'x-service-owner-access-token': owner.token } });
  expect([read.status, read.body.data.opportunityId]).toEqual([200, loop.opportunityId]);
  const ownerPage = await svc.get(owner.link.slice(svc.url.length));
  expect([ownerPage.status, ownerPage.body]).toEqual([200, expect.stringContaining(questions[0]!.replace('?', ''))]);
  // Every owner notice has a stop link, also as RFC 8058's one-click header.
  const stop = stopLinkOf(toOwner!);
  const head = toOwner!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  expect(head.split(/\r?\n/)).toEqual(
    expect.arrayContaining([`List-Unsubscribe: <${stop}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click']),
  );

  const answers = ['34 feet', 'Yes, solid fiberglass'];
  expect((await ownerWrite(loop, 'missing-info', { quoteId: loop.link.quoteId, answers })).status).toBe(200);
  const [toPro] = await waitForNotices(svc, sink, (m) => noticesTo(loop.pro.email)(m) && m.text.includes(answers[1]!));
  expect(toPro!.subject).toContain('The owner answered your questions');
  expect(toPro!.text).toContain(`Answer 1 (as they typed it): ${JSON.stringify(answers[0])}`);
  expect(toPro!.text).toContain(`Question 1 (as they typed it): ${JSON.stringify(questions[0])}`);
  // Its link opens its quote page with a pro access token of its own; the first e-mail's link still works.
  const link = proLinkOf(toPro!);
  expect(link.quoteId).toBe(loop.link.quoteId);
  expect(link.token).not.toBe(loop.link.token);
  for (const token of [link.token, loop.link.token]) {
    const r = await svc.get(`${PRO}/${link.quoteId}`, { headers: { 'x-service-pro-access-token': token } });
    expect(r.status).toBe(200);
  }
  const page = await svc.get(link.link.slice(svc.url.length));
  expect(page.status).toBe(200);
});

test('ten pro messages in a burst reach the owner in at most three e-mails, all ten in order', async () => {
  const loop = await requestToOnePro(svc, sink, 11);
  const texts = Array.from({ length: 10 }, (_, i) => `Burst message ${i + 1} of 10`);
  for (const content of texts) expect((await proWrite(loop, 'messages', { content })).status).toBe(200);

  const toOwner = noticesTo(loop.body.owner.email);
  const told = () => sink.received.filter(toOwner);
  await waitForNotices(svc, sink, (m) => toOwner(m) && m.text.includes(texts[9]!));
  // Nothing more comes once everything is told.
  await noticesDueNow(svc);
  await new Promise((r) => setTimeout(r, 3_000));
  const mails = told();
  expect(mails.length).toBeGreaterThanOrEqual(1);
  expect(mails.length).toBeLessThanOrEqual(3);
  const all = mails.map((m) => m.text).join('\n');
  const positions = texts.map((t) => all.indexOf(JSON.stringify(t)));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

test('the owner stops notice e-mails and keeps the feed; resumed, the next action is e-mailed', async () => {
  const loop = await requestToOnePro(svc, sink, 12);
  const toOwner = noticesTo(loop.body.owner.email);
  expect((await ownerWrite(loop, 'notice-emails', { send: false })).status).toBe(200);
  expect((await proWrite(loop, 'messages', { content: 'Sent while stopped' })).status).toBe(200);
  await noticesDueNow(svc);
  await new Promise((r) => setTimeout(r, 3_000));
  expect(sink.received.filter(toOwner)).toEqual([]);
  const feed = await svc.get(`${OWNER}/${loop.opportunityId}`, { headers: { 'x-service-owner-access-token': loop.ownerAccessToken } });
  expect(JSON.stringify(feed.body.data)).toContain('Sent while stopped');

  expect((await ownerWrite(loop, 'notice-emails', { send: true })).status).toBe(200);
  expect((await proWrite(loop, 'messages', { content: 'Sent after the resume' })).status).toBe(200);
  const [mail] = await waitForNotices(svc, sink, (m) => toOwner(m) && m.text.includes('Sent after the resume'));
  expect(mail!.text).not.toContain('Sent while stopped');
});

test("the stop link's page asks and stops nothing; its one-click POST stops the owner's notices", async () => {
  const loop = await requestToOnePro(svc, sink, 13);
  const toOwner = noticesTo(loop.body.owner.email);
  expect((await proWrite(loop, 'messages', { content: 'Before the stop' })).status).toBe(200);
  const [first] = await waitForNotices(svc, sink, (m) => toOwner(m) && m.text.includes('Before the stop'));
  const path = stopLinkOf(first!).slice(svc.url.length);

  // Opening it (as a scanner or a preview would) stops nothing.
  const page = await svc.get(path);
  expect([page.status, page.body]).toEqual([200, expect.stringContaining('Stop these e-mails?')]);
  expect((await proWrite(loop, 'messages', { content: 'Still told' })).status).toBe(200);
  await waitForNotices(svc, sink, (m) => toOwner(m) && m.text.includes('Still told'));

  // A mail client's one-click request (RFC 8058).
  const stopped = await svc.get(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect([stopped.status, stopped.body]).toEqual([200, expect.stringContaining('E-mails stopped')]);
  const before = sink.received.filter(toOwner).length;
  expect((await proWrite(loop, 'messages', { content: 'After the one-click stop' })).status).toBe(200);
  await noticesDueNow(svc);
  await new Promise((r) => setTimeout(r, 3_000));
  expect(sink.received.filter(toOwner)).toHaveLength(before);
});
