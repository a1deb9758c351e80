// The quickstart: the API's main journeys as curl commands against this server's own address.
import type { Config } from '../config';
import { esc } from '../html/escape';
import { PORTAL_PATHS as P, type PortalPage } from './layout';

/** A shell example; escaped here, so callers pass plain text. */
const sh = (text: string) => `<pre><code>${esc(text)}</code></pre>`;

export function quickstartPage(config: Config): PortalPage {
  const base = config.publicBaseUrl;
  const api = `${base}/api/v1/public`;
  const requests = `${api}/search-mcp/service-requests`;
  const opportunities = `${api}/search-mcp/owner/opportunities`;
  return {
    title: 'Quickstart',
    path: P.quickstart,
    body: `<h1>Quickstart</h1>
<p>Every example runs as is against <code>${esc(base)}</code>. Responses are JSON; errors are
<code>{"success": false, "error": "…", "details": "…"}</code> with the HTTP status.</p>

<h2 id="register">1. Register and get a key</h2>
<p>Agents register themselves; the answer holds the first key, <strong>once</strong>. (Or use the
<a href="${P.register}">registration form</a>.)</p>
${sh(`curl -X POST ${base}/api/agents/register -H 'content-type: application/json' -d '{
  "firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com",
  "password": "at least 10 characters", "purpose": "Find marine diesel mechanics for boat owners"}'`)}
<p>Keep <code>data.credentials.apiKey</code> (<code>svc_public_</code> and 40 hex digits) secret, and send it
as a Bearer token:</p>
${sh(`export API_KEY=svc_public_...   # from data.credentials.apiKey
curl -H "Authorization: Bearer $API_KEY" ${base}/api/account/me`)}

<h2 id="search">2. Search the directory</h2>
<p>By text, specialty, city and state. Pages continue with <code>cursor</code> set to the previous
answer's <code>nextCursor</code>.</p>
${sh(`curl -H "Authorization: Bearer $API_KEY" '${api}/contractors/search?q=diesel&state=FL&limit=5'
curl -H "Authorization: Bearer $API_KEY" '${api}/contractors/specialties'
curl -H "Authorization: Bearer $API_KEY" '${api}/contractors/search?specialty=diesel-engines&city=Annapolis&state=MD'`)}
<p>A profile, by the <code>slug</code> (or <code>id</code>) of a search result:</p>
${sh(`curl -H "Authorization: Bearer $API_KEY" '${api}/contractors/SLUG'
curl -H "Authorization: Bearer $API_KEY" '${api}/contractors/by-id/ID'`)}

<h2 id="geo-search">3. Search on the map</h2>
<p>Around a point (nearest first, with <code>distanceMiles</code>), or inside a bounding box:</p>
${sh(`curl -H "Authorization: Bearer $API_KEY" '${api}/contractors/geo-search?lat=26.1224&lng=-80.1373&radiusMiles=10'
curl -H "Authorization: Bearer $API_KEY" '${api}/contractors/geo-search?minLat=25.7&maxLat=26.4&minLng=-80.5&maxLng=-80.0&minRating=4'`)}

<h2 id="owner-requests">4. A boat owner's service request</h2>
<p>An assistant asks pros for quotes on an owner's behalf. Nothing reaches any pro until the
owner confirms by e-mail. Both steps are open to trusted client addresses only (others get 403).</p>
<p><strong>Step 1</strong>: create the request (up to 3 pros by slug; none routes it to our coverage team).
The owner gets an e-mail with an 8-digit code and a confirm link.</p>
${sh(`curl -X POST ${requests} -H 'content-type: application/json' -d '{
  "owner": {"firstName": "Olivia", "email": "olivia@example.com"},
  "project": {"specialtySlug": "diesel-engines", "location": "Annapolis, MD",
              "description": "Port diesel overheats at cruise speed."},
  "contractorSlugs": [], "ownerConsent": {"confirmed": true}}'`)}
<p><strong>Step 2</strong>: the owner opens the link, or gives the code to the assistant, which confirms
with the <code>requestId</code> from step 1:</p>
${sh(`curl -X POST ${requests}/REQUEST_ID/confirm -H 'content-type: application/json' \\
  -d '{"verificationCode": "12345678"}'`)}
<p>The answer holds the <code>opportunityId</code>, one quote per pro, and the owner access token
(<code>ownerAccessToken</code>, 64 hex digits), once. It is also e-mailed to the owner.</p>
<p><strong>Step 3</strong>: follow the Opportunity with that token, in a header (never in the URL):</p>
${sh(`export OWNER_TOKEN=...   # data.ownerAccessToken
curl -H "x-service-owner-access-token: $OWNER_TOKEN" ${opportunities}/OPPORTUNITY_ID
curl -H "x-service-owner-access-token: $OWNER_TOKEN" ${opportunities}/OPPORTUNITY_ID/status`)}
<p>Writes (messages, missing-info answers, visit times, accepting an estimate, completion, the review)
answer a 202 preview and change nothing unless the body has <code>"confirm": true</code>:</p>
${sh(`curl -X POST ${opportunities}/OPPORTUNITY_ID/messages -H 'content-type: application/json' \\
  -H "x-service-owner-access-token: $OWNER_TOKEN" \\
  -d '{"quoteId": "QUOTE_ID", "content": "Can you come on Friday?", "confirm": true}'`)}
<p>What owners see: <a href="${P.owners}">the owners' help page</a>.</p>

<h2 id="keys">5. Manage your keys</h2>
<p>At most 2 active keys (5 for administrators). Also in the <a href="${P.console}">key console</a>.</p>
${sh(`curl -X POST -H "Authorization: Bearer $API_KEY" -H 'content-type: application/json' \\
  -d '{"name": "production"}' ${base}/api/v1/user-api-keys      # the new key is shown once
curl -H "Authorization: Bearer $API_KEY" ${base}/api/v1/user-api-keys
curl -X DELETE -H "Authorization: Bearer $API_KEY" ${base}/api/v1/user-api-keys/KEY_ID`)}

<h2 id="limits">Rate limits</h2>
<p>Each response says where you stand: <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and
<code>RateLimit-Reset</code> (seconds until one more request is allowed). Over the limit: 429 with
<code>Retry-After</code>.</p>
${sh(`curl -si -H "Authorization: Bearer $API_KEY" '${api}/contractors/specialties' | grep -i '^ratelimit'`)}`,
  };
}
