// Claiming a listing and editing it (docs/decisions.md, "Claiming a listing"), for every door
// (REST: routes.ts; the agent doors: src/catalog/claims.ts). Each parses its raw input, calls one
// SQL function and returns plain data; the rules (who may claim, limits, what an edit may hold)
// are the database's. The listing's SQL runs as the anonymous role once claimed: the listing
// access token's digest is the credential, not an API key. The start runs as the caller, so a
// keyed claim records its user.
import type { Config } from '../config';
import { mintToken, sha256, verificationDigest } from '../credentials';
import { asTokenHolder, type Caller } from '../db/caller';
import type { Database } from '../db/database';
import { parseOrThrow } from '../input/validate';
import type { Preview } from '../owner/operations';
import { claimBody, claimIdPath, editBody, verifyBody } from './params';

type Json = Record<string, unknown>;

export interface VerifiedClaim {
  claimId: string;
  status: 'verified';
  contractorSlug: string;
  isClaimed: true;
  listingAccessToken: string;
  accessExpiresAt: string;
}

export type ListingEdit = Preview | { contractorSlug: string; changed: string[]; listing: Json };

/**
 * A claim: the code goes to the listing's own e-mail address (queued in the same transaction).
 * `ip` is the client's address (Express' req.ip), one of the claim attempt limits' counts.
 */
export function startListingClaim(db: Database, config: Config, caller: Caller, ip: string, body: unknown): Promise<Json> {
  const b = parseOrThrow(claimBody, body, 'body');
  return db.callJson<Json>(caller, 'app_hidden.listing_claim_start', [
    b.contractorSlug,
    b.claimant.name,
    b.claimant.email,
    ip,
    config.VERIFICATION_LIFETIME_SECONDS,
    config.LISTING_CLAIMS_PER_LISTING,
    config.LISTING_CLAIMS_PER_CLAIMANT,
    config.LISTING_CLAIMS_PER_CLIENT,
  ]);
}

/** The code back: the listing is claimed, and the listing access token (minted here) is returned once. */
export async function verifyListingClaim(
  db: Database,
  config: Config,
  caller: Caller,
  path: unknown,
  body: unknown,
): Promise<VerifiedClaim> {
  const { claimId } = parseOrThrow(claimIdPath, path, 'path');
  const { verificationCode } = parseOrThrow(verifyBody, body, 'body');
  // The token is minted here; SQL stores its digest and says whether it was issued.
  const token = mintToken();
  const verified = await db.callJson<VerifiedClaim>(caller, 'app_hidden.listing_claim_verify', [
    claimId,
    verificationDigest(claimId, verificationCode),
    config.VERIFICATION_MAX_ATTEMPTS,
    sha256(token),
  ]);
  return { ...verified, listingAccessToken: token };
}

/** The claim and the listing's full profile, for a listing access token's digest. */
export function readClaimedListing(db: Database, caller: Caller, tokenDigest: string): Promise<Json> {
  return db.callJson<Json>(asTokenHolder(caller), 'app_hidden.listing_get', [tokenDigest]);
}

/**
 * An edit, confirm-gated: parses the body, then has the door find the token (the body may carry
 * it); without confirm: true the SQL function checks everything and changes nothing (the preview).
 */
export function editClaimedListing(
  db: Database,
  caller: Caller,
  body: unknown,
  tokenDigestOf: (bodyToken: string | undefined) => string,
): Promise<ListingEdit> {
  const { listingAccessToken, confirm, ...changes } = parseOrThrow(editBody, body, 'body');
  const tokenDigest = tokenDigestOf(listingAccessToken);
  return db.callJson<ListingEdit>(asTokenHolder(caller), 'app_hidden.listing_edit', [
    tokenDigest,
    JSON.stringify(changes),
    confirm === true,
  ]);
}
