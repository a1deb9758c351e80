// The pro's page of one quote thread (the e-mailed link): the request, the thread as the owner
// sees it, and a form per action. No script; every form posts back (routes.ts) and is answered
// with this page again, with a line saying what was done.
import type { Response } from 'express';
import { esc } from '../html/escape';
import { sendPage } from '../http/html';
import type { proWrites } from './operations';
import { PAGE_TIME_ZONES } from './params';
import { proPagePath } from './paths';

export interface ProQuoteView {
  request: {
    service: { name: string };
    location: string;
    description: string;
    ownerFirstName: string;
    requestedAt: string;
    awarded: boolean;
  };
  contractorName: string;
  quoteStatus: string;
  threadStatus: string;
  declineReason: string | null;
  conversation: {
    messages: Array<{ author: string; content: string; createdAt: string }>;
    missingInfoRequests: Array<{ questions: string[]; answers: string[] | null }>;
  };
  estimates: Array<{ amount: number; currency: string; description: string | null; validUntil: string | null; status: string }>;
  visits: Array<{ options: string[]; selectedTime: string | null; status: string }>;
  review: { rating: number; review: string } | null;
}

/** A form of the page: which write it is, how its fields read as that write's body, what it did. */
export interface PageForm {
  write: keyof typeof proWrites;
  read(fields: Record<string, unknown>): Record<string, unknown>;
  done: string;
}

const field = (v: unknown) => (typeof v === 'string' ? v : undefined);
/**
 * A form's amount as a number when it is written as one in decimal (1850 or 1850.50); anything
 * else stays text, which the body's schema refuses ("must be a number"). Number() would read
 * "0x10" as 16 and "1e3" as 1000.
 */
const DECIMAL = /^\d{1,10}(\.\d{1,4})?$/;
const decimal = (v: unknown) => {
  const text = field(v)?.trim();
  return text !== undefined && DECIMAL.test(text) ? Number(text) : text;
};
const filled = (vs: unknown[]) => vs.map(field).filter((v): v is string => v !== undefined && v.trim() !== '');

export const PAGE_FORMS: Record<string, PageForm> = {
  messages: { write: 'messages', read: (f) => ({ content: field(f.content) }), done: 'Your message was sent to the owner.' },
  'missing-info': {
    write: 'missingInfo',
    read: (f) => ({ questions: filled((field(f.questions) ?? '').split(/\r?\n/)).map((q) => q.trim()) }),
    done: 'Your questions were sent to the owner.',
  },
  'visit-times': {
    write: 'pageVisitTimes',
    read: (f) => ({ times: filled([f.time1, f.time2, f.time3]), zone: field(f.zone) }),
    done: 'Your visit times were sent to the owner.',
  },
  estimates: {
    write: 'estimates',
    read: (f) => ({
      amount: decimal(f.amount),
      currency: field(f.currency) || undefined,
      description: field(f.description),
      validUntil: field(f.validUntil),
    }),
    done: 'Your estimate was sent to the owner.',
  },
  decline: { write: 'decline', read: (f) => ({ reason: field(f.reason) }), done: 'You declined this request.' },
};

const list = (items: string[]) => (items.length === 0 ? '<p>None yet.</p>' : `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`);

function thread(v: ProQuoteView): string {
  const who = (author: string) => (author === 'pro' ? 'You' : esc(v.request.ownerFirstName));
  const messages = list(v.conversation.messages.map((m) => `<b>${who(m.author)}</b> (${esc(m.createdAt)}): ${esc(m.content)}`));
  const questions = list(
    v.conversation.missingInfoRequests.map((r) =>
      r.questions.map((q, i) => `${esc(q)} <i>${r.answers === null ? '(not answered yet)' : esc(r.answers[i] ?? '')}</i>`).join('<br>'),
    ),
  );
  const visits = list(
    v.visits.map((x) =>
      x.selectedTime === null ? `Proposed: ${x.options.map(esc).join(', ')}` : `<b>Scheduled: ${esc(x.selectedTime)}</b>`,
    ),
  );
  const estimates = list(
    v.estimates.map(
      (e) =>
        `${esc(e.amount.toFixed(2))} ${esc(e.currency)}: ${esc(e.description ?? '')}` +
        `${e.validUntil === null ? '' : `, valid until ${esc(e.validUntil)}`} (${esc(e.status)})`,
    ),
  );
  const review = v.review === null ? '' : `<h2>The owner's review</h2><p>${esc(String(v.review.rating))} of 5: ${esc(v.review.review)}</p>`;
  return `<h2>Messages</h2>${messages}<h2>Your questions</h2>${questions}<h2>Visits</h2>${visits}<h2>Estimates</h2>${estimates}${review}`;
}

function forms(v: ProQuoteView, quoteId: string, token: string): string {
  if (v.threadStatus !== 'open') return '<p>This thread is closed: nothing more can be sent.</p>';
  const form = (suffix: string, title: string, inputs: string, button: string) =>
    `<h2>${title}</h2><form method="post" action="${esc(`${proPagePath(quoteId)}/${suffix}`)}">` +
    `<input type="hidden" name="proAccessToken" value="${esc(token)}">${inputs}<p><button type="submit">${button}</button></p></form>`;
  const label = (text: string, input: string) => `<p><label>${text}<br>${input}</label></p>`;
  const message = form(
    'messages',
    'Send a message',
    label('Message', '<textarea name="content" rows="3" cols="50" required maxlength="5000"></textarea>'),
    'Send',
  );
  if (v.request.awarded) return message;
  const zones = PAGE_TIME_ZONES.map((z) => `<option>${esc(z)}</option>`).join('');
  const time = (n: number) => `<input type="datetime-local" name="time${n}"${n === 1 ? ' required' : ''}>`;
  return [
    form(
      'missing-info',
      'Ask the owner questions',
      label('One question per line', '<textarea name="questions" rows="3" cols="50" required></textarea>'),
      'Ask',
    ),
    form(
      'visit-times',
      'Propose visit times',
      `${label('First time', time(1))}${label('Second time (optional)', time(2))}${label('Third time (optional)', time(3))}` +
        label('Time zone', `<select name="zone">${zones}</select>`),
      'Propose',
    ),
    form(
      'estimates',
      'Send an estimate',
      label('Amount', '<input type="number" name="amount" min="0.01" step="0.01" required>') +
        label('Currency', '<input type="text" name="currency" value="USD" size="3" maxlength="3" pattern="[A-Za-z]{3}">') +
        label('What it covers', '<textarea name="description" rows="3" cols="50" required maxlength="5000"></textarea>') +
        label('Valid until', '<input type="date" name="validUntil" required>'),
      'Send estimate',
    ),
    message,
    form(
      'decline',
      'Decline this request',
      label('Reason', '<input type="text" name="reason" size="50" required maxlength="1000">'),
      'Decline',
    ),
  ].join('');
}

export function proQuotePage(res: Response, v: ProQuoteView, quoteId: string, token: string, done?: string): void {
  const title = `${v.request.service.name} request in ${v.request.location}`;
  const status = `${v.quoteStatus}${v.declineReason === null ? '' : ` (${v.declineReason})`}`;
  sendPage(
    res,
    200,
    title,
    `${done === undefined ? '' : `<p role="status"><b>${esc(done)}</b></p>`}<h1>${esc(title)}</h1>
<dl><dt>Owner</dt><dd>${esc(v.request.ownerFirstName)}</dd><dt>Project description</dt><dd>${esc(v.request.description)}</dd>
<dt>Requested</dt><dd>${esc(v.request.requestedAt)}</dd><dt>Your quote (${esc(v.contractorName)})</dt><dd>${esc(status)}</dd></dl>
${thread(v)}${forms(v, quoteId, token)}
<p><small>This page is yours alone: keep the link private.</small></p>`,
  );
}
