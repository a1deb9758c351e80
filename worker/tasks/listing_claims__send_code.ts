// The claim e-mail: a code to the listing's own e-mail address (the claim's sent_to, copied in SQL
// from the listing; never an address the claimant gave). The code is minted here, just before
// the send, and only its digest (bound to the claim) is stored. Idempotent: a claim already sent
// (or verified, superseded, expired) is skipped.
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { mintVerificationCode, verificationDigest } from '../../src/credentials';
import { listingClaimEmail } from '../emails';
import { call, type TaskDeps } from './deps';

const payload = z.object({ claimId: z.uuid() });

interface Claim {
  to: string;
  listingName: string;
  listingSlug: string;
  claimantName: string;
  claimantEmail: string;
  expiresAt: string;
}

export default function sendClaimCode(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { claimId } = payload.parse(raw);
    const claim = await call<Claim | null>(helpers, 'listing_claim_email', [claimId]);
    if (claim === null) return;
    const code = mintVerificationCode();
    await call(helpers, 'set_listing_claim_code', [claimId, verificationDigest(claimId, code)]);
    await deps.mailer.send({ to: claim.to, ...listingClaimEmail({ ...claim, code, claimId }) });
    await call(helpers, 'mark_listing_claim_sent', [claimId]);
    helpers.logger.info(`claim code sent for claim ${claimId}`);
  };
}
