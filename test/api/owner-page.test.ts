// The owner's page over HTTP: the link's page (the request, each pro's thread, statuses in words,
// times in the reader's zone), a wrong, expired or foreign token answered as an unknown
// Opportunity, and every form: a first post previews in words (nothing written), the confirmed
// post writes through the REST door's operation and redirects to the page (post/redirect/get), a
// refusal shows on the page in words with its status.
import { issueProToken, makeOpportunity, type Made, OWNER, PRO } from '../helpers/opportunities';
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const PAGE = '/owner/opportunities';
const page = (id: string, query: string) => svc.get(`${PAGE}/${id}${query}`);
const form = (id: string, suffix: string, fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
  svc.get(`${PAGE}/${id}/${suffix}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
const count = async (table: string) => (await svc.db.pool.query(`select count(*)::int as n from app_public.${table}`)).rows[0].n as number;

/** What a pro does in its thread, through the pro's REST door. */
async function proDoes(quoteId: string, token: string, suffix: string, body: Record<string, unknown>): Promise<void> {
  const r = await svc.get(`${PRO}/${quoteId}/${suffix}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-pro-access-token': token },
    body: JSON.stringify({ ...body, confirm: true }),
  });
  expect([suffix, r.status]).toEqual([suffix, 200]);
}

/** The owner's Opportunity as the REST door reads it. */
const opportunity = async (made: Made) =>
  (await svc.get(`${OWNER}/${made.opportunityId}`, { headers: { 'x-service-owner-access-token': made.token } })).body.data;

/**
 * A form's two posts: the first is a 200 preview page (words, a Confirm form carrying the fields,
 * nothing written: `table` keeps its count), the second (confirm=yes) a 303 to the page, whose
 * notice says what was done. Returns the preview's and the page's HTML.
 */
async function previewThenConfirm(made: Made, suffix: string, fields: Record<string, string>, table: string, zone = 'UTC') {
  const before = await count(table);
  const base = { ownerAccessToken: made.token, tz: zone, ...fields };
  const preview = await form(made.opportunityId, suffix, base);
  expect([suffix, preview.status]).toEqual([suffix, 200]);
  expect(preview.body).toContain('Nothing has been done yet.');
  expect(preview.body).toContain('<input type="hidden" name="confirm" value="yes">');
  expect(await count(table)).toBe(before);
  const done = await form(made.opportunityId, suffix, { ...base, confirm: 'yes' });
  expect([suffix, done.status]).toEqual([suffix, 303]);
  const location = new URL(done.headers.get('location')!, 'http://x');
  expect(location.pathname).toBe(`${PAGE}/${made.opportunityId}`);
  expect(Object.fromEntries(location.searchParams)).toEqual({ token: made.token, tz: zone, done: suffix });
  const after = await svc.get(`${location.pathname}${location.search}`);
  expect(after.status).toBe(200);
  expect(after.body).toContain('role="status"');
  return { preview: preview.body as string, page: after.body as string, location: `${location.pathname}${location.search}` };
}

describe('the page', () => {
  let made: Made;
  beforeAll(async () => {
    made = await makeOpportunity(svc, 2, 40);
  });

  test('shows the request and each pro, statuses in words, no script, not cached, no referrer, strict CSP, no CORS', async () => {
    const r = await page(made.opportunityId, `?token=${made.token}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(r.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.body).not.toMatch(/<script/i);
    expect(r.body).toContain('Blistered bottom paint needs stripping.');
    expect(r.body).toContain('Annapolis, MD');
    expect(r.body).toContain('Waiting for the pros to answer');
    for (const q of made.quotes) expect(r.body).toContain(`<h2>${q.contractorName.replace(/&/g, '&amp;')}</h2>`);
    expect(r.body).toContain('Quote requested; thread: Open');
    expect(r.body).toContain(`<form method="post" action="${PAGE}/${made.opportunityId}/messages">`);
    // No link leaves the site, so the token goes nowhere else.
    expect(r.body).not.toMatch(/href="(?!\/)/);
    expect(r.body).not.toMatch(/action="(?!\/)/);
  });

  test('a wrong, malformed, missing, expired or foreign token is the same 404 page as an unknown Opportunity', async () => {
    const other = await makeOpportunity(svc, 1, 43);
    const expired = await makeOpportunity(svc, 1, 44);
    await svc.db.pool.query(`update app_public.opportunities set completed_at = now() - interval '91 days' where id = $1`, [
      expired.opportunityId,
    ]);
    const unknown = await page('00000000-0000-4000-8000-000000000000', `?token=${made.token}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(unknown.body).toContain('Opportunity not found');
    for (const [id, query] of [
      [made.opportunityId, `?token=${'b'.repeat(64)}`],
      [made.opportunityId, '?token=abc'],
      [made.opportunityId, ''],
      [made.opportunityId, `?token=${other.token}`],
      [expired.opportunityId, `?token=${expired.token}`],
      ['nope', `?token=${made.token}`],
    ]) {
      const r = await page(id!, query!);
      expect([id, query, r.status, r.body]).toEqual([id, query, 404, unknown.body]);
    }
    // The same on a form's post: nothing written.
    const before = await count('quote_messages');
    const post = await form(made.opportunityId, 'messages', {
      ownerAccessToken: other.token,
      quoteId: made.quotes[0]!.quoteId,
      content: 'Hello',
      confirm: 'yes',
    });
    expect([post.status, post.body]).toEqual([404, unknown.body]);
    expect(await count('quote_messages')).toBe(before);
  });

  test("times show in the reader's zone, named; the zone is kept in links and forms; an unknown zone falls back to UTC", async () => {
    const [q] = made.quotes;
    await proDoes(q!.quoteId, await issueProToken(svc.db, q!.quoteId), 'visit-times', { times: ['2031-03-10T13:00:00Z'] });
    const ny = await page(made.opportunityId, `?token=${made.token}&tz=${encodeURIComponent('US/Eastern')}`);
    expect(ny.body).toContain('Mon, Mar 10, 2031, 09:00 (America/New_York)');
    expect(ny.body).toContain('<option selected>America/New_York</option>');
    expect(ny.body).toContain('<input type="hidden" name="tz" value="America/New_York">');
    expect(ny.body).toContain(`href="${PAGE}/${made.opportunityId}?token=${made.token}&amp;tz=America%2FNew_York"`);
    const utc = await page(made.opportunityId, `?token=${made.token}`);
    expect(utc.body).toContain('Mon, Mar 10, 2031, 13:00 (UTC)');
    const mars = await page(made.opportunityId, `?token=${made.token}&tz=${encodeURIComponent('<Mars>')}`);
    expect(mars.status).toBe(200);
    expect(mars.body).toContain('&quot;&lt;Mars&gt;&quot; is not a time zone this page knows; times are shown in UTC.');
    expect(mars.body).toContain('Mon, Mar 10, 2031, 13:00 (UTC)');
    // A notice is one of the page's own, never text from the link.
    expect((await page(made.opportunityId, `?token=${made.token}&done=${encodeURIComponent('<i>Refunded</i>')}`)).body).not.toContain(
      'Refunded',
    );
  });
});

describe('the forms: preview, confirm, redirect', () => {
  test('a form body holds the longest message in any script (percent-encoded, it passes 20 kB)', async () => {
    const made = await makeOpportunity(svc, 1, 55);
    const content = 'ä'.repeat(5000);
    const r = await form(made.opportunityId, 'messages', { ownerAccessToken: made.token, quoteId: made.quotes[0]!.quoteId, content });
    expect(r.status).toBe(200);
    expect(r.body).toContain(content);
  });

  test('answer, pick a time, accept (closing the other estimate), message, complete, review; a reload posts nothing', async () => {
    const made = await makeOpportunity(svc, 2, 46);
    const [a, b] = made.quotes as [Made['quotes'][0], Made['quotes'][0]];
    const ta = await issueProToken(svc.db, a.quoteId);
    const tb = await issueProToken(svc.db, b.quoteId);
    await proDoes(a.quoteId, ta, 'missing-info', { questions: ['Boat length?', 'Hull material?'] });
    await proDoes(a.quoteId, ta, 'visit-times', { times: ['2031-05-04T13:00:00Z', '2031-05-05T18:30:00Z'] });
    await proDoes(a.quoteId, ta, 'estimates', { amount: 1850.5, description: 'Strip & repaint', validUntil: '2031-06-30' });
    await proDoes(b.quoteId, tb, 'estimates', { amount: 2100, description: 'Full bottom job', validUntil: '2031-06-30' });

    const first = await page(made.opportunityId, `?token=${made.token}`);
    expect(first.body).toContain('A pro is waiting for your answers');
    expect(first.body).toContain('<textarea name="answer2"');
    expect(first.body).toContain('1850.50 USD: Strip &amp; repaint, valid until 2031-06-30 (UTC) (Waiting for an answer)');

    /** One form's preview and confirm, with what the preview and then the page must say. */
    const step = async (
      suffix: string,
      fields: Record<string, string>,
      table: string,
      says: { preview: string[]; page: string[]; zone?: string },
    ) => {
      const r = await previewThenConfirm(made, suffix, fields, table, says.zone);
      for (const t of says.preview) expect([suffix, r.preview.includes(t)]).toEqual([suffix, true]);
      for (const t of says.page) expect([suffix, t, r.page.includes(t)]).toEqual([suffix, t, true]);
      return r;
    };
    const thread = async (quoteId: string) => (await opportunity(made)).pros.find((p: { quoteId: string }) => p.quoteId === quoteId);

    await step(
      'missing-info',
      { quoteId: a.quoteId, answer1: '34 ft', answer2: 'Fiberglass <GRP>' },
      'info_requests where answered_at is not null',
      {
        preview: ['Boat length? <b>34 ft</b>'],
        page: ['Your answers were sent to the pro.', 'Hull material? <i>Fiberglass &lt;GRP&gt;</i>'],
      },
    );
    const { visitId } = (await thread(a.quoteId)).visits[0];
    await step(
      'select-visit-time',
      { quoteId: a.quoteId, visitId, selectedTime: '2031-05-05T18:30:00.000Z' },
      "visits where status = 'scheduled'",
      {
        zone: 'America/New_York',
        preview: ['Mon, May 5, 2031, 14:30 (America/New_York)'],
        page: ['The visit is booked', '<b>Scheduled: Mon, May 5, 2031, 14:30 (America/New_York)</b>'],
      },
    );
    const accepted = await step(
      'accept-estimate',
      { estimateId: (await thread(a.quoteId)).estimates[0].estimateId },
      "estimates where status = 'accepted'",
      {
        preview: [`Accepting closes the other estimates: ${b.contractorName.replace(/&/g, '&amp;')}.`],
        page: ['the job is awarded and the other estimates are closed', 'Closed (another estimate was accepted)'],
      },
    );
    expect(accepted.page).not.toContain('Accept this estimate');
    expect([(await thread(a.quoteId)).estimates[0].status, (await thread(b.quoteId)).estimates[0].status]).toEqual(['accepted', 'closed']);
    const messaged = await step('messages', { quoteId: a.quoteId, content: 'See you <then> & there' }, 'quote_messages', {
      preview: ['See you &lt;then&gt; &amp; there'],
      page: ['Your message was sent.'],
    });
    // A reload of the page the post redirected to reads it again: nothing is posted twice.
    const sent = await count('quote_messages');
    for (let i = 0; i < 2; i++) expect((await svc.get(messaged.location)).status).toBe(200);
    expect(await count('quote_messages')).toBe(sent);
    await step('mark-complete', { quoteId: a.quoteId }, "quotes where status = 'completed'", {
      preview: ['Mark '],
      page: ['Completed: you can review the work', `action="${PAGE}/${made.opportunityId}/review"`],
    });
    const reviewed = await step('review', { quoteId: a.quoteId, rating: '4.5', review: 'Careful, tidy work.' }, 'reviews', {
      preview: ['4.5 of 5'],
      page: ['Completed and reviewed', '4.5 of 5: Careful, tidy work.'],
    });
    expect(reviewed.page).not.toContain(`action="${PAGE}/${made.opportunityId}/review"`);
    const profile = (await svc.get(`/api/v1/public/contractors/${a.contractorSlug}`)).body.data;
    expect(profile.reviews.map((r: { review: string }) => r.review)).toContain('Careful, tidy work.');
  });

  test('refusals show on the page in words with their status; nothing written', async () => {
    const made = await makeOpportunity(svc, 2, 49);
    const [a, b] = made.quotes as [Made['quotes'][0], Made['quotes'][0]];
    const ta = await issueProToken(svc.db, a.quoteId);
    await proDoes(a.quoteId, ta, 'missing-info', { questions: ['Boat length?', 'Hull material?'] });
    const post = (suffix: string, fields: Record<string, string>) =>
      form(made.opportunityId, suffix, { ownerAccessToken: made.token, confirm: 'yes', ...fields });
    const before = await count('quote_messages');

    for (const [suffix, fields, status, words] of [
      ['missing-info', { quoteId: a.quoteId, answer1: '34 ft', answer2: '' }, 400, 'each answer must be 1 to 1000 characters'],
      ['missing-info', { quoteId: b.quoteId, answer1: 'x' }, 409, 'This pro has no open missing-info request'],
      ['messages', { quoteId: a.quoteId, content: '' }, 400, 'content'],
      ['review', { quoteId: a.quoteId, rating: '4.3', review: 'Fine.' }, 400, 'rating'],
      ['review', { quoteId: a.quoteId, rating: '5', review: 'Fine.' }, 409, 'Only completed work by the awarded pro can be reviewed'],
      ['mark-complete', { quoteId: a.quoteId }, 409, 'Only the awarded pro&#39;s thread can be marked complete'],
    ] as const) {
      for (const confirm of ['', 'yes']) {
        const r = await post(suffix, { ...fields, confirm });
        expect([suffix, confirm, r.status]).toEqual([suffix, confirm, status]);
        expect(r.headers.get('content-type')).toMatch(/^text\/html/);
        expect(r.body).toContain('role="alert"');
        expect(r.body).toContain(words);
        // The page again, its forms and the zone chooser with it.
        expect(r.body).toContain(`action="${PAGE}/${made.opportunityId}/messages"`);
        expect(r.body).toContain('Change time zone');
      }
    }
    expect(await count('quote_messages')).toBe(before);

    // Another Opportunity's thread, a JSON body, a GET on a form's path.
    const other = await makeOpportunity(svc, 1, 52);
    const foreign = await post('messages', { quoteId: other.quotes[0]!.quoteId, content: 'Hello' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toContain('Quote not found');
    const json = await svc.get(`${PAGE}/${made.opportunityId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ownerAccessToken: made.token, quoteId: a.quoteId, content: 'x', confirm: 'yes' }),
    });
    expect(json.status).toBe(415);
    const get = await svc.get(`${PAGE}/${made.opportunityId}/messages?token=${made.token}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await count('quote_messages')).toBe(before);
  });
});
