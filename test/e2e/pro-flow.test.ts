// The whole loop without staff: an owner's request is verified, the selected pro is e-mailed a
// link (the real SMTP sink), opens it in Chromium, chooses its time zone and proposes visit times
// and an estimate on the page (a reload after a post posts nothing again); the owner picks a time
// and accepts over REST; both see the same thread; the owner completes and reviews, and the
// review shows on the pro's profile.
import { launchBrowser, newTab } from '../helpers/browser';
import { PRO } from '../helpers/opportunities';
import { ESTIMATE, ownerFinishes, requestToOnePro, VISIT_TIMES } from '../helpers/pro-loop';
import { startTestService, type TestService } from '../helpers/server';
import { SmtpSink } from '../helpers/smtp';

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

test('request -> pro e-mail -> the pro answers on its page in Chromium -> the owner schedules, accepts, completes and reviews', async () => {
  const loop = await requestToOnePro(svc, sink, 30);
  const { link } = loop;

  const browser = await launchBrowser();
  try {
    const { tab, errors } = await newTab(browser);
    await tab.goto(link.link);
    expect(await tab.content()).toContain(loop.body.project.description);
    // The page's zone: its times are shown, and the visit times typed, in it.
    await tab.locator('select[name=tz]').selectOption(VISIT_TIMES.zone);
    await tab.getByRole('button', { name: 'Change time zone' }).click();
    await tab.getByText(`Times in ${VISIT_TIMES.zone}`).waitFor();
    const visits = tab.locator('form[action$="/visit-times"]');
    await visits.locator('input[name=time1]').fill(VISIT_TIMES.local[0]!);
    await visits.locator('input[name=time2]').fill(VISIT_TIMES.local[1]!);
    await visits.getByRole('button', { name: 'Propose' }).click();
    await tab.getByText('Your visit times were sent to the owner.').waitFor();
    expect(await tab.content()).toContain(`Sun, May 4, 2031, 09:00 (${VISIT_TIMES.zone})`);
    // The post was answered with a redirect: a reload reads the page again and proposes nothing twice.
    await tab.reload();
    await tab.getByText('Your visit times were sent to the owner.').waitFor();
    const estimate = tab.locator('form[action$="/estimates"]');
    await estimate.locator('input[name=amount]').fill(ESTIMATE.amount);
    await estimate.locator('textarea[name=description]').fill(ESTIMATE.description);
    await estimate.locator('input[name=validUntil]').fill(ESTIMATE.validUntil);
    await estimate.getByRole('button', { name: 'Send estimate' }).click();
    await tab.getByText('Your estimate was sent to the owner.').waitFor();
    expect(await tab.content()).toContain(`${ESTIMATE.amount} USD: ${ESTIMATE.description}, valid until ${ESTIMATE.validUntil}`);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }

  await ownerFinishes(svc, sink, loop, async () => {
    const r = await svc.get(`${PRO}/${link.quoteId}`, { headers: { 'x-service-pro-access-token': link.token } });
    expect(r.status).toBe(200);
    return r.body.data;
  });
});
