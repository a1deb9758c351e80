// The event log in the OpenAPI document: the feeds' response, and the `webhooks` section (one
// entry per shared type: the Standard Webhooks envelope with the type's payload and an example),
// both built from the one registry of types (src/events/types.ts).
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { SHARED_EVENT_TYPES, type EventType } from '../events/types';
import * as ex from './examples';

const uuid = z.string().meta({ format: 'uuid' });
const time = z.string().meta({ format: 'date-time' });
const eventId = z
  .string()
  .regex(/^evt_[0-9]+$/)
  .meta({ description: 'The event id: increasing in the order the changes committed; a feed\u2019s `after`.', example: 'evt_1042' });

const SHARED_TYPES = SHARED_EVENT_TYPES.map((e) => e.type) as [string, ...string[]];

/** One event as the feeds and the webhooks carry it, with its type and payload schema. */
function eventOf(type: z.ZodType, data: z.ZodType) {
  return z.object({
    id: eventId,
    type,
    createdAt: time.meta({ description: 'When the change committed (ISO 8601, UTC).' }),
    requestId: uuid.meta({ description: 'The service request.' }),
    opportunityId: uuid.nullable().meta({ description: 'The Opportunity; null before verification (request.lapsed).' }),
    quoteId: uuid.nullable().meta({ description: 'The quote (pro thread) the event is about; null for the Opportunity as a whole.' }),
    data,
  });
}

export const feedEvent = eventOf(
  z.enum(SHARED_TYPES).meta({ description: 'The event type (docs/events.md; each has an entry in `webhooks`).' }),
  z.looseObject({}).meta({ description: "The type's payload: what happened (its schema is the type's entry in `webhooks`)." }),
).meta({ id: 'Event' });

export const eventsPageResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      events: z.array(feedEvent).meta({ description: 'Oldest first.' }),
      nextCursor: z.string().nullable().meta({
        description: 'Pass as `after` for the next page while the page was full; null once caught up (poll later with the last event id).',
      }),
    }),
  })
  .meta({ id: 'EventPage' });

/** The example event of a type, with ids where the type has them. */
function exampleEvent(e: EventType, n: number) {
  const quoteLevel = e.type.startsWith('quote.');
  return {
    id: `evt_${1040 + n}`,
    type: e.type,
    createdAt: '2027-01-14T14:00:00.000Z',
    requestId: ex.ids.requestId,
    opportunityId: e.type === 'request.lapsed' ? null : ex.ids.opportunityId,
    quoteId: quoteLevel ? ex.ids.quoteId : null,
    data: e.example,
  };
}

export const eventsPageExample = {
  success: true,
  data: {
    events: ['quote.estimate_submitted', 'quote.awarded'].map((type, i) =>
      exampleEvent(
        SHARED_EVENT_TYPES.find((e) => e.type === type)!,
        i,
      ),
    ),
    nextCursor: null,
  },
};

const webhookHeaders = z.object({
  'webhook-id': z.string().meta({
    description: 'The message id (Standard Webhooks): the same on every retry of one delivery; drop a message whose id you have seen.',
    example: 'msg_2Yh3vK9qT1',
  }),
  'webhook-timestamp': z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description: 'Unix seconds when this attempt was signed; refuse one far from your clock (replays).', example: '1799935201' }),
  'webhook-signature': z.string().meta({
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256, keyed with the endpoint\u2019s secret, of `{webhook-id}.{webhook-timestamp}.{raw body}`.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
});

const camel = (type: string) => type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase());
const pascal = (type: string) => camel(type).replace(/^[a-z]/, (c) => c.toUpperCase());

/** Each shared type's envelope, made once: a schema's id may be registered only once. */
const ENVELOPES = new Map(
  SHARED_EVENT_TYPES.map((e) => [
    e.type,
    z
      .object({
        type: z.literal(e.type),
        timestamp: time.meta({ description: 'When the delivery was made (ISO 8601, UTC).' }),
        data: eventOf(z.literal(e.type), e.payload.meta({ id: `${pascal(e.type)}Payload` })),
      })
      .meta({ id: `${pascal(e.type)}Webhook` }),
  ]),
);

function webhook(e: EventType, n: number): ZodOpenApiOperationObject {
  const envelope = ENVELOPES.get(e.type)!;
  const example = exampleEvent(e, n);
  return {
    operationId: `${camel(e.type)}Webhook`,
    tags: ['Webhooks'],
    summary: e.type,
    description: `${e.description} Sent to every webhook endpoint subscribed to \`${e.type}\` (Standard Webhooks: verify the signature before trusting the body).`,
    security: [],
    requestParams: { header: webhookHeaders },
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: envelope, example: { type: e.type, timestamp: '2027-01-14T14:00:01.000Z', data: example } },
      },
    },
    responses: { '200': { description: 'Received: any 2xx answer acknowledges the delivery; anything else is retried.' } },
  };
}

/** The document's `webhooks`: one entry per shared type, named after it. */
export function webhooks(): ZodOpenApiPathsObject {
  return Object.fromEntries(SHARED_EVENT_TYPES.map((e, n) => [e.type, { post: webhook(e, n) }]));
}
