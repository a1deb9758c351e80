// Statuses as the pages for people say them (the owner's and the pro's): one map from each kind
// of status code the API answers (db/schema.sql's checks, app_hidden.opportunity_status) to words.
// A code with no words yet shows as itself, so a new status is never hidden.

const WORDS = {
  opportunity: {
    waiting_on_pros: 'Waiting for the pros to answer',
    needs_owner_info: 'A pro is waiting for your answers',
    visit_options: 'A pro proposed visit times: pick one',
    quoted: 'Estimates are in: you can accept one',
    closed: 'Closed: no pro can take this request',
    awarded: 'Awarded: the work is under way',
    completed: 'Completed: you can review the work',
    reviewed: 'Completed and reviewed',
  },
  quote: {
    requested: 'Quote requested',
    info_requested: 'Questions asked',
    visit_proposed: 'Visit times proposed',
    visit_scheduled: 'Visit scheduled',
    estimated: 'Estimate sent',
    awarded: 'Awarded',
    completed: 'Work completed',
    declined: 'Declined',
    closed: 'Closed (another pro was chosen)',
  },
  thread: { open: 'Open', closed: 'Closed: no more messages' },
  estimate: {
    submitted: 'Waiting for an answer',
    accepted: 'Accepted',
    closed: 'Closed (another estimate was accepted)',
    withdrawn: 'Withdrawn',
    superseded: 'Replaced by a newer estimate',
  },
  visit: { proposed: 'Proposed', scheduled: 'Scheduled' },
  question: { open: 'Not answered yet', answered: 'Answered' },
} as const;

export type StatusKind = keyof typeof WORDS;

/** The words for one status code of one kind. */
export function statusWords(kind: StatusKind, code: string): string {
  return (WORDS[kind] as Record<string, string>)[code] ?? code;
}
