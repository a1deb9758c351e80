// A test delivery (POST /api/v1/webhook-endpoints/{id}/test): one synthetic webhook.test event,
// signed and sent like the others, one attempt, logged in the endpoint's deliveries.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { call, type TaskDeps } from './deps';
import { deliverOnce } from './webhook_endpoints__deliver';

const payload = z.object({ endpointId: z.uuid(), webhookId: z.string().min(1), createdAt: z.string() });

export default function testWebhook(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { endpointId, webhookId, createdAt } = payload.parse(raw);
    const next = await call<Parameters<typeof deliverOnce>[3] | null>(helpers, 'webhook_test_delivery', [endpointId, webhookId, createdAt]);
    if (next === null) return;
    await deliverOnce(deps, helpers, endpointId, next);
  };
}
