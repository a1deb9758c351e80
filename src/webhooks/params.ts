// Bodies, paths and queries of the webhook endpoints (POST/GET /api/v1/webhook-endpoints,
// DELETE /{id}, GET /{id}/deliveries, POST /{id}/test). The URL's syntax rule is SQL's
// (app_hidden.checked_webhook_url); this only makes sure it is a URL to resolve.
import { z } from 'zod';
import { queryInt } from '../input/validate';

/** The longest URL an endpoint may have (as app_public.webhook_endpoints allows). */
export const WEBHOOK_URL_MAX = 2000;
/** Attempts one deliveries page shows by default, and at most. */
export const DELIVERIES_PAGE = 50;
export const DELIVERIES_MAX = 200;

export const newWebhookEndpoint = z.object({
  url: z
    .string()
    .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an https URL')
    .meta({ description: 'Where events are POSTed: an https URL of a public address.' }),
  events: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'The event types to deliver (for example quote.estimate_submitted); leave out for every shared type.' }),
});

export const webhookEndpointId = z.object({
  id: z.uuid('must be a webhook endpoint id').meta({ description: 'The id of one of your webhook endpoints.' }),
});

export const deliveriesQuery = z.object({
  limit: queryInt(1, DELIVERIES_MAX)
    .optional()
    .meta({ description: `Attempts to show, newest first (default ${DELIVERIES_PAGE}).` }),
});
