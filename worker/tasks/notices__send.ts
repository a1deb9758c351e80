// Sends one recipient everything it was not told yet, in one e-mail (queued by
// app_private.queue_notices, one job per recipient; docs/decisions.md, "Notice e-mails, coalesced").
// The link's token is minted here, just before the send, and only its digest is stored (the job
// queue never holds one): an owner access token for the owner's page, a pro access token for
// the pro's quote page, one per e-mail. Idempotent: the watermark moves after the send, so a
// job run twice sends nothing new, and a failed send is retried with everything.
import type { JobHelpers, Task } from 'graphile-worker';
import { z } from 'zod';
import { mintToken, sha256 } from '../../src/credentials';
import { NOTICE_STOP_PATH } from '../../src/notices/paths';
import { ownerPagePath } from '../../src/owner/paths';
import { proPagePath } from '../../src/pro/paths';
import { noticeEmail, type Notice } from '../notice-emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ recipientId: z.number().int() });

/**
 * The owner's stop link, with a stop token of its own (it can do nothing else, so it may be in a
 * URL): the page it opens asks before it stops; mail clients use it for one-click (RFC 8058).
 */
async function stopLink(deps: TaskDeps, helpers: JobHelpers, recipientId: number): Promise<string> {
  const token = mintToken();
  await call(helpers, 'set_notice_stop_token', [recipientId, sha256(token)]);
  return `${deps.publicBaseUrl}${NOTICE_STOP_PATH}?token=${token}`;
}

export default function sendNotices(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { recipientId } = payload.parse(raw);
    const notice = await call<Notice | null>(helpers, 'claim_notice', [recipientId]);
    if (notice === null) return;
    const token = mintToken();
    await call(helpers, 'set_notice_token', [recipientId, sha256(token)]);
    const page = notice.side === 'owner' ? ownerPagePath(notice.opportunityId) : proPagePath(notice.quoteId!);
    const link = `${deps.publicBaseUrl}${page}?token=${token}`;
    const stop = notice.side === 'owner' ? await stopLink(deps, helpers, recipientId) : null;
    const headers = stop === null ? undefined : { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await deps.mailer.send({ to: notice.to, ...noticeEmail(notice, link, stop), headers });
    await call(helpers, 'mark_notice_sent', [recipientId, notice.upTo]);
  };
}
