// Where an owner access token may travel (spec, Authentication 4 and 5): the
// x-service-owner-access-token header or a Bearer that is not an API key; for writes also the
// body's ownerAccessToken. Never an API URL: a token there is a 400 that says where it belongs;
// only the page the owner's e-mails link to reads it from its query (routes.ts, ownerPageRouter).
// The rules are the same for the pro's token (src/input/access-token.ts).
import type { Request } from 'express';
import { accessTokenDigestOf, checkedAccessTokenDigest, type AccessTokenKind } from '../input/access-token';

export const OWNER_TOKEN_HEADER = 'x-service-owner-access-token';

const OWNER_TOKEN: AccessTokenKind = {
  name: 'Owner access token',
  article: 'An owner access token',
  header: OWNER_TOKEN_HEADER,
  bodyField: 'ownerAccessToken',
  queryNames: ['ownerAccessToken', 'owner_access_token', 'accessToken', 'access_token', 'token', OWNER_TOKEN_HEADER],
  whereToSend: `Send the token from the confirmation in the ${OWNER_TOKEN_HEADER} header.`,
};

export function ownerTokenDigestOf(req: Request, fromBody: unknown): string {
  return accessTokenDigestOf(req, fromBody, OWNER_TOKEN);
}

/**
 * The token rules wherever it arrives (REST above, MCP tool arguments): 401 when missing or
 * malformed; otherwise the digest the owner operations take (app_private.owner_token_opportunity).
 */
export function checkedOwnerTokenDigest(candidate: string | undefined, whereToSend: string): string {
  return checkedAccessTokenDigest(candidate, OWNER_TOKEN, whereToSend);
}
