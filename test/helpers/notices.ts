// Notice e-mails in the e2e tests. A notice that follows another within the window (minutes:
// app_private.setting_notice_window) waits for it in a job's run_at; the tests move that run_at
// to now instead of waiting, so the coalescing itself (one job per recipient, the watermark,
// what goes in one e-mail) is what runs, only sooner.
import type { TestService } from './server';
import type { ReceivedMail, SmtpSink } from './smtp';

/** Makes every pending notice job due now (graphile-worker's reschedule_jobs; a running one is left alone). */
export async function noticesDueNow(svc: TestService): Promise<void> {
  await svc.db.pool.query(
    `select graphile_worker.reschedule_jobs(array_agg(id), run_at := now())
       from graphile_worker.jobs where task_identifier = 'notices__send' and locked_at is null`,
  );
}

/** Waits for `count` e-mails matching, making the pending notices due meanwhile. */
export async function waitForNotices(
  svc: TestService,
  sink: SmtpSink,
  match: (m: ReceivedMail) => boolean,
  count = 1,
  timeoutMs = 60_000,
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = sink.received.filter(match);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} notice e-mail(s), got ${found.length}`);
    await noticesDueNow(svc);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The link of an owner's notice e-mail: the owner page of its Opportunity, with an owner access token. */
export function ownerLinkOf(mail: ReceivedMail): { link: string; path: string; opportunityId: string; token: string } {
  const match = /(https?:\/\/[^/\s]+)(\/owner\/opportunities\/([0-9a-f-]{36}))\?token=([0-9a-f]{64})/.exec(mail.text);
  if (!match) throw new Error(`no owner link in the e-mail: ${mail.text}`);
  return { link: match[0], path: match[2]!, opportunityId: match[3]!, token: match[4]! };
}
