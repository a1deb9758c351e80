// Sends one recipient everything it was not told yet, in one e-mail (queued by
// app_private.queue_notices, one job per recipient; docs/decisions.md, "Notice e-mails, coalesced").
// The link's token is minted here, just before the send, and only its digest is stored (the job
// queue never holds one): an owner access token for the owner's page, a pro access token for
// the pro's quote page, one per e-mail. Idempotent: the watermark moves after the send, so a
// job run twice sends nothing new, and a failed send is retried with everything.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { mintToken, sha256 } from '../../src/credentials';
import { ownerPagePath } from '../../src/owner/paths';
import { proPagePath } from '../../src/pro/paths';
import { noticeEmail, type Notice } from '../notice-emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ recipientId: z.number().int() });

/** The owner's way to stop these e-mails: its assistant, or the REST write. */
function stopHow(deps: TaskDeps, opportunityId: string): string {
  return `To stop these e-mails (your owner page and your assistant keep every update), ask your assistant to stop notice e-mails, or send {"send": false, "confirm": true} with your owner access token to POST ${deps.publicBaseUrl}/api/v1/public/search-mcp/owner/opportunities/${opportunityId}/notice-emails.`;
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
    const stop = notice.side === 'owner' ? stopHow(deps, notice.opportunityId) : null;
    await deps.mailer.send({ to: notice.to, ...noticeEmail(notice, link, stop) });
    await call(helpers, 'mark_notice_sent', [recipientId, notice.upTo]);
  };
}
