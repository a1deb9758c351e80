// Tells the owner that a pro acted in a quote thread (message, questions, visit times,
// estimate, decline). Idempotent: an event the owner was told about is skipped.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { ownerNoticeEmail } from '../emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ eventId: z.number().int() });

interface Notice {
  type: string;
  to: string;
  firstName: string;
  proName: string;
  service: string;
  opportunityId: string;
}

export default function notifyOwner(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { eventId } = payload.parse(raw);
    const notice = await call<Notice | null>(helpers, 'owner_notice', [eventId]);
    if (notice === null) return;
    await deps.mailer.send({ to: notice.to, ...ownerNoticeEmail(notice) });
    await call(helpers, 'mark_owner_notified', [eventId]);
  };
}
