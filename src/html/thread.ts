// A quote thread as both sides' pages show it (app_private.quote_json: the owner reads every
// thread of the Opportunity, the pro its own): messages, questions and answers, visits, estimates
// and the review, times in the reader's zone and statuses in words. Each returns escaped HTML.
import { esc } from './escape';
import { list } from './page-parts';
import { statusWords } from './status-words';
import { formatInstant } from './time-zone';

export interface ThreadEstimate {
  estimateId: string;
  amount: number;
  currency: string;
  description: string | null;
  validUntil: string | null;
  status: string;
  submittedAt: string;
}
export interface ThreadVisit {
  visitId: string;
  options: string[];
  selectedTime: string | null;
  status: string;
}
export interface ThreadQuestions {
  requestId: string;
  questions: string[];
  answers: string[] | null;
  status: string;
}
export interface QuoteThread {
  quoteId: string;
  contractorName: string;
  quoteStatus: string;
  threadStatus: string;
  declineReason: string | null;
  conversation: {
    messages: Array<{ author: string; content: string; createdAt: string }>;
    missingInfoRequests: ThreadQuestions[];
  };
  estimates: ThreadEstimate[];
  visits: ThreadVisit[];
  review: { rating: number; review: string; createdAt: string } | null;
}

/** The quote's status and the thread's, in words (with a decline's reason). */
export function quoteStatusLine(q: QuoteThread): string {
  const reason = q.declineReason === null ? '' : ` (${q.declineReason})`;
  return `${esc(statusWords('quote', q.quoteStatus))}${esc(reason)}; thread: ${esc(statusWords('thread', q.threadStatus))}`;
}

/** The messages, each with who wrote it (`who` answers escaped HTML) and when. */
export function messagesHtml(q: QuoteThread, zone: string, who: (author: string) => string): string {
  return list(q.conversation.messages.map((m) => `<b>${who(m.author)}</b> (${esc(formatInstant(m.createdAt, zone))}): ${esc(m.content)}`));
}

/** One request's questions, each with its answer or "not answered yet". */
export function questionsHtml(r: ThreadQuestions): string {
  return r.questions
    .map((q, i) => `${esc(q)} <i>${r.answers === null ? `(${esc(statusWords('question', r.status))})` : esc(r.answers[i] ?? '')}</i>`)
    .join('<br>');
}

/** A visit: the proposed times or the one chosen, in the reader's zone. */
export function visitHtml(v: ThreadVisit, zone: string): string {
  if (v.selectedTime !== null) return `<b>${esc(statusWords('visit', v.status))}: ${esc(formatInstant(v.selectedTime, zone))}</b>`;
  return `${esc(statusWords('visit', v.status))}: ${v.options.map((t) => esc(formatInstant(t, zone))).join(', ')}`;
}

/** An estimate: amount, currency, what it covers, the last day (UTC) it can be accepted, its status in words. */
export function estimateHtml(e: ThreadEstimate): string {
  const until = e.validUntil === null ? '' : `, valid until ${e.validUntil} (UTC)`;
  return `${esc(e.amount.toFixed(2))} ${esc(e.currency)}: ${esc(e.description ?? '')}${esc(until)} (${esc(statusWords('estimate', e.status))})`;
}

/** The review, when there is one. */
export function reviewHtml(q: QuoteThread, title: string): string {
  return q.review === null ? '' : `<h3>${title}</h3><p>${esc(String(q.review.rating))} of 5: ${esc(q.review.review)}</p>`;
}
