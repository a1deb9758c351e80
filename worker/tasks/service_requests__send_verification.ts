// The verification e-mail of a new draft. The code and token are minted here, just before the
// send, and only their digests are stored: neither the job queue nor any table holds them.
// Idempotent: a draft that was already sent (or promoted, or expired) is skipped.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { mintToken, mintVerificationCode, verificationDigest } from '../../src/credentials';
import { verificationEmail } from '../emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ requestId: z.uuid() });

interface Draft {
  to: string;
  firstName: string;
  service: string;
  location: string;
  description: string;
  pros: string[];
  expiresAt: string;
}

export default function sendVerification(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { requestId } = payload.parse(raw);
    const draft = await call<Draft | null>(helpers, 'verification_email', [requestId]);
    if (draft === null) return;
    const code = mintVerificationCode();
    const token = mintToken();
    await call(helpers, 'set_verification_credentials', [
      requestId,
      verificationDigest(requestId, code),
      verificationDigest(requestId, token),
    ]);
    const link = `${deps.publicBaseUrl}/api/v1/public/search-mcp/service-requests/${requestId}/confirm?token=${token}`;
    await deps.mailer.send({ to: draft.to, ...verificationEmail({ ...draft, code, link }) });
    await call(helpers, 'mark_verification_sent', [requestId]);
    helpers.logger.info(`verification e-mail sent for request ${requestId}`);
  };
}
