// Where an owner access token may travel (spec, Authentication 4 and 5): the
// x-service-owner-access-token header or a Bearer that is not an API key; for writes also the
// body's ownerAccessToken. Never the URL: a token there is a 400 that says where it belongs.
// What goes on to SQL is the token's SHA-256 digest (hex), never the token.
import type { Request } from 'express';
import { tokenDigestFromRequest, type TokenPlaces } from '../http/access-token';
import { checkedTokenDigest } from '../input/access-token';

const OWNER_TOKEN: TokenPlaces = {
  name: 'owner access token',
  header: 'x-service-owner-access-token',
  bodyField: 'ownerAccessToken',
  urlNames: ['ownerAccessToken', 'owner_access_token', 'accessToken', 'access_token', 'token', 'x-service-owner-access-token'],
  whereToSend: 'Send the token from the confirmation in the x-service-owner-access-token header.',
};

export function ownerTokenDigestOf(req: Request, fromBody: unknown): string {
  return tokenDigestFromRequest(req, OWNER_TOKEN, fromBody);
}

/**
 * The token rules wherever it arrives (REST above, MCP tool arguments): 401 when missing or
 * malformed; otherwise the digest the owner operations take (app_private.owner_token_opportunity).
 */
export function checkedOwnerTokenDigest(candidate: string | undefined, whereToSend: string): string {
  return checkedTokenDigest(candidate, OWNER_TOKEN.name, whereToSend);
}
