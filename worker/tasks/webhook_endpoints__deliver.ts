// Delivers the pending events of one endpoint and one request, oldest first (queued by
// app_private.queue_webhook_deliveries). It stops at the first failure and throws, so
// graphile-worker retries it with its backoff and the later events wait: order per request
// (and so per Opportunity) holds, and every event arrives once the receiver recovers. Jobs run at
// least once; receivers de-duplicate by webhook-id (the event's evt_ id, the same on every retry).
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { call, type TaskDeps } from './deps';

const payload = z.object({ endpointId: z.uuid(), requestId: z.uuid() });

interface Next {
  url: string;
  secret: string;
  eventId: number | null;
  webhookId: string;
  type: string;
  body: string;
}

/** Sends one delivery and records the attempt; answers the error, or null when delivered. */
export async function deliverOnce(deps: TaskDeps, helpers: Parameters<Task>[1], endpointId: string, next: Next) {
  const outcome = await deps.webhooks.send(next);
  const recorded = await call<{ stop: boolean }>(helpers, 'webhook_record_attempt', [
    endpointId,
    next.eventId,
    next.webhookId,
    next.type,
    outcome.statusCode,
    outcome.error,
    outcome.durationMs,
  ]);
  return { error: outcome.error, stop: recorded.stop };
}

export default function deliverWebhooks(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { endpointId, requestId } = payload.parse(raw);
    for (;;) {
      const next = await call<Next | null>(helpers, 'webhook_next_delivery', [endpointId, requestId]);
      if (next === null) return;
      const { error, stop } = await deliverOnce(deps, helpers, endpointId, next);
      if (error !== null) {
        // Disabled (or deleted): nothing more to send, so no retry either.
        if (stop) return;
        throw new Error(`webhook ${next.webhookId} not delivered: ${error}`);
      }
    }
  };
}
