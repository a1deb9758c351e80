// E-mails the owner an access token of its own after confirmation (minted here; only its digest
// is stored), and the link to the owner's page with it. Idempotent: skipped once sent.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { mintToken, sha256 } from '../../src/credentials';
import { ownerPagePath } from '../../src/owner/paths';
import { ownerAccessEmail } from '../emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ opportunityId: z.uuid() });

interface Notice {
  to: string;
  firstName: string;
  service: string;
  location: string;
  pros: string[];
  opportunityId: string;
}

export default function sendOwnerAccess(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { opportunityId } = payload.parse(raw);
    const notice = await call<Notice | null>(helpers, 'owner_access_email', [opportunityId]);
    if (notice === null) return;
    const token = mintToken();
    await call(helpers, 'set_owner_email_token', [opportunityId, sha256(token)]);
    const link = `${deps.publicBaseUrl}${ownerPagePath(opportunityId)}?token=${token}`;
    await deps.mailer.send({ to: notice.to, ...ownerAccessEmail({ ...notice, token, link }) });
    await call(helpers, 'mark_owner_access_sent', [opportunityId]);
  };
}
