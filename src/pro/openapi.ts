// The pro's OpenAPI paths (src/openapi/document.ts assembles them): its quote thread, the
// thread's event feed, and its confirm-gated writes, with the pro access token.
import * as ex from '../openapi/examples';
import { eventFeed, ok, operation, proToken, responses, writeOperation, type Paths, type WriteDoc } from '../openapi/operation';
import * as r from '../openapi/responses';
import { proDeclineBody, proEstimateBody, proMessageBody, proQuestionsBody, proVisitTimesBody, quotePath } from './params';
import { PRO_API_PREFIX } from './paths';

const PRO_PREVIEW_NOTE =
  ' Without `confirm: true` nothing is written: the answer is a 202 preview saying exactly what would be done. ' +
  'The pro access token goes in the `x-service-pro-access-token` header, as a Bearer, or as `proAccessToken` in the body; ' +
  'never in the URL. The owner is e-mailed about the writes (a few minutes apart at most, several in one e-mail).';

const proWrites: WriteDoc[] = [
  {
    suffix: 'messages',
    operationId: 'proSendMessage',
    preview: { action: 'send_message', detail: { quoteId: ex.ids.quoteId, content: 'I can look at it Tuesday.' } },
    body: proMessageBody,
    example: { content: 'I can look at it Tuesday.', confirm: true },
    summary: 'Send the owner a message in the quote thread.',
    description: "Adds a message from the pro to the thread; the owner sees it in the Opportunity's `pros`.",
  },
  {
    suffix: 'missing-info',
    operationId: 'proRequestMissingInfo',
    preview: { action: 'request_missing_info', detail: { quoteId: ex.ids.quoteId, questions: ['Length of the boat?', 'Hull material?'] } },
    body: proQuestionsBody,
    example: { questions: ['Length of the boat?', 'Hull material?'], confirm: true },
    summary: 'Ask the owner for missing information (1 to 20 questions).',
    description: 'Opens a missing-info request the owner answers with missing-info; not after the work is awarded.',
  },
  {
    suffix: 'visit-times',
    operationId: 'proProposeVisitTimes',
    preview: {
      action: 'propose_visit_times',
      detail: { quoteId: ex.ids.quoteId, options: ['2027-03-10T14:00:00.000Z', '2027-03-11T14:00:00.000Z'] },
    },
    body: proVisitTimesBody,
    example: { times: ['2027-03-10T09:00:00-05:00', '2027-03-11T09:00:00-05:00'], confirm: true },
    summary: 'Propose visit times (1 to 10, in the future) for the owner to choose from.',
    description: 'Offers the owner visit times; the owner picks one with select-visit-time. Not after the work is awarded.',
  },
  {
    suffix: 'estimates',
    operationId: 'proSubmitEstimate',
    preview: {
      action: 'submit_estimate',
      detail: { quoteId: ex.ids.quoteId, amount: 1850.5, currency: 'USD', description: 'Strip and repaint', validUntil: '2027-03-31' },
    },
    body: proEstimateBody,
    example: { amount: 1850.5, currency: 'USD', description: 'Strip and repaint', validUntil: '2027-03-31', confirm: true },
    summary: 'Submit an estimate: amount, currency, what it covers, valid until.',
    description: 'Adds an estimate the owner can accept until `validUntil` (inclusive, UTC); not after the work is awarded.',
  },
  {
    suffix: 'decline',
    operationId: 'proDecline',
    preview: { action: 'decline', detail: { quoteId: ex.ids.quoteId, reason: 'Fully booked until May.', withdrawsEstimates: [] } },
    body: proDeclineBody,
    example: { reason: 'Fully booked until May.', confirm: true },
    summary: 'Decline the request, with a reason the owner sees.',
    description: "Closes the pro's thread and withdraws its submitted estimates; not once the pro is awarded.",
  },
];
/** The quote thread, its events and the pro's writes. */
export function proPaths(): Paths {
  const proSide = {
    tag: 'Pro',
    security: proToken,
    path: quotePath,
    note: PRO_PREVIEW_NOTE,
    done: { schema: r.proWriteDoneResponse, example: { success: true, data: { quoteId: ex.ids.quoteId, messageId: ex.ids.messageId } } },
  };
  return {
    [`${PRO_API_PREFIX}/quotes/{quoteId}`]: {
      get: operation({
        operationId: 'getProQuote',
        tags: ['Pro'],
        summary: "The request and the pro's quote thread",
        description:
          "What the pro's e-mail told (service, place, description, the owner's first name) and the pro's own thread, " +
          'exactly as the owner sees it: messages, missing-info requests and answers, visits, estimates, review. ' +
          "Nothing else of the owner's, and no other pro's thread.",
        security: proToken,
        requestParams: { path: quotePath },
        responses: responses(ok(r.proQuoteResponse, { success: true, data: ex.proQuote }), [400, 401, 404, 429]),
      }),
    },
    [`${PRO_API_PREFIX}/quotes/{quoteId}/events`]: {
      get: eventFeed(
        'listProQuoteEvents',
        'Pro',
        "The quote thread's events",
        "What happened on the pro's own quote thread, oldest first: both sides' actions, its award or its closing, completion, review. No other pro's events and no Opportunity-wide ones. Page with `after` (the last event id seen).",
        proToken,
        quotePath,
      ),
    },
    ...Object.fromEntries(proWrites.map((w) => [`${PRO_API_PREFIX}/quotes/{quoteId}/${w.suffix}`, { post: writeOperation(w, proSide) }])),
  };
}
