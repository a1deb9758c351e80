// The owner's Opportunity in the catalog: reads and confirm-gated writes, the operations of
// /api/v1/public/search-mcp/owner/opportunities/*. The owner access token is an input
// (ownerAccessToken: inputs are the body-equivalent, never a URL) with REST's 64-hex rule and
// errors; a write answers a preview unless confirm is true.
import { z } from 'zod';
import { eventsQuery } from '../events/params';
import {
  listOwnerEvents,
  listOwnerOpportunities,
  ownerWrites,
  readOwnerOpportunity,
  writeOwnerOpportunity,
  type OwnerRead,
  type OwnerWrite,
  type WriteSchema,
} from '../owner/operations';
import { opportunityPath } from '../owner/params';
import { checkedOwnerTokenDigest } from '../owner/token';
import { tokenInput } from './access-token';
import { gatedWrite, type GatedSide, type GatedWrite } from './gated';
import { asQuery, READ, type Operation } from './operation';
import { bodyArguments, eventsPage, openObject, queryArguments } from './schemas';

const { schema: ownerAccessToken, digestOf: tokenDigestOf } = tokenInput(
  "The owner access token from confirm_service_request or the owner's e-mail (64 hexadecimal characters).",
  checkedOwnerTokenDigest,
  'Pass the owner access token as the ownerAccessToken input.',
);
const opportunityId = opportunityPath.shape.opportunityId;

const pro = openObject({ quoteId: z.string(), contractorSlug: z.string(), contractorName: z.string() });
const opportunity = openObject({ opportunityId: z.string(), status: z.string(), pros: z.array(pro) });

// The agent card's words for the inputs every owner skill shares, and for its writes.
const OWNER_INPUT = 'Input: ownerAccessToken (from confirm_service_request), opportunityId.';
const OWNER_WRITES: GatedSide = {
  who: 'owner',
  skillInput: OWNER_INPUT,
  detail: 'What the write would do (preview only): which pro, which text, time or amount.',
};

/** One read of the Opportunity; `skillDescription` is the card's, before OWNER_INPUT. */
function read(
  name: string,
  title: string,
  description: string,
  which: OwnerRead,
  output: z.ZodObject,
  skillDescription: string,
): Operation {
  return {
    name,
    title,
    description,
    input: { ownerAccessToken, opportunityId },
    output,
    effects: READ,
    skill: { description: `${skillDescription} ${OWNER_INPUT}`, tags: ['owner'] },
    run: ({ db, caller }, { ownerAccessToken: token, ...path }) => readOwnerOpportunity(db, caller, which, tokenDigestOf(token), path),
  };
}

/**
 * One confirm-gated write. The input is the REST body's fields plus opportunityId and a required
 * token; the body is parsed with the REST schema (cross-field rules, messages). Without
 * confirm: true the SQL function checks everything and writes nothing: the preview.
 */
function write<S extends z.ZodObject & WriteSchema>(
  name: string,
  title: string,
  description: string,
  w: OwnerWrite<S>,
  effects: GatedWrite['effects'],
  skillDescription: string,
): Operation {
  const input = bodyArguments(w.schema, { opportunityId, ownerAccessToken });
  return gatedWrite(
    OWNER_WRITES,
    { name, title, description, skillDescription, effects },
    input,
    { opportunityId: z.string().optional() },
    ({ db, caller }, { opportunityId: id, ...body }) =>
      writeOwnerOpportunity(db, caller, w, { body, path: { opportunityId: id } }, tokenDigestOf),
  );
}

const additive = { destructiveHint: false, idempotentHint: false };
const closing = { destructiveHint: true, idempotentHint: false };

export const ownerOperations: Operation[] = [
  {
    name: 'owner_list_opportunities',
    title: "The owner's Opportunity (list)",
    description: 'The one Opportunity the owner access token is scoped to.',
    input: { ownerAccessToken },
    output: { opportunities: z.array(opportunity), ownerAccessScope: z.string() },
    effects: READ,
    skill: { description: 'The one Opportunity the owner access token is scoped to. Input: ownerAccessToken.', tags: ['owner'] },
    run: ({ db, caller }, { ownerAccessToken: token }) => listOwnerOpportunities(db, caller, tokenDigestOf(token)),
  },
  read(
    'owner_get_opportunity',
    'Owner Opportunity',
    'The Opportunity with every pro thread: messages, missing-info requests, estimates, visits, review.',
    'opportunity',
    opportunity,
    'The Opportunity with every pro thread.',
  ),
  read(
    'owner_opportunity_status',
    'Opportunity status',
    "The derived status of the Opportunity and of each pro's quote.",
    'status',
    openObject({ opportunityId: z.string(), status: z.string(), pros: z.array(openObject({ quoteId: z.string() })) }),
    "The derived status of the Opportunity and of each pro's quote.",
  ),
  read(
    'owner_visit_options',
    'Visit options',
    'The visit times the pros proposed (choose one with owner_select_visit_time).',
    'visitOptions',
    openObject({
      opportunityId: z.string(),
      visits: z.array(openObject({ visitId: z.string(), quoteId: z.string(), options: z.array(z.string()) })),
    }),
    'The visit times the pros proposed.',
  ),
  {
    name: 'owner_list_events',
    title: "The Opportunity's events",
    description:
      "What happened on the Opportunity, oldest first: the verification, each pro's and the owner's actions, the award, the quotes it closed, completion, review. Each event has an id (evt_…), a type and its payload (data). Page with after: the last event id seen.",
    input: { ownerAccessToken, opportunityId, ...queryArguments(eventsQuery) },
    output: eventsPage,
    effects: READ,
    skill: {
      description: `What happened on the Opportunity, oldest first (after: the last event id seen). ${OWNER_INPUT}`,
      tags: ['owner'],
    },
    run: ({ db, caller }, { ownerAccessToken: token, opportunityId: id, ...query }) =>
      listOwnerEvents(db, caller, tokenDigestOf(token), { opportunityId: id }, asQuery(query)),
  },
  write(
    'owner_send_message',
    'Message a pro',
    'Sends a message (1 to 5000 characters) to the pro of quoteId as the verified owner.',
    ownerWrites.messages,
    additive,
    'Sends a message to the pro of quoteId.',
  ),
  write(
    'owner_answer_missing_info',
    "Answer a pro's questions",
    'Answers (1 to 20 strings) the oldest open missing-info request of the quote.',
    ownerWrites.missingInfo,
    additive,
    'Answers the oldest open missing-info request.',
  ),
  write(
    'owner_select_visit_time',
    'Choose a visit time',
    'Schedules the visit at one of the times the pro proposed (an ISO 8601 date-time with a zone).',
    ownerWrites.selectVisitTime,
    closing,
    'Schedules the visit at one of the proposed times.',
  ),
  write(
    'owner_accept_estimate',
    'Accept an estimate',
    "Awards the work to that estimate's pro; the other submitted estimates and quotes are closed.",
    ownerWrites.acceptEstimate,
    closing,
    "Awards the work to that estimate's pro.",
  ),
  write(
    'owner_mark_complete',
    'Mark the work complete',
    "Marks the awarded quote's work complete.",
    ownerWrites.markComplete,
    closing,
    "Marks the awarded quote's work complete.",
  ),
  write(
    'owner_review',
    'Review the pro',
    "Reviews the awarded pro (rating: whole number 1 to 5; review: 3 to 2000 characters); shown on the pro's profile.",
    ownerWrites.review,
    additive,
    "Reviews the awarded pro (rating 1 to 5, review text); shown on the pro's profile.",
  ),
  write(
    'owner_set_notice_emails',
    'Stop or resume notice e-mails',
    "Stops (send: false) or resumes (send: true) the e-mails telling the owner what the pros did; the Opportunity's events stay readable.",
    ownerWrites.noticeEmails,
    { destructiveHint: false, idempotentHint: true },
    'Stops or resumes the notice e-mails to the owner (input: send).',
  ),
];
