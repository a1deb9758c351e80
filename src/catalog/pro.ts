// The pro's quote thread in the catalog (issue 26): the read and the confirm-gated writes of
// /api/v1/pro/quotes/{quoteId}, for a pro's own assistant. The pro access token is an input
// (proAccessToken, required here: inputs are the body-equivalent, never a URL) with REST's 64-hex
// rule and errors; the token opens one quote (any other quoteId is 404). A write answers a
// preview unless confirm is true.
import { z } from 'zod';
import { eventsQuery } from '../events/params';
import { listProEvents, proWrites, readProQuote, writeProQuote, type ProWrite, type ProWriteSchema } from '../pro/operations';
import { quotePath } from '../pro/params';
import { checkedProTokenDigest } from '../pro/token';
import { tokenInput } from './access-token';
import { gatedWrite, type GatedSide } from './gated';
import { asQuery, READ, type Operation } from './operation';
import { bodyArguments, eventsPage, openObject, queryArguments } from './schemas';

const { schema: proAccessToken, digestOf: tokenDigestOf } = tokenInput(
  "The pro access token from the link in the e-mail about the request (the link's token parameter: 64 hexadecimal characters).",
  checkedProTokenDigest,
  'Pass the pro access token as the proAccessToken input.',
);
const quoteId = quotePath.shape.quoteId;

// The agent card's words for the inputs every pro skill shares, and for its writes.
const PRO_INPUT = "Input: proAccessToken and quoteId (both in the link of the pro's e-mail).";
const PRO_WRITES: GatedSide = {
  who: 'pro',
  skillInput: PRO_INPUT,
  detail: 'What the write would do (preview only): which quote, which text, times or amount.',
};

const item = (id: string) => z.array(openObject({ [id]: z.string() }));
const quote = openObject({
  quoteId: z.string(),
  quoteStatus: z.string(),
  threadStatus: z.string(),
  request: openObject({
    service: openObject({ slug: z.string(), name: z.string() }),
    location: z.string(),
    description: z.string(),
    ownerFirstName: z.string(),
    awarded: z.boolean(),
  }),
  conversation: openObject({ messages: item('messageId'), missingInfoRequests: item('requestId') }),
  estimates: item('estimateId'),
  visits: item('visitId'),
});

/**
 * One confirm-gated write. The input is the REST body's fields plus quoteId and a required token;
 * the body is parsed with the REST schema. `written` names what a confirmed write answers besides
 * quoteId.
 */
function write<S extends ProWriteSchema & z.ZodObject>(
  name: string,
  title: string,
  description: string,
  w: ProWrite<S>,
  written: string,
  destructiveHint: boolean,
  skillDescription: string,
): Operation {
  const effects = { destructiveHint, idempotentHint: false };
  const input = bodyArguments(w.schema, { quoteId, proAccessToken });
  const output = { quoteId: z.string().optional(), [written]: z.string().optional() };
  return gatedWrite(
    PRO_WRITES,
    { name, title, description, skillDescription, effects },
    input,
    output,
    ({ db, caller }, { quoteId: id, ...body }) => writeProQuote(db, caller, w, { body, path: { quoteId: id } }, tokenDigestOf),
  );
}

export const proOperations: Operation[] = [
  {
    name: 'pro_get_quote',
    title: "The pro's quote thread",
    description:
      "The request as the pro's e-mail told it (service, place, description, the owner's first name, whether the work is awarded) and the pro's thread: messages, missing-info requests and answers, visits, estimates, the review.",
    input: { proAccessToken, quoteId },
    output: quote,
    effects: READ,
    skill: { description: `The request and the pro's own quote thread, as the owner sees it. ${PRO_INPUT}`, tags: ['pro'] },
    run: ({ db, caller }, { proAccessToken: token, ...path }) => readProQuote(db, caller, tokenDigestOf(token), path),
  },
  {
    name: 'pro_list_events',
    title: "The quote thread's events",
    description:
      "What happened on the pro's own quote thread, oldest first: the pro's and the owner's actions, the award or the closing, completion, review. Each event has an id (evt_…), a type and its payload (data). Page with after: the last event id seen.",
    input: { proAccessToken, quoteId, ...queryArguments(eventsQuery) },
    output: eventsPage,
    effects: READ,
    skill: {
      description: `What happened on the pro's quote thread, oldest first (after: the last event id seen). ${PRO_INPUT}`,
      tags: ['pro'],
    },
    run: ({ db, caller }, { proAccessToken: token, quoteId: id, ...query }) =>
      listProEvents(db, caller, tokenDigestOf(token), { quoteId: id }, asQuery(query)),
  },
  write(
    'pro_send_message',
    'Message the owner',
    'Sends a message (1 to 5000 characters) from the pro to the owner in the quote thread; the owner is e-mailed.',
    proWrites.messages,
    'messageId',
    false,
    'Sends a message to the owner in the quote thread.',
  ),
  write(
    'pro_request_missing_info',
    'Ask the owner for missing information',
    'Asks the owner 1 to 20 questions (each 1 to 1000 characters) before quoting; the owner answers them in this order.',
    proWrites.missingInfo,
    'infoRequestId',
    false,
    'Asks the owner questions before quoting.',
  ),
  write(
    'pro_propose_visit_times',
    'Propose visit times',
    'Offers the owner 1 to 10 visit times (ISO 8601 date-times with a zone, in the future); the owner picks one.',
    proWrites.visitTimes,
    'visitId',
    false,
    'Offers the owner visit times to pick from.',
  ),
  write(
    'pro_send_estimate',
    'Send an estimate',
    'Submits an estimate: amount (more than 0), currency (ISO 4217, USD when absent), what it covers, and validUntil (YYYY-MM-DD, the last day the owner can accept it).',
    proWrites.estimates,
    'estimateId',
    false,
    'Submits an estimate (amount, currency, what it covers, valid until) for the owner to accept.',
  ),
  write(
    'pro_decline',
    'Decline the request',
    "Declines the request with a reason (1 to 1000 characters) the owner sees; the quote's thread closes and its submitted estimates are withdrawn.",
    proWrites.decline,
    'quoteStatus',
    true,
    'Declines the request, with a reason the owner sees.',
  ),
];
