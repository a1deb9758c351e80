// The webhook endpoints' OpenAPI paths (src/openapi/document.ts assembles them; docs/decisions.md,
// "Webhook deliveries"); what the service POSTs to an endpoint is src/openapi/events.ts's.
import * as ex from '../openapi/examples';
import { ok, operation, responses, type Paths, type Security } from '../openapi/operation';
import * as r from '../openapi/responses';
import { deliveriesQuery, newWebhookEndpoint, webhookEndpointId } from './params';

const WEBHOOKS_PATH = '/api/v1/webhook-endpoints';
const WEBHOOK_NOTE =
  "An endpoint receives the shared events of the service requests its account's keys created, POSTed as " +
  '`{type, timestamp, data}` and signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature` ' +
  "with the endpoint's `whsec_` secret). At least once, in event order per request; receivers de-duplicate by `webhook-id`.";

/** The webhook endpoints of the caller's account (docs/decisions.md, "Webhook deliveries"). */
export function webhookPaths(): Paths {
  const tags: [string] = ['Webhooks'];
  const security: Security = [{ apiKey: [] }];
  const one = { path: webhookEndpointId };
  return {
    [WEBHOOKS_PATH]: {
      post: operation({
        operationId: 'createWebhookEndpoint',
        tags,
        summary: 'Add a webhook endpoint (its secret is shown once)',
        description:
          `${WEBHOOK_NOTE} The URL must be https and resolve to public addresses only (private, loopback and link-local ` +
          'ranges are refused, now and at every delivery). At most 5 endpoints per account.',
        security,
        requestBody: { schema: newWebhookEndpoint, example: { url: ex.webhookEndpoint.url, events: ['quote.estimate_submitted'] } },
        responses: responses(
          {
            201: {
              schema: r.createdWebhookEndpointResponse,
              description: 'The endpoint and its secret (shown once).',
              example: { success: true, data: ex.createdWebhookEndpoint },
            },
          },
          [400, 401, 409, 429],
        ),
      }),
      get: operation({
        operationId: 'listWebhookEndpoints',
        tags,
        summary: "The account's webhook endpoints (never their secrets)",
        description: "The caller's account's endpoints with their state: active, failing (since when) or disabled.",
        security,
        responses: responses(ok(r.webhookEndpointListResponse, { success: true, data: { endpoints: [ex.webhookEndpoint] } }), [401, 429]),
      }),
    },
    [`${WEBHOOKS_PATH}/{id}`]: {
      delete: operation({
        operationId: 'deleteWebhookEndpoint',
        tags,
        summary: 'Delete a webhook endpoint',
        description: "Deletes one of the account's endpoints with its secret and deliveries log; nothing more is sent to it.",
        security,
        requestParams: one,
        responses: responses(
          ok(r.deletedWebhookEndpointResponse, { success: true, data: ex.webhookEndpoint }, 'The deleted endpoint.'),
          [400, 401, 404, 429],
        ),
      }),
    },
    [`${WEBHOOKS_PATH}/{id}/deliveries`]: {
      get: operation({
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "An endpoint's delivery attempts, newest first",
        description:
          'Each attempt: the event (`webhookId`, type), when, the HTTP status and the error. A failed delivery is retried with backoff ' +
          '(within a minute, then growing) for 3 days; an endpoint failing that long is disabled and its account e-mailed.',
        security,
        requestParams: { ...one, query: deliveriesQuery },
        responses: responses(
          ok(r.webhookDeliveriesResponse, {
            success: true,
            data: { endpoint: ex.webhookEndpoint, pending: 0, attempts: ex.webhookAttempts },
          }),
          [400, 401, 404, 429],
        ),
      }),
    },
    [`${WEBHOOKS_PATH}/{id}/test`]: {
      post: operation({
        operationId: 'testWebhookEndpoint',
        tags,
        summary: 'Send a signed test event to an endpoint',
        description: 'Queues one `webhook.test` event, signed and sent like the others (one attempt, shown in the deliveries log).',
        security,
        requestParams: one,
        responses: responses(
          {
            202: {
              schema: r.webhookTestResponse,
              description: 'The test delivery is queued.',
              example: { success: true, data: ex.webhookTest },
            },
          },
          [400, 401, 404, 409, 429],
        ),
      }),
    },
  };
}
