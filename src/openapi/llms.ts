// /llms.txt (https://llmstxt.org): a title, a summary, and links to the documents an agent
// needs, each with a markdown version where the page is HTML.
import { OPENAPI_PATH } from './document';

export const QUICKSTART_MD_PATH = '/developers/quickstart.md';

export function llmsTxt(base: string): string {
  return `# Marine Pros API

> An HTTP JSON API over a network of marine service contractors ("pros"): search them by text, specialty, city and map position, read profiles, articles and blog posts, and start service requests that the boat owner verifies by e-mail. Agents register themselves for an API key, with no human step.

Anonymous reads are allowed but throttled; send \`Authorization: Bearer <key>\` for higher limits. Service requests need the owner's explicit consent. Owner operations need the owner access token, sent in the \`x-service-owner-access-token\` header, never in a URL. Owner writes change nothing until they are sent with \`confirm: true\`. Agents that speak MCP can use the same operations as tools at \`${base}/mcp\` (Streamable HTTP, POST). Agents that speak A2A can use them as skills at \`${base}/a2a\` (JSON-RPC; a text message searches, a data part {"skill", "input"} runs a skill; see the agent card).

## Docs

- [Quickstart](${base}${QUICKSTART_MD_PATH}): register, search, geo-search and the owner request flow, with curl examples (markdown)
- [OpenAPI document](${base}${OPENAPI_PATH}): every operation, parameter, response and error (OpenAPI 3.1, JSON)
- [Agent card](${base}/.well-known/agent-card.json): skills and security schemes (A2A)

## Optional

- [Developer portal](${base}/developers): the reference and a key console (HTML)
- [Help for boat owners](${base}/developers/owners): what the verification e-mail is (HTML)
`;
}

export function quickstartMarkdown(base: string): string {
  const api = `${base}/api/v1/public`;
  return `# Quickstart

## 1. Get an API key

\`\`\`sh
curl -X POST ${base}/api/agents/register -H 'content-type: application/json' \\
  -d '{"firstName": "Ada", "lastName": "Agent", "email": "ada@example.com", "password": "at least 10 characters"}'
\`\`\`

The answer holds \`data.credentials.apiKey\` (\`svc_public_…\`), shown only once. Send it as
\`Authorization: Bearer <apiKey>\`. Public keys get 500 requests per rolling 24 hours; every
response says what is left in \`RateLimit-Remaining\`.

## 2. Search

\`\`\`sh
curl -H "Authorization: Bearer $KEY" '${api}/contractors/search?q=diesel&state=FL&limit=10'
curl -H "Authorization: Bearer $KEY" '${api}/contractors/specialties'
\`\`\`

Follow \`nextCursor\` for the next page (\`cursor=…\`), or use \`page=1..3\` with \`limit\` up to 20.

## 3. Geo-search

\`\`\`sh
curl -H "Authorization: Bearer $KEY" '${api}/contractors/geo-search?lat=26.1224&lng=-80.1373&radiusMiles=10'
curl -H "Authorization: Bearer $KEY" '${api}/contractors/geo-search?minLat=24.5&maxLat=27&minLng=-82.5&maxLng=-79.9'
\`\`\`

Point searches are nearest first and carry \`distanceMiles\`.

## 4. Ask pros for a quote, for a boat owner

Only with the owner's consent. Step 1 creates a draft and e-mails the owner a code and a link:

\`\`\`sh
curl -X POST ${api}/search-mcp/service-requests -H 'content-type: application/json' -d '{
  "owner": {"firstName": "Olivia", "email": "olivia@example.com"},
  "project": {"specialtySlug": "diesel-engines", "location": "Annapolis, MD", "description": "Port diesel overheats at cruising speed."},
  "contractorSlugs": ["<slug from a search>"],
  "ownerConsent": {"confirmed": true, "statement": "Olivia asked me to request quotes."}}'
\`\`\`

Step 2, with the 8-digit code the owner reads to you (or the owner clicks the link):

\`\`\`sh
curl -X POST ${api}/search-mcp/service-requests/<requestId>/confirm -H 'content-type: application/json' \\
  -d '{"verificationCode": "12345678"}'
\`\`\`

The first confirmation returns \`ownerAccessToken\`. With it:

\`\`\`sh
curl -H "x-service-owner-access-token: $OWNER_TOKEN" ${api}/search-mcp/owner/opportunities/<opportunityId>
curl -X POST ${api}/search-mcp/owner/opportunities/<opportunityId>/messages -H 'content-type: application/json' \\
  -H "x-service-owner-access-token: $OWNER_TOKEN" -d '{"quoteId": "<quoteId>", "content": "Can you come Tuesday?", "confirm": true}'
\`\`\`

Without \`"confirm": true\` a write answers 202 with what it would do, and does nothing.

## 5. Get the events pushed (webhooks)

Send step 1 with your key (\`-H "Authorization: Bearer $KEY"\`): the request is then your account's,
and its events (verified, estimate submitted, questions, awarded, ...) are POSTed to your
webhook endpoints, signed per Standard Webhooks:

\`\`\`sh
curl -X POST ${base}/api/v1/webhook-endpoints -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\
  -d '{"url": "https://agent.example.com/hooks/marine"}'     # data.secret (whsec_…) is shown only once
curl -X POST ${base}/api/v1/webhook-endpoints/<id>/test -H "Authorization: Bearer $KEY"
curl -H "Authorization: Bearer $KEY" ${base}/api/v1/webhook-endpoints/<id>/deliveries
\`\`\`

Verify each delivery with the secret (any Standard Webhooks library) and de-duplicate by its
\`webhook-id\`: deliveries come at least once, in order per request, retried for 3 days.
`;
}
