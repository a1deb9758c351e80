// Notice e-mails in SQL (docs/decisions.md, "Notice e-mails, coalesced"): which events queue a
// job for whom, one job per recipient whose run_at waits for the window after the last send, the
// watermark the worker's functions read and move, the links' tokens, and the owner's stop.
import { mintToken, sha256 } from '../../src/credentials';
import { callAs, createTestDatabase, sqlState, type TestDatabase } from '../helpers/db';
import { asStaff, confirmedOpportunity, issueProToken } from '../helpers/opportunities';

let db: TestDatabase;
let windowMs: number;
beforeAll(async () => {
  db = await createTestDatabase();
  const { rows } = await db.pool.query(`select extract(epoch from app_private.setting_notice_window()) * 1000 as ms`);
  windowMs = Number(rows[0].ms);
});
afterAll(() => db.drop());

const staff = (sql: string, args: unknown[]) => asStaff(db, sql, args);
const owner = (fn: string, args: unknown[]) =>
  callAs(db, 'marine_anonymous', `select app_hidden.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as r`, args).then(
    (r) => r.rows[0].r,
  );
const worker = async (fn: string, args: unknown[]) =>
  (await db.pool.query(`select app_private.${fn}(${args.map((_, i) => `$${i + 1}`).join(', ')}) as r`, args)).rows[0].r;

interface Job {
  recipientId: number;
  quoteId: string | null;
  key: string;
  queueName: string;
  runAt: Date;
}

/** The pending notices__send jobs of the Opportunity, with the recipient each is for. */
async function jobs(opportunityId: string): Promise<Job[]> {
  const { rows } = await db.pool.query(
    `select r.id::int as "recipientId", r.quote_id as "quoteId", j.key, q.queue_name as "queueName", j.run_at as "runAt"
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
       left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
       join app_private.notice_recipients r on r.id = (j.payload->>'recipientId')::bigint
      where t.identifier = 'notices__send' and r.opportunity_id = $1
      order by r.quote_id nulls first`,
    [opportunityId],
  );
  return rows;
}

/** Runs what the worker runs for a job (claim, then the send's mark), without the e-mail. */
async function sendNotice(recipientId: number): Promise<any> {
  const notice = await worker('claim_notice', [recipientId]);
  if (notice !== null) await worker('mark_notice_sent', [recipientId, notice.upTo]);
  return notice;
}

const ownerRecipient = async (opportunityId: string) =>
  (await db.pool.query('select * from app_private.notice_recipients where opportunity_id = $1 and quote_id is null', [opportunityId]))
    .rows[0];

describe('queueing', () => {
  test("a pro's actions queue one job for the owner, keyed per recipient; the owner's actions one for that quote's pro", async () => {
    const o = await confirmedOpportunity(db);
    const [a, b] = o.quotes;
    // Verification and the pros' first e-mails are not notices.
    expect(await jobs(o.id)).toEqual([]);

    await staff('app_public.pro_send_message($1, $2)', [a, 'Hi']);
    await staff('app_public.pro_request_missing_info($1, $2)', [b, ['Length?']]);
    const [ownerJob, ...others] = await jobs(o.id);
    expect(others).toEqual([]);
    expect(ownerJob).toMatchObject({ quoteId: null, key: `notices:${ownerJob!.recipientId}`, queueName: `notices:${o.id}` });
    expect(Math.abs(ownerJob!.runAt.getTime() - Date.now())).toBeLessThan(5_000);

    await owner('owner_send_message', [o.token, o.id, a, 'Tuesday?', true]);
    const after = await jobs(o.id);
    expect(after.map((j) => j.quoteId)).toEqual([null, a]);
    // A preview writes no event and queues nothing.
    await owner('owner_send_message', [o.token, o.id, b, 'Only a preview', false]);
    expect((await jobs(o.id)).map((j) => j.quoteId)).toEqual([null, a]);
  });

  test('the first notice goes at once; what follows within the window waits for last send + window, whatever the stream', async () => {
    const o = await confirmedOpportunity(db);
    const [a] = o.quotes;
    await staff('app_public.pro_send_message($1, $2)', [a, 'one']);
    const [first] = await jobs(o.id);
    const notice = await sendNotice(first!.recipientId);
    expect(notice.events.map((e: { type: string }) => e.type)).toEqual(['quote.pro_message_sent']);
    // The job has run (the worker deletes it); the next events queue a new one, after the window.
    await db.pool.query(`delete from graphile_worker._private_jobs where key = $1`, [first!.key]);
    const { last_sent_at: sentAt } = await ownerRecipient(o.id);
    for (const text of ['two', 'three', 'four']) await staff('app_public.pro_send_message($1, $2)', [a, text]);
    const pending = await jobs(o.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime()).toBe(new Date(sentAt).getTime() + windowMs);

    // Once the window passed, the next event goes at once again.
    await db.pool.query(`update app_private.notice_recipients set last_sent_at = now() - $2::interval where id = $1`, [
      first!.recipientId,
      `${windowMs * 2} milliseconds`,
    ]);
    await staff('app_public.pro_send_message($1, $2)', [a, 'five']);
    expect(Math.abs((await jobs(o.id))[0]!.runAt.getTime() - Date.now())).toBeLessThan(5_000);
  });
});

describe('the watermark', () => {
  test('one claim tells everything after the watermark, oldest first; sent events are not told again', async () => {
    const o = await confirmedOpportunity(db);
    const [a, b] = o.quotes;
    await staff('app_public.pro_send_message($1, $2)', [a, 'First']);
    await owner('owner_send_message', [o.token, o.id, a, 'Owner side, not for the owner', true]);
    await staff('app_public.pro_propose_visits($1, $2)', [b, ['2031-01-01T15:00:00Z']]);
    const [ownerJob] = await jobs(o.id);
    const notice = await worker('claim_notice', [ownerJob!.recipientId]);
    expect(notice).toMatchObject({ side: 'owner', opportunityId: o.id, quoteId: null, ownerFirstName: 'Ann' });
    expect(notice.to).toMatch(/@example\.com$/);
    expect(notice.events.map((e: { type: string; quoteId: string }) => [e.type, e.quoteId])).toEqual([
      ['quote.pro_message_sent', a],
      ['quote.visit_times_proposed', b],
    ]);
    const { rows: events } = await db.pool.query(
      `select id::int, detail from app_public.request_events where opportunity_id = $1 and type = 'quote.visit_times_proposed'`,
      [o.id],
    );
    // The payload as the event holds it; the zone of the pro's listing state.
    expect(notice.events[1]).toMatchObject({ data: events[0].detail, timeZone: expect.stringMatching(/^(America|Pacific)\/|^UTC$/) });
    expect(notice.upTo).toBe(events[0].id);

    // Not sent yet (a failed send): the retry tells the same.
    expect((await worker('claim_notice', [ownerJob!.recipientId])).upTo).toBe(notice.upTo);
    await worker('mark_notice_sent', [ownerJob!.recipientId, notice.upTo]);
    expect(await worker('claim_notice', [ownerJob!.recipientId])).toBeNull();
    // A late mark of an older send never moves the watermark back.
    await worker('mark_notice_sent', [ownerJob!.recipientId, notice.upTo - 1]);
    expect((await ownerRecipient(o.id)).told_event_id).toBe(String(notice.upTo));

    await staff('app_public.pro_submit_estimate($1, 100)', [a]);
    const next = await worker('claim_notice', [ownerJob!.recipientId]);
    expect(next.events.map((e: { type: string }) => e.type)).toEqual(['quote.estimate_submitted']);
  });

  test("a pro is told of the owner's actions on its quote and of its quote's close, never of another quote's", async () => {
    const o = await confirmedOpportunity(db);
    const [a, b] = o.quotes;
    const estimate = await staff('app_public.pro_submit_estimate($1, 100)', [a]);
    await owner('owner_send_message', [o.token, o.id, b, 'For b only', true]);
    await owner('owner_accept_estimate', [o.token, o.id, estimate.id, true]);
    const byQuote = Object.fromEntries((await jobs(o.id)).map((j) => [j.quoteId, j.recipientId]));
    const told = async (quote: string) =>
      (await sendNotice(byQuote[quote]!)).events.map((e: { type: string; quoteId: string }) => [e.type, e.quoteId]);
    expect(await told(a!)).toEqual([['quote.awarded', a]]);
    expect(await told(b!)).toEqual([
      ['quote.owner_message_sent', b],
      ['quote.closed', b],
    ]);
  });

  test('a pro without an e-mail address is skipped: the watermark moves, nothing is claimed', async () => {
    const o = await confirmedOpportunity(db);
    const [a] = o.quotes;
    await db.pool.query(
      `update app_public.contractors set email = null where id = (select contractor_id from app_public.quotes where id = $1)`,
      [a],
    );
    await owner('owner_send_message', [o.token, o.id, a, 'Anyone there?', true]);
    const job = (await jobs(o.id)).find((j) => j.quoteId === a)!;
    expect(await worker('claim_notice', [job.recipientId])).toBeNull();
    const { rows } = await db.pool.query('select told_event_id::int as told from app_private.notice_recipients where id = $1', [
      job.recipientId,
    ]);
    const { rows: newest } = await db.pool.query('select max(id)::int as id from app_public.request_events where quote_id = $1', [a]);
    expect(rows[0].told).toBe(newest[0].id);
  });
});

describe("the links' tokens", () => {
  test("an owner notice token opens the owner's Opportunity; the newest few are kept", async () => {
    const o = await confirmedOpportunity(db);
    await staff('app_public.pro_send_message($1, $2)', [o.quotes[0], 'Hi']);
    const [job] = await jobs(o.id);
    const kept = await worker('setting_notice_links_kept', []);
    const tokens: string[] = [];
    for (let i = 0; i <= kept; i++) {
      tokens.push(mintToken());
      await worker('set_notice_token', [job!.recipientId, sha256(tokens[i]!)]);
    }
    const digest = (t: string) => sha256(t).toString('hex');
    expect((await owner('owner_get_opportunity', [digest(tokens[kept]!), o.id])).opportunityId).toBe(o.id);
    expect(await sqlState(owner('owner_get_opportunity', [digest(tokens[0]!), o.id]))).toBe('CREDS');
    // The confirmation's token is not a notice token: it still works.
    expect((await owner('owner_get_opportunity', [o.token, o.id])).opportunityId).toBe(o.id);
  });

  test("a pro notice token opens the quote beside the request e-mail's token; a retried request e-mail keeps it", async () => {
    const o = await confirmedOpportunity(db);
    const [a] = o.quotes;
    const first = await issueProToken(db, a!);
    await owner('owner_send_message', [o.token, o.id, a, 'Hello', true]);
    const job = (await jobs(o.id)).find((j) => j.quoteId === a)!;
    const notice = mintToken();
    await worker('set_notice_token', [job.recipientId, sha256(notice)]);
    const read = (t: string) =>
      callAs(db, 'marine_anonymous', 'select app_hidden.pro_get_quote($1, $2) as r', [sha256(t).toString('hex'), a]).then(
        (r) => r.rows[0].r.quoteId,
      );
    expect(await read(first)).toBe(a);
    expect(await read(notice)).toBe(a);
    await issueProToken(db, a!);
    expect(await read(notice)).toBe(a);
    expect(await sqlState(read(first))).toBe('CREDS');
  });
});

describe('stopping notice e-mails', () => {
  test('a preview writes nothing; stopped: no job, a pending one sends nothing; resumed: told from then on', async () => {
    const o = await confirmedOpportunity(db);
    const [a] = o.quotes;
    expect(await owner('owner_set_notice_emails', [o.token, o.id, false, false])).toEqual({
      preview: { action: 'set_notice_emails', detail: { send: false } },
    });
    await staff('app_public.pro_send_message($1, $2)', [a, 'Queued before the stop']);
    const [pending] = await jobs(o.id);
    expect(await owner('owner_set_notice_emails', [o.token, o.id, false, true])).toEqual({ opportunityId: o.id });
    expect(await worker('claim_notice', [pending!.recipientId])).toBeNull();
    await db.pool.query(`delete from graphile_worker._private_jobs where key = $1`, [pending!.key]);

    await staff('app_public.pro_send_message($1, $2)', [a, 'While stopped']);
    expect(await jobs(o.id)).toEqual([]);
    // The owner's feed keeps it.
    const thread = await owner('owner_get_opportunity', [o.token, o.id]);
    expect(JSON.stringify(thread)).toContain('While stopped');

    await owner('owner_set_notice_emails', [o.token, o.id, true, true]);
    await staff('app_public.pro_send_message($1, $2)', [a, 'After the resume']);
    const [job] = await jobs(o.id);
    const notice = await worker('claim_notice', [job!.recipientId]);
    expect(notice.events).toHaveLength(1);
    // Stopping before any notice, and the other owner's token, work as for every owner write.
    const p = await confirmedOpportunity(db);
    expect(await sqlState(owner('owner_set_notice_emails', [p.token, o.id, false, true]))).toBe('NTFND');
    expect(await owner('owner_set_notice_emails', [p.token, p.id, false, true])).toEqual({ opportunityId: p.id });
    await staff('app_public.pro_send_message($1, $2)', [p.quotes[0], 'Never e-mailed']);
    expect(await jobs(p.id)).toEqual([]);
  });

  test('only the owner functions reach it: no request role calls the worker functions', async () => {
    for (const role of ['marine_anonymous', 'marine_agent'] as const) {
      expect(await sqlState(callAs(db, role, 'select app_private.claim_notice(1)', []))).toBe('42501');
      expect(await sqlState(callAs(db, role, 'select * from app_private.notice_recipients', []))).toBe('42501');
    }
  });
});
