// Where a pro access token may travel: the x-service-pro-access-token header or a Bearer that is
// not an API key; for writes also the body's proAccessToken. Never an API URL (a 400 that says
// where it belongs); only the page the e-mailed link opens reads it from its query (pages.ts).
// The rules are the owner token's (src/input/access-token.ts).
import type { Request } from 'express';
import { accessTokenDigestOf, checkedAccessTokenDigest, type AccessTokenKind } from '../input/access-token';

export const PRO_TOKEN_HEADER = 'x-service-pro-access-token';

const PRO_TOKEN: AccessTokenKind = {
  name: 'Pro access token',
  article: 'A pro access token',
  header: PRO_TOKEN_HEADER,
  bodyField: 'proAccessToken',
  queryNames: ['proAccessToken', 'pro_access_token', 'accessToken', 'access_token', 'token', PRO_TOKEN_HEADER],
  whereToSend: `Send the token from the link in the e-mail in the ${PRO_TOKEN_HEADER} header.`,
};

export function proTokenDigestOf(req: Request, fromBody: unknown): string {
  return accessTokenDigestOf(req, fromBody, PRO_TOKEN);
}

/** The token rules for a token that arrived elsewhere (the page's link and forms). */
export function checkedProTokenDigest(candidate: string | undefined, whereToSend: string): string {
  return checkedAccessTokenDigest(candidate, PRO_TOKEN, whereToSend);
}
