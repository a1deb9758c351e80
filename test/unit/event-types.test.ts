// The OpenAPI document's `webhooks` section from the one registry of event types
// (src/events/types.ts): one entry per shared type, none for a staff-only one, each a POST of the
// Standard Webhooks envelope whose example's payload passes the type's payload schema. (The
// registry equals app_public.event_types, and every event the SQL writes passes its schema:
// test/db/events.test.ts.)
import { EVENT_TYPES, SHARED_EVENT_TYPES } from '../../src/events/types';
import { buildDocument } from '../../src/openapi/document';

type Json = Record<string, any>;
const doc = buildDocument('https://marinepros.example') as Json;

test('one webhook per shared type, none for a staff-only type', () => {
  expect(Object.keys(doc.webhooks).sort()).toEqual(SHARED_EVENT_TYPES.map((e) => e.type).sort());
  expect(EVENT_TYPES.filter((e) => !e.shared).some((e) => e.type in doc.webhooks)).toBe(false);
});

test.each(SHARED_EVENT_TYPES.map((e) => [e.type, e] as const))(
  '%s: the envelope, its headers and an example its schema takes',
  (type, e) => {
    const post = doc.webhooks[type].post as Json;
    expect(post.parameters.map((p: Json) => [p.in, p.name, p.required])).toEqual([
      ['header', 'webhook-id', true],
      ['header', 'webhook-timestamp', true],
      ['header', 'webhook-signature', true],
    ]);
    const { example } = post.requestBody.content['application/json'];
    expect(example).toMatchObject({ type, timestamp: expect.any(String), data: { id: expect.stringMatching(/^evt_\d+$/), type } });
    expect(e.payload.safeParse(example.data.data).success).toBe(true);
    expect(e.payload.safeParse({ ...example.data.data, extra: 1 }).success).toBe(false);
  },
);
