// The whole loop without staff (issue 26): an owner's request is verified, the selected pro is
// e-mailed a link (the real SMTP sink), opens it in Chromium and proposes visit times and an
// estimate on the page; the owner picks a time and accepts over REST; both see the same thread;
// the owner completes and reviews, and the review shows on the pro's profile.
import { launchBrowser, newTab } from '../helpers/browser';
import { OWNER, PRO } from '../helpers/opportunities';
import { demoPros, proLinkOf, REQUESTS, requestBody, specialtySlug, verificationMail, verificationOf } from '../helpers/requests';
import { startTestService, type TestService } from '../helpers/server';
import { SmtpSink } from '../helpers/smtp';

let sink: SmtpSink;
let svc: TestService;
beforeAll(async () => {
  sink = await new SmtpSink().start();
  svc = await startTestService({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await svc.stop();
  await sink.stop();
});

test('request -> pro e-mail -> the pro answers on its page in Chromium -> the owner schedules, accepts, completes and reviews', async () => {
  const [pro] = await demoPros(svc, 1, 30);
  const body = requestBody(await specialtySlug(svc), [pro!]);
  const created = await svc.send('POST', REQUESTS, body);
  const { code } = verificationOf(await verificationMail(sink, body.owner.email));
  const confirmed = await svc.send('POST', `${REQUESTS}/${created.body.data.requestId}/confirm`, { verificationCode: code });
  expect(confirmed.status).toBe(200);
  const { opportunityId, ownerAccessToken } = confirmed.body.data;
  const ownerHeaders = { 'x-service-owner-access-token': ownerAccessToken, 'content-type': 'application/json' };
  const act = (suffix: string, b: Record<string, unknown>) =>
    svc.get(`${OWNER}/${opportunityId}/${suffix}`, {
      method: 'POST',
      headers: ownerHeaders,
      body: JSON.stringify({ ...b, confirm: true }),
    });

  // The pro's e-mail: the request and a link to its own page.
  const [mail] = await sink.waitFor((m) => m.to.includes(pro!.email) && m.subject.startsWith('New '));
  expect(mail!.text).toContain(body.project.description);
  const link = proLinkOf(mail!);
  expect(link.link.startsWith(`${svc.url}/pro/quotes/`)).toBe(true);

  const browser = await launchBrowser();
  try {
    const { tab, errors } = await newTab(browser);
    await tab.goto(link.link);
    expect(await tab.content()).toContain(body.project.description);
    const visits = tab.locator('form[action$="/visit-times"]');
    await visits.locator('input[name=time1]').fill('2031-05-04T09:00');
    await visits.locator('input[name=time2]').fill('2031-05-05T14:30');
    await visits.locator('select[name=zone]').selectOption('America/New_York');
    await visits.getByRole('button', { name: 'Propose' }).click();
    await tab.getByText('Your visit times were sent to the owner.').waitFor();
    const estimate = tab.locator('form[action$="/estimates"]');
    await estimate.locator('input[name=amount]').fill('1850.50');
    await estimate.locator('textarea[name=description]').fill('Haul out, strip and two coats of antifouling');
    await estimate.locator('input[name=validUntil]').fill('2031-06-30');
    await estimate.getByRole('button', { name: 'Send estimate' }).click();
    await tab.getByText('Your estimate was sent to the owner.').waitFor();
    expect(await tab.content()).toContain('1850.50 USD: Haul out, strip and two coats of antifouling, valid until 2031-06-30');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }

  // The owner is told by e-mail, and answers over REST with the owner access token.
  await sink.waitFor((m) => m.to.includes(body.owner.email) && m.subject.includes('proposed times for a visit'));
  await sink.waitFor((m) => m.to.includes(body.owner.email) && m.subject.includes('sent you an estimate'));
  const opportunity = (await svc.get(`${OWNER}/${opportunityId}`, { headers: ownerHeaders })).body.data;
  expect(opportunity.status).toBe('visit_options');
  const [thread] = opportunity.pros;
  expect(thread.visits[0].options).toEqual(['2031-05-04T13:00:00.000Z', '2031-05-05T18:30:00.000Z']);
  const chosen = await act('select-visit-time', {
    quoteId: thread.quoteId,
    visitId: thread.visits[0].visitId,
    selectedTime: '2031-05-05T14:30:00-04:00',
  });
  expect(chosen.status).toBe(200);
  expect((await act('accept-estimate', { estimateId: thread.estimates[0].estimateId })).status).toBe(200);
  expect((await act('messages', { quoteId: thread.quoteId, content: 'See you on the 5th.' })).status).toBe(200);

  // Both sides see the same thread.
  const ownerThread = (await svc.get(`${OWNER}/${opportunityId}`, { headers: ownerHeaders })).body.data.pros[0];
  const { request, ...proThread } = (await svc.get(`${PRO}/${link.quoteId}`, { headers: { 'x-service-pro-access-token': link.token } }))
    .body.data;
  expect(proThread).toEqual(ownerThread);
  expect(request.awarded).toBe(true);
  expect(ownerThread).toMatchObject({
    quoteStatus: 'awarded',
    visits: [{ status: 'scheduled', selectedTime: '2031-05-05T18:30:00.000Z' }],
  });

  expect((await act('mark-complete', { quoteId: thread.quoteId })).status).toBe(200);
  expect((await act('review', { quoteId: thread.quoteId, rating: 5, review: 'Came when he said, and the bottom looks new.' })).status).toBe(
    200,
  );
  const profile = (await svc.get(`/api/v1/public/contractors/${pro!.slug}`)).body.data;
  expect(profile.reviews.map((r: { review: string }) => r.review)).toContain('Came when he said, and the bottom looks new.');
  // The pro sees the review in its thread too.
  const last = (await svc.get(`${PRO}/${link.quoteId}`, { headers: { 'x-service-pro-access-token': link.token } })).body.data;
  expect(last.review).toMatchObject({ rating: 5 });
});
