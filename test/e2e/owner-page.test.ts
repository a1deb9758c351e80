// The owner's page in Chromium: an owner's verified request to one pro (the real SMTP sink); the
// pro asks questions, proposes visit times and sends an estimate over its REST door; the owner
// opens the page from its link, chooses a time zone, answers, picks a time, accepts the estimate
// (a preview, then Confirm), messages, marks the work complete and reviews it. Each confirmed post
// is answered with a redirect, so a reload reads the page again and posts nothing twice.
import type { Page } from 'playwright-core';
import { ownerPagePath } from '../../src/owner/paths';
import { launchBrowser, newTab } from '../helpers/browser';
import { OWNER, PRO } from '../helpers/opportunities';
import { ESTIMATE, requestToOnePro, REVIEW, VISIT_INSTANTS, VISIT_TIMES } from '../helpers/pro-loop';
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

/** Clicks a form's button; the preview says nothing was done yet; Confirm writes; the page says what was done. */
async function confirmed(tab: Page, button: string, preview: string, done: string): Promise<void> {
  await tab.getByRole('button', { name: button }).first().click();
  await tab.getByText('Nothing has been done yet.').waitFor();
  expect(await tab.content()).toContain(preview);
  await tab.getByRole('button', { name: 'Confirm' }).click();
  await tab.getByText(done).waitFor();
}

test('the owner answers, picks a time, accepts, completes and reviews on the page; a reload posts nothing', async () => {
  const loop = await requestToOnePro(svc, sink, 31);
  const { link, opportunityId, ownerAccessToken } = loop;
  const pro = async (suffix: string, body: Record<string, unknown>) => {
    const r = await svc.get(`${PRO}/${link.quoteId}/${suffix}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-pro-access-token': link.token },
      body: JSON.stringify({ ...body, confirm: true }),
    });
    expect([suffix, r.status]).toEqual([suffix, 200]);
  };
  await pro('missing-info', { questions: ['How long is the boat?', 'Is she on a trailer?'] });
  await pro('visit-times', { times: VISIT_INSTANTS });
  await pro('estimates', { amount: Number(ESTIMATE.amount), description: ESTIMATE.description, validUntil: ESTIMATE.validUntil });
  const thread = async () =>
    (await svc.get(`${OWNER}/${opportunityId}`, { headers: { 'x-service-owner-access-token': ownerAccessToken } })).body.data.pros[0];

  const browser = await launchBrowser();
  try {
    const { tab, errors } = await newTab(browser);
    // The link the owner's e-mail carries.
    await tab.goto(`${svc.url}${ownerPagePath(opportunityId)}?token=${ownerAccessToken}`);
    expect(await tab.content()).toContain(loop.body.project.description);
    await tab.getByText('A pro is waiting for your answers').waitFor();
    await tab.locator('select[name=tz]').selectOption(VISIT_TIMES.zone);
    await tab.getByRole('button', { name: 'Change time zone' }).click();
    await tab.getByText(`Sun, May 4, 2031, 09:00 (${VISIT_TIMES.zone})`).waitFor();

    await tab.locator('textarea[name=answer1]').fill('38 ft');
    await tab.locator('textarea[name=answer2]').fill('No, she is in the water.');
    await confirmed(tab, 'Answer', '38 ft', 'Your answers were sent to the pro.');

    await tab.getByLabel(`Mon, May 5, 2031, 14:30 (${VISIT_TIMES.zone})`).check();
    await confirmed(tab, 'Pick this time', `Mon, May 5, 2031, 14:30 (${VISIT_TIMES.zone})`, 'The visit is booked');

    await confirmed(tab, 'Accept this estimate', `${ESTIMATE.amount} ${ESTIMATE.currency}`, 'You accepted the estimate');
    await tab.getByText('Awarded: the work is under way').waitFor();

    await tab.locator('textarea[name=content]').fill('See you on the 5th.');
    await confirmed(tab, 'Send', 'See you on the 5th.', 'Your message was sent.');
    // A reload after the post reads the page again: the message is not sent twice.
    await tab.reload();
    await tab.reload();
    await tab.getByText('Your message was sent.').waitFor();
    expect((await thread()).conversation.messages.filter((m: { content: string }) => m.content === 'See you on the 5th.')).toHaveLength(1);

    await confirmed(tab, 'Mark the work complete', 'You can then review it.', 'The work is marked complete.');
    await tab.locator('select[name=rating]').selectOption('4.5');
    await tab.locator('textarea[name=review]').fill(REVIEW);
    await confirmed(tab, 'Review', '4.5 of 5', "your review is on the pro's profile");
    await tab.getByText('Completed and reviewed').waitFor();
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }

  expect(await thread()).toMatchObject({
    quoteStatus: 'completed',
    visits: [{ status: 'scheduled', selectedTime: VISIT_INSTANTS[1] }],
    estimates: [{ status: 'accepted' }],
    conversation: { missingInfoRequests: [{ answers: ['38 ft', 'No, she is in the water.'] }] },
    review: { rating: 4.5, review: REVIEW },
  });
  const profile = (await svc.get(`/api/v1/public/contractors/${loop.pro.slug}`)).body.data;
  expect(profile.reviews.map((r: { review: string }) => r.review)).toContain(REVIEW);
});
