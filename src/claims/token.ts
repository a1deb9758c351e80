// Where a listing access token may travel: the x-service-listing-access-token header, a Bearer
// that is not an API key, or, for edits, the body's listingAccessToken. Never the URL: a token
// there is a 400 that says where it belongs. What goes on to SQL is the token's SHA-256 digest
// (hex), never the token (app_private.listing_token_access). The rules are the owner's and the
// pro's tokens' (src/input/access-token.ts).
import type { Request } from 'express';
import { accessTokenDigestOf, checkedAccessTokenDigest, type AccessTokenKind } from '../input/access-token';

export const LISTING_TOKEN_HEADER = 'x-service-listing-access-token';

const LISTING_TOKEN: AccessTokenKind = {
  name: 'Listing access token',
  article: 'A listing access token',
  header: LISTING_TOKEN_HEADER,
  bodyField: 'listingAccessToken',
  queryNames: ['listingAccessToken', 'listing_access_token', 'accessToken', 'access_token', 'token', LISTING_TOKEN_HEADER],
  whereToSend: `Send the token from the claim's verification in the ${LISTING_TOKEN_HEADER} header.`,
};

export function listingTokenDigestOf(req: Request, fromBody: unknown): string {
  return accessTokenDigestOf(req, fromBody, LISTING_TOKEN);
}

/** The token rules wherever it arrives (REST above, the agent doors' input): 401 when missing or malformed. */
export function checkedListingTokenDigest(candidate: string | undefined, whereToSend: string): string {
  return checkedAccessTokenDigest(candidate, LISTING_TOKEN, whereToSend);
}
