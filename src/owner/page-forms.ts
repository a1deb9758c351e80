// The owner page's forms (pages.ts draws them, routes.ts answers their posts): which owner write
// each is (the REST door's operations, operations.ts), how its fields read as that write's body,
// and what the page says once it is done. Like the API, each is confirm-gated: a post without
// confirm=yes previews (nothing written) and the preview's Confirm button posts it again with it.
import { decimal, field } from '../html/form-fields';
import type { ownerWrites } from './operations';

export interface OwnerPageForm {
  write: keyof typeof ownerWrites;
  read(fields: Record<string, unknown>): Record<string, unknown>;
  done: string;
}

/** The most questions a missing-info request has (params.ts: 1 to 20), so the most answer fields. */
const MOST_ANSWERS = 20;

/** answer1, answer2, ... as typed (empty ones too: the schema says an answer is missing). */
function answers(f: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (let i = 1; i <= MOST_ANSWERS && field(f[`answer${i}`]) !== undefined; i++) out.push(field(f[`answer${i}`])!);
  return out;
}

const quote = (f: Record<string, unknown>) => ({ quoteId: field(f.quoteId) });

export const OWNER_PAGE_FORMS: Record<string, OwnerPageForm> = {
  messages: { write: 'messages', read: (f) => ({ ...quote(f), content: field(f.content) }), done: 'Your message was sent.' },
  'missing-info': { write: 'missingInfo', read: (f) => ({ ...quote(f), answers: answers(f) }), done: 'Your answers were sent to the pro.' },
  'select-visit-time': {
    write: 'selectVisitTime',
    read: (f) => ({ ...quote(f), visitId: field(f.visitId), selectedTime: field(f.selectedTime) }),
    done: 'The visit is booked: the pro was told the time you picked.',
  },
  'accept-estimate': {
    write: 'acceptEstimate',
    read: (f) => ({ estimateId: field(f.estimateId) }),
    done: 'You accepted the estimate: the job is awarded and the other estimates are closed.',
  },
  'mark-complete': { write: 'markComplete', read: quote, done: 'The work is marked complete. You can review it now.' },
  review: {
    write: 'review',
    read: (f) => ({ ...quote(f), rating: decimal(f.rating), review: field(f.review) }),
    done: "Thank you: your review is on the pro's profile.",
  },
};

/** The fields a preview's Confirm form posts again: what the forms above read, nothing else. */
export const CARRIED_FIELD = /^(quoteId|visitId|estimateId|selectedTime|content|rating|review|answer\d{1,2})$/;
