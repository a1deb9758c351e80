// The pro's page of one quote thread (the e-mailed link): the request, the thread as the owner
// sees it, and a form per action. No script; every form posts back (routes.ts) and is answered
// with a redirect to this page (src/http/page-post.ts), whose query names what was done. Times
// are shown, and visit times typed, in the reader's chosen zone (src/html/time-zone.ts).
import type { Response } from 'express';
import { esc } from '../html/escape';
import { decimal, field, filled } from '../html/form-fields';
import { label, list, pageHref, pageNotes, postForm, zoneChooser, type PageNotes, type PageState } from '../html/page-parts';
import { estimateHtml, messagesHtml, questionsHtml, quoteStatusLine, reviewHtml, visitHtml, type QuoteThread } from '../html/thread';
import { formatInstant } from '../html/time-zone';
import { sendPage } from '../http/html';
import type { proWrites } from './operations';
import { proPagePath } from './paths';

export interface ProQuoteView extends QuoteThread {
  request: {
    service: { name: string };
    location: string;
    description: string;
    ownerFirstName: string;
    requestedAt: string;
    awarded: boolean;
  };
}

/** A form of the page: which write it is, how its fields read as that write's body, what it did. */
export interface PageForm {
  write: keyof typeof proWrites;
  read(fields: Record<string, unknown>): Record<string, unknown>;
  done: string;
}

export const PAGE_FORMS: Record<string, PageForm> = {
  messages: { write: 'messages', read: (f) => ({ content: field(f.content) }), done: 'Your message was sent to the owner.' },
  'missing-info': {
    write: 'missingInfo',
    read: (f) => ({ questions: filled((field(f.questions) ?? '').split(/\r?\n/)).map((q) => q.trim()) }),
    done: 'Your questions were sent to the owner.',
  },
  'visit-times': {
    write: 'pageVisitTimes',
    read: (f) => ({ times: filled([f.time1, f.time2, f.time3]), zone: field(f.zone) || field(f.tz) }),
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

function thread(v: ProQuoteView, zone: string): string {
  const who = (author: string) => (author === 'pro' ? 'You' : esc(v.request.ownerFirstName));
  const questions = list(v.conversation.missingInfoRequests.map(questionsHtml));
  const visits = list(v.visits.map((x) => visitHtml(x, zone)));
  const estimates = list(v.estimates.map(estimateHtml));
  return (
    `<h2>Messages</h2>${messagesHtml(v, zone, who)}<h2>Your questions</h2>${questions}<h2>Visits</h2>${visits}` +
    `<h2>Estimates</h2>${estimates}${reviewHtml(v, "The owner's review")}`
  );
}

function forms(v: ProQuoteView, quoteId: string, state: PageState): string {
  if (v.threadStatus !== 'open') return '<p>This thread is closed: nothing more can be sent.</p>';
  const form = (suffix: string, title: string, inputs: string, button: string) =>
    postForm({ action: `${proPagePath(quoteId)}/${suffix}`, tokenField: 'proAccessToken', state }, title, inputs, button);
  const message = form(
    'messages',
    'Send a message',
    label('Message', '<textarea name="content" rows="3" cols="50" required maxlength="5000"></textarea>'),
    'Send',
  );
  if (v.request.awarded) return message;
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
      `<p>Times in ${esc(state.zone)} (the page's time zone, chosen above).</p>` +
        `${label('First time', time(1))}${label('Second time (optional)', time(2))}${label('Third time (optional)', time(3))}`,
      'Propose',
    ),
    form(
      'estimates',
      'Send an estimate',
      label('Amount', '<input type="number" name="amount" min="0.01" step="0.01" required>') +
        label('Currency', '<input type="text" name="currency" value="USD" size="3" maxlength="3" pattern="[A-Za-z]{3}">') +
        label('What it covers', '<textarea name="description" rows="3" cols="50" required maxlength="5000"></textarea>') +
        label('Valid until (the last day, UTC)', '<input type="date" name="validUntil" required>'),
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

export function proQuotePage(res: Response, v: ProQuoteView, quoteId: string, state: PageState, notes: PageNotes = {}): void {
  const title = `${v.request.service.name} request in ${v.request.location}`;
  const path = proPagePath(quoteId);
  sendPage(
    res,
    notes.refused?.status ?? 200,
    title,
    `${pageNotes(notes, state.zone)}<h1>${esc(title)}</h1>${zoneChooser(path, state)}
<dl><dt>Owner</dt><dd>${esc(v.request.ownerFirstName)}</dd><dt>Project description</dt><dd>${esc(v.request.description)}</dd>
<dt>Requested</dt><dd>${esc(formatInstant(v.request.requestedAt, state.zone))}</dd><dt>Your quote (${esc(v.contractorName)})</dt><dd>${quoteStatusLine(v)}</dd></dl>
${thread(v, state.zone)}${forms(v, quoteId, state)}
<p><a href="${esc(pageHref(path, state))}">Reload this page</a></p>
<p><small>This page is yours alone: keep the link private.</small></p>`,
  );
}
