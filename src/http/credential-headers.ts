// The request headers that carry a credential: Authorization (an API key, or an access token as a
// Bearer) and each access token's own header, named where that token's rules are (the feature's
// token.ts). CORS lets a browser app send each of them (cors.ts), and a response for one
// credential holder varies on them (caching.ts).
import { LISTING_TOKEN_HEADER } from '../claims/token';
import { OWNER_TOKEN_HEADER } from '../owner/token';
import { PRO_TOKEN_HEADER } from '../pro/token';

export const API_KEY_HEADER = 'Authorization';

export const CREDENTIAL_HEADERS: readonly string[] = [API_KEY_HEADER, OWNER_TOKEN_HEADER, PRO_TOKEN_HEADER, LISTING_TOKEN_HEADER];
