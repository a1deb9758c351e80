// Where a request-flow access token may travel (the owner's and the pro's: docs/decisions.md,
// "Owner access tokens" and "Pro access tokens"): its own header, a Bearer that is not an API key
// (`svc_…`), or, for writes, a body field. Never the URL: a token-like query parameter is a 400
// that says where it belongs. What goes on to SQL is the token's SHA-256 digest (hex), never the
// token.
import type { Request } from 'express';
import { sha256 } from '../credentials';
import { ApiError } from '../errors';

const TOKEN = /^[0-9a-fA-F]{64}$/;

/** One kind of access token: its name in messages, its header and its body field. */
export interface AccessTokenKind {
  /** "Owner access token" */
  name: string;
  /** "An owner access token" */
  article: string;
  header: string;
  bodyField: string;
  /** Query parameters that would be this token: each is a 400. */
  queryNames: string[];
  /** The 401's details when the token is missing from a request. */
  whereToSend: string;
}

export function accessTokenDigestOf(req: Request, fromBody: unknown, kind: AccessTokenKind): string {
  const inUrl = kind.queryNames.find((name) => name in (req.query as Record<string, unknown>));
  if (inUrl !== undefined) {
    throw new ApiError(
      400,
      `Invalid query parameter '${inUrl}': the ${kind.name.toLowerCase()} never goes in the URL`,
      `Send it in the ${kind.header} header or as "Authorization: Bearer <token>"; writes also accept the body field ${kind.bodyField}.`,
    );
  }
  const header = req.headers[kind.header];
  const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const candidate =
    (typeof header === 'string' ? header : undefined) ??
    (bearer !== undefined && !bearer.startsWith('svc_') ? bearer : undefined) ??
    (typeof fromBody === 'string' ? fromBody : undefined);
  return checkedAccessTokenDigest(candidate, kind, kind.whereToSend);
}

/**
 * The token rules wherever it arrives (REST above, MCP and A2A arguments, a page's form): 401
 * when missing or malformed; otherwise the digest the SQL functions take.
 */
export function checkedAccessTokenDigest(candidate: string | undefined, kind: AccessTokenKind, whereToSend: string): string {
  if (candidate === undefined) throw new ApiError(401, `${kind.name} required`, whereToSend);
  if (!TOKEN.test(candidate))
    throw new ApiError(401, `Invalid ${kind.name.toLowerCase()}`, `${kind.article} is 64 hexadecimal characters.`);
  return sha256(candidate.toLowerCase()).toString('hex');
}
