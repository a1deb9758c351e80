// Tells one selected pro about a verified request. Idempotent: a quote whose pro was already
// told is skipped. A pro without an e-mail address is recorded as not delivered.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { proNotificationEmail } from '../emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ quoteId: z.uuid() });

interface Notice {
  to: string | null;
  proName: string;
  service: string;
  location: string;
  description: string;
  ownerFirstName: string;
  quoteId: string;
}

export default function notifyPro(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { quoteId } = payload.parse(raw);
    const notice = await call<Notice | null>(helpers, 'pro_notification_email', [quoteId]);
    if (notice === null) return;
    if (notice.to !== null) await deps.mailer.send({ to: notice.to, ...proNotificationEmail(notice) });
    await call(helpers, 'mark_pro_notified', [quoteId, notice.to !== null]);
  };
}
