// Tells an account that one of its webhook endpoints failed for too long and was disabled
// (queued by app_private.webhook_record_attempt, once per endpoint).
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { webhookDisabledEmail } from '../emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ endpointId: z.uuid() });

interface Notice {
  to: string;
  firstName: string;
  url: string;
  endpointId: string;
  failingSince: string;
  disabledAt: string;
}

export default function notifyWebhookDisabled(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { endpointId } = payload.parse(raw);
    const notice = await call<Notice | null>(helpers, 'webhook_disabled_email', [endpointId]);
    if (notice === null) return;
    await deps.mailer.send({ to: notice.to, ...webhookDisabledEmail(notice) });
  };
}
