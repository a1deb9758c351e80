// Where an owner access token may travel (spec, Authentication 4 and 5): the
// x-service-owner-access-token header or a Bearer that is not an API key; for writes also the
// body's ownerAccessToken. Never the URL: a token there is a 400 that says where it belongs.
// What goes on to SQL is the token's SHA-256 digest (hex), never the token.
import type { Request } from 'express';
import { sha256 } from '../credentials';
import { ApiError } from '../errors';

const TOKEN = /^[0-9a-fA-F]{64}$/;
const URL_NAMES = ['ownerAccessToken', 'owner_access_token', 'accessToken', 'access_token', 'token', 'x-service-owner-access-token'];

export function ownerTokenDigestOf(req: Request, fromBody: unknown): string {
  const inUrl = URL_NAMES.find((name) => name in (req.query as Record<string, unknown>));
  if (inUrl !== undefined) {
    throw new ApiError(
      400,
      `Invalid query parameter '${inUrl}': the owner access token never goes in the URL`,
      'Send it in the x-service-owner-access-token header or as "Authorization: Bearer <token>"; writes also accept the body field ownerAccessToken.',
    );
  }
  const header = req.headers['x-service-owner-access-token'];
  const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const candidate =
    (typeof header === 'string' ? header : undefined) ??
    (bearer !== undefined && !bearer.startsWith('svc_') ? bearer : undefined) ??
    (typeof fromBody === 'string' ? fromBody : undefined);
  return checkedOwnerTokenDigest(candidate, 'Send the token from the confirmation in the x-service-owner-access-token header.');
}

/**
 * The token rules wherever it arrives (REST above, MCP tool arguments): 401 when missing or
 * malformed; otherwise the digest the owner operations take (app_private.owner_token_opportunity).
 */
export function checkedOwnerTokenDigest(candidate: string | undefined, whereToSend: string): string {
  if (candidate === undefined) throw new ApiError(401, 'Owner access token required', whereToSend);
  if (!TOKEN.test(candidate)) throw new ApiError(401, 'Invalid owner access token', 'An owner access token is 64 hexadecimal characters.');
  return sha256(candidate.toLowerCase()).toString('hex');
}
