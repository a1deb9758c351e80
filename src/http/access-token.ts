// Where an access token (owner, listing) may travel on REST: its own header or a Bearer that is not
// an API key (svc_…); for writes also a body field. Never the URL: a token there is a 400 that
// says where it belongs. Answers the token's digest (src/input/access-token.ts).
import type { Request } from 'express';
import { ApiError } from '../errors';
import { checkedTokenDigest } from '../input/access-token';

export interface TokenPlaces {
  /** The token's name in running text ("owner access token"). */
  name: string;
  header: string;
  /** The body field writes accept it in. */
  bodyField: string;
  /** Query parameters that would carry it: refused. */
  urlNames: readonly string[];
  /** The details of a 401 for a missing token. */
  whereToSend: string;
}

export function tokenDigestFromRequest(req: Request, places: TokenPlaces, fromBody: unknown): string {
  const inUrl = places.urlNames.find((name) => name in (req.query as Record<string, unknown>));
  if (inUrl !== undefined) {
    throw new ApiError(
      400,
      `Invalid query parameter '${inUrl}': the ${places.name} never goes in the URL`,
      `Send it in the ${places.header} header or as "Authorization: Bearer <token>"; writes also accept the body field ${places.bodyField}.`,
    );
  }
  const header = req.headers[places.header];
  const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const candidate =
    (typeof header === 'string' ? header : undefined) ??
    (bearer !== undefined && !bearer.startsWith('svc_') ? bearer : undefined) ??
    (typeof fromBody === 'string' ? fromBody : undefined);
  return checkedTokenDigest(candidate, places.name, places.whereToSend);
}
