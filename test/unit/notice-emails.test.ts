// The notice e-mail's text (worker/notice-emails.ts): each event's content in order, times in the
// event's zone with its abbreviation, typed words quoted and labelled, the HTML escaped.
import { localTime, noticeEmail, type Notice, type NoticeEvent } from '../../worker/notice-emails';

const event = (type: string, data: Record<string, unknown>): NoticeEvent => ({
  type,
  createdAt: '2031-05-01T16:00:00.000Z',
  quoteId: 'q-1',
  contractorName: 'Alvarez & Lewis',
  timeZone: 'America/New_York',
  data,
});
const notice = (side: 'owner' | 'pro', events: NoticeEvent[]): Notice => ({
  recipientId: 1,
  side,
  to: 'someone@example.com',
  opportunityId: 'opp-1',
  quoteId: side === 'pro' ? 'q-1' : null,
  ownerFirstName: 'Olivia',
  proName: 'Alvarez & Lewis',
  service: 'Bottom Painting',
  location: 'Annapolis, MD',
  upTo: 9,
  events,
});

test("times are the zone's wall clock with its abbreviation; an unreadable time is shown as given", () => {
  expect(localTime('2031-05-04T13:00:00.000Z', 'America/New_York')).toBe('Sun, May 4, 2031, 9:00 AM EDT');
  expect(localTime('2031-01-04T13:00:00.000Z', 'America/Los_Angeles')).toBe('Sat, Jan 4, 2031, 5:00 AM PST');
  expect(localTime('not a time', 'UTC')).toBe('not a time');
});

test("the owner's notice lists the pro's questions, times and estimate in order, quoted and escaped", () => {
  const mail = noticeEmail(
    notice('owner', [
      event('quote.info_requested', { questions: ['Length?', 'Is the <b>hull</b> "solid"?'] }),
      event('quote.visit_times_proposed', { times: ['2031-05-04T13:00:00.000Z'] }),
      event('quote.estimate_submitted', { amount: '1850.50', currency: 'USD', description: 'Strip & paint', validUntil: '2031-06-30' }),
    ]),
    'http://x/owner/opportunities/opp-1?token=t',
    'http://x/owner/notice-emails/stop?token=s',
  );
  expect(mail.subject).toBe('3 updates on your Bottom Painting request');
  const lines = mail.text.split('\n');
  const at = (s: string) => lines.findIndex((l) => l.includes(s));
  expect(at('1. Alvarez & Lewis needs more information from you (Thu, May 1, 2031, 12:00 PM EDT)')).toBeGreaterThan(0);
  expect(lines).toContain(`   Question 2 (as they typed it): ${JSON.stringify('Is the <b>hull</b> "solid"?')}`);
  expect(at('Sun, May 4, 2031, 9:00 AM EDT')).toBeGreaterThan(at('Question 2'));
  expect(lines).toContain('   Amount: 1850.50 USD');
  expect(lines).toContain(`   What it covers (as they typed it): "Strip & paint"`);
  expect(lines).toContain('   Valid until: 2031-06-30');
  expect(mail.text).toContain('http://x/owner/opportunities/opp-1?token=t');
  expect(mail.text).toContain('Stop them here:\nhttp://x/owner/notice-emails/stop?token=s');
  expect(mail.html).toContain('<a href="http://x/owner/notice-emails/stop?token=s">Stop these e-mails</a>');
  expect(mail.html).toContain('&lt;b&gt;hull&lt;/b&gt;');
  expect(mail.html).not.toContain('<b>hull</b>');
  expect(mail.html).toContain('Alvarez &amp; Lewis');
});

test("the pro's notice: one event is its subject; the answers follow their questions", () => {
  const mail = noticeEmail(
    notice('pro', [event('quote.info_provided', { questions: ['Length?'], answers: ['34 feet'] })]),
    'http://x/pro/quotes/q-1?token=t',
    null,
  );
  expect(mail.subject).toBe('The owner answered your questions (Bottom Painting)');
  expect(mail.text).toContain('   Question 1 (as they typed it): "Length?"\n   Answer 1 (as they typed it): "34 feet"');
  expect(mail.text).toContain('(quote q-1)');
  expect(mail.text).not.toContain('Stop them');
});
