// The event types of the request flow and their payloads: the one TypeScript list, equal to
// app_public.event_types (test/db/events.test.ts holds them equal and validates every event the
// SQL writes against its payload schema here). The OpenAPI document's `webhooks` section is built
// from it (test/unit/event-types.test.ts); docs/events.md describes it.
import { z } from 'zod';

const id = z.uuid();
const time = z.iso.datetime().meta({ description: 'ISO 8601, UTC, with milliseconds.' });
const amount = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .meta({ description: "A decimal string with the currency's decimals (never a binary float).", example: '1850.50' });
const contractorName = z.string().meta({ description: "The quote's pro." });

/** A quote.* payload: every one names the quote's pro. */
const quote = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ contractorName, ...shape });
const none = z.strictObject({});

export interface EventType {
  type: string;
  /** The parties (owner, the quote's pro, the agent that made the request) see it; else staff only. */
  shared: boolean;
  description: string;
  payload: z.ZodObject;
  example: Record<string, unknown>;
}

const t = (type: string, shared: boolean, description: string, payload: z.ZodObject, example: Record<string, unknown>): EventType => ({
  type,
  shared,
  description,
  payload,
  example,
});

const NAME = 'Cape May Woodworks';
const EXAMPLE_IDS = {
  message: '5c4e1f0a-3b7d-4e2a-9f61-0d8c2b7a9e13',
  info: '0b6d1c9e-6a3f-4f0e-8d2a-7e5b9c1f3a24',
  visit: 'e578420f-9b98-4b78-9931-886647becd8c',
  estimate: '2b0a01f9-177c-4f6a-98e5-e5b48c23a4ec',
  earlier: '8f3c2a1d-4b5e-4c6f-9a7b-1d2e3f4a5b6c',
  quote: 'acd507d5-4653-49a1-98cc-b31d783d0a3c',
};
const QUESTIONS = ['How long is the boat?', 'Is she on a trailer or in the water?'];
const ESTIMATE = { amount: '1850.50', currency: 'USD', description: 'Haul out, strip and two coats of antifouling' };

export const EVENT_TYPES: readonly EventType[] = [
  t('request.created', false, 'An assistant created a draft request; the owner has not verified it.', z.strictObject({ pros: z.int() }), {
    pros: 2,
  }),
  t('request.verification_sent', false, 'The verification e-mail went to the owner.', none, {}),
  t('request.verification_failed', false, 'A wrong verification code or token was tried.', z.strictObject({ attempt: z.int() }), {
    attempt: 1,
  }),
  t(
    'request.verified',
    true,
    'The owner verified the request: it is now an Opportunity with its quote threads.',
    z.strictObject({
      service: z.string(),
      location: z.string(),
      description: z.string(),
      quotes: z.array(z.strictObject({ quoteId: id, contractorName })),
    }),
    {
      service: 'Bottom painting',
      location: 'Annapolis, MD',
      description: 'Blistered bottom paint needs stripping.',
      quotes: [{ quoteId: EXAMPLE_IDS.quote, contractorName: NAME }],
    },
  ),
  t('request.lapsed', true, 'The draft was not verified in time; nothing was sent to any pro.', z.strictObject({ expiredAt: time }), {
    expiredAt: '2026-12-02T09:15:00.000Z',
  }),
  t('opportunity.no_coverage', true, 'No pro could be asked; the coverage team looks for one.', none, {}),
  t('opportunity.coverage_notified', false, 'The coverage team was told about an Opportunity without a pro.', none, {}),
  t('opportunity.owner_access_sent', false, 'The owner access e-mail went to the owner.', none, {}),
  t(
    'quote.pro_contacted',
    true,
    'The pro was sent the request (or has no e-mail address, when delivered is false).',
    quote({ delivered: z.boolean() }),
    { contractorName: NAME, delivered: true },
  ),
  t('quote.pro_message_sent', true, 'The pro sent the owner a message.', quote({ messageId: id, content: z.string() }), {
    contractorName: NAME,
    messageId: EXAMPLE_IDS.message,
    content: 'I can look at her on Thursday.',
  }),
  t('quote.info_requested', true, 'The pro asked the owner questions.', quote({ infoRequestId: id, questions: z.array(z.string()) }), {
    contractorName: NAME,
    infoRequestId: EXAMPLE_IDS.info,
    questions: QUESTIONS,
  }),
  t('quote.visit_times_proposed', true, 'The pro proposed times for a visit.', quote({ visitId: id, times: z.array(time) }), {
    contractorName: NAME,
    visitId: EXAMPLE_IDS.visit,
    times: ['2027-01-14T14:00:00.000Z', '2027-01-15T18:30:00.000Z'],
  }),
  t(
    'quote.estimate_submitted',
    true,
    "The pro sent an estimate (it supersedes the pro's earlier one).",
    quote({
      estimateId: id,
      amount,
      currency: z.string().length(3),
      description: z.string().nullable(),
      validUntil: z.iso.date().nullable(),
      supersedes: id.nullable().meta({ description: "The pro's earlier estimate this one replaces, if any." }),
    }),
    { contractorName: NAME, estimateId: EXAMPLE_IDS.estimate, ...ESTIMATE, validUntil: '2027-02-28', supersedes: EXAMPLE_IDS.earlier },
  ),
  t('quote.declined', true, 'The pro declined the request.', quote({ reason: z.string() }), {
    contractorName: NAME,
    reason: 'Fully booked until spring.',
  }),
  t('quote.owner_message_sent', true, 'The owner sent the pro a message.', quote({ messageId: id, content: z.string() }), {
    contractorName: NAME,
    messageId: EXAMPLE_IDS.message,
    content: 'Thursday works, she is on C dock.',
  }),
  t(
    'quote.info_provided',
    true,
    "The owner answered the pro's questions.",
    quote({ infoRequestId: id, questions: z.array(z.string()), answers: z.array(z.string()) }),
    { contractorName: NAME, infoRequestId: EXAMPLE_IDS.info, questions: QUESTIONS, answers: ['34 ft', 'In the water'] },
  ),
  t('quote.visit_time_selected', true, 'The owner picked one of the proposed visit times.', quote({ visitId: id, time }), {
    contractorName: NAME,
    visitId: EXAMPLE_IDS.visit,
    time: '2027-01-14T14:00:00.000Z',
  }),
  t(
    'quote.awarded',
    true,
    "The owner accepted this quote's estimate: the pro has the job.",
    quote({ estimateId: id, amount, currency: z.string().length(3), description: z.string().nullable() }),
    { contractorName: NAME, estimateId: EXAMPLE_IDS.estimate, ...ESTIMATE },
  ),
  t('quote.closed', true, 'The quote closed because the owner awarded another pro.', quote({ reason: z.literal('awarded_elsewhere') }), {
    contractorName: NAME,
    reason: 'awarded_elsewhere',
  }),
  t('quote.completed', true, 'The owner marked the work complete.', quote({}), { contractorName: NAME }),
  t('quote.reviewed', true, 'The owner reviewed the pro.', quote({ rating: z.number().min(1).max(5).multipleOf(0.5), text: z.string() }), {
    contractorName: NAME,
    rating: 4.5,
    text: 'Came when he said, and the bottom looks new.',
  }),
];

export const SHARED_EVENT_TYPES = EVENT_TYPES.filter((e) => e.shared);

/** The registry entry of a type; undefined for a type this list does not know. */
export const eventType = (type: string): EventType | undefined => EVENT_TYPES.find((e) => e.type === type);
