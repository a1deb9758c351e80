// The owner's OpenAPI paths (src/openapi/document.ts assembles them): the reads of the one
// Opportunity its access token is scoped to, its event feed, and its confirm-gated writes.
import type { z } from 'zod';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import * as ex from '../openapi/examples';
import { eventFeed, ok, operation, ownerToken, responses, writeOperation, type Paths, type WriteDoc } from '../openapi/operation';
import * as r from '../openapi/responses';
import {
  acceptEstimateBody,
  markCompleteBody,
  messageBody,
  missingInfoBody,
  noticeEmailsBody,
  opportunityPath,
  reviewBody,
  selectVisitBody,
} from './params';

const owner = '/api/v1/public/search-mcp/owner/opportunities';

/** A read of the owner's Opportunity: the token and the Opportunity's id. */
function ownerRead(operationId: string, summary: string, description: string, schema: z.ZodType, data: unknown): ZodOpenApiOperationObject {
  return operation({
    operationId,
    tags: ['Owner'],
    summary,
    description,
    security: ownerToken,
    requestParams: { path: opportunityPath },
    responses: responses(ok(schema, { success: true, data }), [400, 401, 404, 429]),
  });
}

const PREVIEW_NOTE =
  ' Without `confirm: true` nothing is written: the answer is a 202 preview saying exactly what would be done, to show the owner first. ' +
  'The owner access token goes in the `x-service-owner-access-token` header, as a Bearer, or as `ownerAccessToken` in the body.';

const pro = { quoteId: ex.ids.quoteId, contractorName: ex.quotes[0]!.contractorName };

const ownerWrites: WriteDoc[] = [
  {
    suffix: 'messages',
    operationId: 'ownerSendMessage',
    preview: { action: 'send_message', detail: { ...pro, content: 'Can you come Tuesday morning?' } },
    body: messageBody,
    example: { quoteId: ex.ids.quoteId, content: 'Can you come Tuesday morning?', confirm: true },
    summary: 'Send a message to a pro as the verified owner.',
    description: 'Adds a message from the owner to the conversation with the pro of `quoteId`.',
  },
  {
    suffix: 'missing-info',
    operationId: 'ownerAnswerMissingInfo',
    preview: {
      action: 'answer_missing_info',
      detail: {
        ...pro,
        requestId: ex.opportunity.pros[0]!.conversation.missingInfoRequests[0]!.requestId,
        questions: ['Length of the boat?', 'Hull material?'],
        answers: ['38 ft', 'Fiberglass'],
      },
    },
    body: missingInfoBody,
    example: { quoteId: ex.ids.quoteId, answers: ['38 ft', 'Fiberglass'], confirm: true },
    summary: "Answer a pro's open missing-info request.",
    description: "Answers the oldest open missing-info request of the quote, one answer per question, in the pro's order.",
  },
  {
    suffix: 'select-visit-time',
    operationId: 'ownerSelectVisitTime',
    preview: { action: 'select_visit_time', detail: { ...pro, visitId: ex.ids.visitId, selectedTime: '2027-03-10T14:00:00.000Z' } },
    body: selectVisitBody,
    example: { quoteId: ex.ids.quoteId, visitId: ex.ids.visitId, selectedTime: '2027-03-10T14:00:00.000Z', confirm: true },
    summary: 'Choose one of the visit times a pro proposed (any ISO 8601 spelling of the same instant).',
    description: 'Schedules the visit at one of the proposed times; the time must match one of the options as an instant.',
  },
  {
    suffix: 'accept-estimate',
    operationId: 'ownerAcceptEstimate',
    preview: {
      action: 'accept_estimate',
      detail: { estimateId: ex.ids.estimateId, ...pro, amount: 1850.5, currency: 'USD', closesEstimates: [] },
    },
    body: acceptEstimateBody,
    example: { estimateId: ex.ids.estimateId, confirm: true },
    summary: 'Accept an estimate: awards that pro and closes every other submitted estimate.',
    description: "Awards the work to the estimate's pro; every other pro's submitted estimate and open quote are closed.",
  },
  {
    suffix: 'mark-complete',
    operationId: 'ownerMarkComplete',
    preview: { action: 'mark_complete', detail: pro },
    body: markCompleteBody,
    example: { quoteId: ex.ids.quoteId, confirm: true },
    summary: "Mark the awarded pro's work complete.",
    description: 'Marks the work of the awarded quote complete; the Opportunity becomes `completed` and can be reviewed.',
  },
  {
    suffix: 'review',
    operationId: 'ownerReview',
    preview: {
      action: 'review',
      detail: { ...pro, rating: 5, review: 'Found the blocked raw water intake in an hour and explained everything.' },
    },
    body: reviewBody,
    example: {
      quoteId: ex.ids.quoteId,
      rating: 5,
      review: 'Found the blocked raw water intake in an hour and explained everything.',
      confirm: true,
    },
    summary: "Review the completed work; the review appears on the pro's profile.",
    description: "Reviews the awarded pro's completed work once; the review is shown on the pro's public profile.",
  },
  {
    suffix: 'notice-emails',
    operationId: 'ownerSetNoticeEmails',
    preview: { action: 'set_notice_emails', detail: { send: false } },
    body: noticeEmailsBody,
    example: { send: false, confirm: true },
    summary: 'Stop or resume the notice e-mails about this Opportunity.',
    description:
      "`send: false` stops the e-mails telling the owner what the pros did (nothing that happens while stopped is e-mailed later); `send: true` resumes them from then on. The Opportunity's events stay readable.",
  },
];
/** The Opportunity, its events and the owner's writes. */
export function ownerPaths(): Paths {
  const ownerSide = {
    tag: 'Owner',
    security: ownerToken,
    path: opportunityPath,
    note: PREVIEW_NOTE,
    done: { schema: r.writeDoneResponse, example: { success: true, data: { opportunityId: ex.ids.opportunityId } } },
  };
  return {
    [owner]: {
      get: operation({
        operationId: 'listOwnerOpportunities',
        tags: ['Owner'],
        summary: 'The one Opportunity the token is scoped to',
        description: 'A list with the one Opportunity the owner access token is scoped to, in full.',
        security: ownerToken,
        responses: responses(
          ok(r.opportunityListResponse, {
            success: true,
            data: { opportunities: [ex.opportunity], ownerAccessScope: 'single_opportunity' },
          }),
          [400, 401, 429],
        ),
      }),
    },
    [`${owner}/{opportunityId}`]: {
      get: ownerRead(
        'getOwnerOpportunity',
        'The Owner Opportunity',
        'The Opportunity with every pro thread: messages, missing-info requests, estimates, visits and review.',
        r.opportunityResponse,
        ex.opportunity,
      ),
    },
    [`${owner}/{opportunityId}/status`]: {
      get: ownerRead(
        'getOwnerOpportunityStatus',
        'Status and per-pro status',
        "The derived status of the Opportunity and of each pro's quote, with counts of what awaits the owner.",
        r.statusResponse,
        ex.opportunityStatus,
      ),
    },
    [`${owner}/{opportunityId}/visit-options`]: {
      get: ownerRead(
        'listOwnerVisitOptions',
        'Visit times the pros proposed',
        'The visits the pros proposed, with their time options; choose one with select-visit-time.',
        r.visitOptionsResponse,
        ex.visitOptions,
      ),
    },
    [`${owner}/{opportunityId}/events`]: {
      get: eventFeed(
        'listOwnerOpportunityEvents',
        'Owner',
        "The Opportunity's events",
        "What happened on the Opportunity, oldest first: the verification, each pro's and the owner's actions on every quote, the award and the quotes it closed, completion, review. Page with `after` (the last event id seen); each type's payload is its entry in `webhooks`.",
        ownerToken,
        opportunityPath,
      ),
    },
    ...Object.fromEntries(ownerWrites.map((w) => [`${owner}/{opportunityId}/${w.suffix}`, { post: writeOperation(w, ownerSide) }])),
  };
}
