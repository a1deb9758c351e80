// Claiming a listing's OpenAPI paths (src/openapi/document.ts assembles them; docs/decisions.md,
// "Claiming a listing"): the claim and its verification, then the claimed listing and its edits
// with the listing access token.
import * as ex from '../openapi/examples';
import { listingToken, ok, operation, optionalKey, responses, type Paths } from '../openapi/operation';
import * as r from '../openapi/responses';
import { claimBody, claimIdPath, editBody, verifyBody } from './params';

/** A claim, and its verification with the e-mailed code. */
function claimPaths(): Paths {
  const tags: [string] = ['Listing claims'];
  return {
    '/api/v1/pro/listing-claims': {
      post: operation({
        operationId: 'claimListing',
        tags,
        summary: "Claim a listing: a code goes to the listing's own e-mail address",
        description:
          "Starts a claim of an active listing. An 8-digit code is e-mailed to the address the listing shows, never to the claimant's " +
          '(which the e-mail shows, so the business knows who asked). A listing with only a phone number cannot be claimed (409: no text ' +
          'messages or calls); a listing claimed by someone else is refused (409; its verified claimant may claim again to renew access). ' +
          "One pending claim per claimant and listing (409). Claims a day (429 with Retry-After): from the listing's own address, 3 of a " +
          'listing, which no one else can use up; from any other claimant, 3 of a listing, 5 per claimant e-mail and 10 per client ' +
          'address (`LISTING_CLAIMS_PER_LISTING`, `LISTING_CLAIMS_PER_CLAIMANT`, `LISTING_CLAIMS_PER_CLIENT`). The claimant name is one ' +
          'line without control characters (400).',
        security: optionalKey,
        requestBody: {
          schema: claimBody,
          example: { contractorSlug: ex.profile.slug, claimant: { name: 'Dana Osprey', email: 'dana@example.com' } },
        },
        responses: responses(
          {
            201: {
              schema: r.listingClaimResponse,
              description: 'The claim; the code is on its way.',
              example: { success: true, data: ex.listingClaim },
            },
          },
          [400, 401, 404, 409, 429],
        ),
      }),
    },
    '/api/v1/pro/listing-claims/{claimId}/verify': {
      post: operation({
        operationId: 'verifyListingClaim',
        tags,
        summary: 'Verify a claim with the e-mailed code; the listing access token comes back once',
        description:
          'Verifies the claim with the code sent to the listing: the listing becomes claimed (`isClaimed`), every other claim of it ends, and ' +
          '`listingAccessToken` (64 hex, valid 90 days) is returned once. Five wrong codes lock the claim (429 until it expires).',
        security: optionalKey,
        requestParams: { path: claimIdPath },
        requestBody: { schema: verifyBody, example: { verificationCode: '24681357' } },
        responses: responses(
          {
            200: {
              schema: r.listingClaimVerifiedResponse,
              description: 'Verified.',
              example: { success: true, data: ex.listingClaimVerified },
            },
          },
          [400, 401, 404, 409, 410, 429],
        ),
      }),
    },
  };
}

/** The claimed listing, and its edits. */
function claimedListingPaths(): Paths {
  const tags: [string] = ['Listing claims'];
  const listing = {
    claim: {
      claimId: ex.listingClaim.claimId,
      claimantName: 'Dana Osprey',
      verifiedAt: '2027-03-08T15:10:00.000Z',
      accessExpiresAt: ex.listingClaimVerified.accessExpiresAt,
    },
    listing: ex.claimedListing,
  };
  return {
    '/api/v1/pro/listing': {
      get: operation({
        operationId: 'getClaimedListing',
        tags,
        summary: 'The claimed listing of a listing access token',
        description: 'The claim and the full profile of the listing the token edits.',
        security: listingToken,
        responses: responses(ok(r.claimedListingResponse, { success: true, data: listing }), [400, 401, 429]),
      }),
    },
    '/api/v1/pro/listing/edits': {
      post: operation({
        operationId: 'editClaimedListing',
        tags,
        summary: 'Edit the fields a business owns on its claimed listing',
        description:
          'Changes any of tagline (1 to 300 characters), about (1 to 5000), phone (7 to 15 digits), website (https), social links (https, ' +
          "on each network's own site) and photos (at most 20, https); null clears a field, and fields left out stay. The name, e-mail " +
          "address, `isVerified` and the rest are the directory's. The change shows at once in search and on the profile. At most 30 edits " +
          'of a listing in 24 hours. Without `confirm: true` nothing changes: the answer is a 202 preview of each change (from, to). The ' +
          'listing access token goes in the `x-service-listing-access-token` header, as a Bearer, or as `listingAccessToken` in the body.',
        security: [...listingToken, {}],
        requestBody: {
          schema: editBody,
          example: {
            tagline: ex.claimedListing.tagline,
            social: { facebook: ex.claimedListing.social.facebook },
            confirm: true,
          },
        },
        responses: responses(
          {
            200: {
              schema: r.listingEditedResponse,
              description: 'Edited (confirm was true).',
              example: {
                success: true,
                data: { contractorSlug: ex.profile.slug, changed: ['social.facebook', 'tagline'], listing: ex.claimedListing },
              },
            },
            202: {
              schema: r.writePreviewResponse,
              description: 'Preview: nothing was changed (confirm was not true).',
              example: {
                success: true,
                confirmationRequired: true,
                writesPerformed: false,
                action: 'edit_listing',
                detail: {
                  contractorSlug: ex.profile.slug,
                  changes: {
                    'social.facebook': { from: null, to: ex.claimedListing.social.facebook },
                    tagline: { from: null, to: ex.claimedListing.tagline },
                  },
                },
              },
            },
          },
          [400, 401, 429],
        ),
      }),
    },
  };
}

export function listingClaimPaths(): Paths {
  return { ...claimPaths(), ...claimedListingPaths() };
}
