// Claiming a listing in the catalog: ask for a claim (a code goes to the listing's own e-mail
// address), verify it with that code (the listing access token comes back once), read and edit
// the claimed listing with the token: the operations of /api/v1/pro/listing-claims and
// /api/v1/pro/listing. The token is an input (listingAccessToken) with REST's 64-hex rule and
// errors; an edit answers a preview unless confirm is true.
import { z } from 'zod';
import { editClaimedListing, readClaimedListing, startListingClaim, verifyListingClaim } from '../claims/operations';
import { claimBody, claimIdPath, editBody, verifyBody } from '../claims/params';
import { checkedListingTokenDigest } from '../claims/token';
import { tokenInput } from './access-token';
import { gatedWrite, type GatedSide } from './gated';
import { READ, type Operation } from './operation';
import { bodyArguments, openObject } from './schemas';

const { schema: listingAccessToken, digestOf: tokenDigestOf } = tokenInput(
  'The listing access token from verify_listing_claim (64 hexadecimal characters).',
  checkedListingTokenDigest,
  'Pass the listing access token as the listingAccessToken input.',
);

const listing = openObject({ slug: z.string(), name: z.string(), isClaimed: z.boolean(), isVerified: z.boolean() });
const claim = openObject({ claimId: z.string(), accessExpiresAt: z.string() });
const tags = ['pro', 'listing'];
const LISTING_EDITS: GatedSide = {
  who: 'pro',
  skillInput: 'Input: listingAccessToken and the fields to change.',
  detail: 'What the edit would change (preview only): each change from and to.',
  tags,
};

export const claimOperations: Operation[] = [
  {
    name: 'claim_listing',
    title: 'Claim a contractor listing',
    description:
      "Asks to claim a listing for its business: a code is e-mailed to the address the listing shows (never to the claimant's). A listing with only a phone number cannot be claimed here (no text messages); a listing claimed by someone else is refused. Verify with verify_listing_claim.",
    input: claimBody,
    output: {
      claimId: z.string(),
      status: z.string(),
      contractorSlug: z.string(),
      contractorName: z.string(),
      verification: openObject({ channel: z.string(), sentTo: z.string(), expiresAt: z.string() }),
    },
    effects: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    skill: {
      description:
        "Asks to claim a listing: a code goes to the e-mail address the listing shows. Input: contractorSlug, claimant {name, email} (the claimant's e-mail is never written to).",
      tags,
    },
    run: ({ db, config, caller, ip }, input) => startListingClaim(db, config, caller, ip, input),
  },
  {
    name: 'verify_listing_claim',
    title: 'Verify a listing claim',
    description:
      "Verifies a claim with the code e-mailed to the listing's address: the listing becomes claimed (isClaimed) and listingAccessToken comes back once, valid 90 days, for get_claimed_listing and edit_claimed_listing. Five wrong codes lock the claim.",
    input: bodyArguments(verifyBody, { claimId: claimIdPath.shape.claimId }),
    output: {
      claimId: z.string(),
      status: z.string(),
      contractorSlug: z.string(),
      isClaimed: z.boolean(),
      listingAccessToken: z.string().describe('Returned once; keep it private.'),
      accessExpiresAt: z.string(),
    },
    effects: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    skill: {
      description:
        "Verifies a claim with the code from the listing's e-mail; returns listingAccessToken once. Input: claimId, verificationCode.",
      tags,
    },
    run: async ({ db, config, caller }, { claimId, ...body }) => ({ ...(await verifyListingClaim(db, config, caller, { claimId }, body)) }),
  },
  {
    name: 'get_claimed_listing',
    title: 'The claimed listing',
    description: 'The claim and the full profile of the listing a listing access token edits.',
    input: { listingAccessToken },
    output: { claim, listing },
    effects: READ,
    skill: { description: 'The claim and full profile of the claimed listing. Input: listingAccessToken.', tags },
    run: ({ db, caller }, { listingAccessToken: token }) => readClaimedListing(db, caller, tokenDigestOf(token)),
  },
  gatedWrite(
    LISTING_EDITS,
    {
      name: 'edit_claimed_listing',
      title: 'Edit the claimed listing',
      description:
        "Changes the fields a business owns on its claimed listing: tagline, about, phone, website, social links, photos (null clears a field). The listing's name, e-mail address, isVerified and the rest are the directory's.",
      skillDescription: "Edits the claimed listing's tagline, about, phone, website, social links or photos.",
      effects: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    bodyArguments(editBody, { listingAccessToken }),
    {
      contractorSlug: z.string().optional(),
      changed: z.array(z.string()).optional().describe('The fields the edit changed.'),
      listing: listing.optional().describe('The edited listing (after the edit).'),
    },
    ({ db, caller }, input) => editClaimedListing(db, caller, input, tokenDigestOf),
  ),
];
