// Tells one selected pro about a verified request, with a link to its quote thread. The link's pro
// access token is minted here, just before the send, and only its digest is stored (the job queue
// never holds it). Idempotent: a quote whose pro was already told is skipped; a retried send
// mints a new token, which replaces the unsent one. A pro without an e-mail address is recorded
// as not delivered (and gets no token).
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { mintToken, sha256 } from '../../src/credentials';
import { proPagePath } from '../../src/pro/paths';
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
    if (notice.to !== null) {
      const token = mintToken();
      await call(helpers, 'set_pro_token', [quoteId, sha256(token)]);
      const link = `${deps.publicBaseUrl}${proPagePath(quoteId)}?token=${token}`;
      await deps.mailer.send({ to: notice.to, ...proNotificationEmail({ ...notice, link }) });
    }
    await call(helpers, 'mark_pro_notified', [quoteId, notice.to !== null]);
  };
}
