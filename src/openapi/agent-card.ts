// The A2A agent card (/.well-known/agent.json and agent-card.json): who we are, how to
// authenticate, and what an agent can do here, with links to the OpenAPI document and MCP.
import { OPENAPI_PATH } from './document';

export function agentCard(base: string) {
  return {
    protocolVersion: '0.3.0',
    name: 'Marine Pros API',
    description:
      'Find marine service contractors (pros) by text, specialty, city and map position, read their profiles, ' +
      'and start owner-verified service requests that ask up to three pros for a quote.',
    version: '1.0.0',
    url: `${base}/mcp`,
    preferredTransport: 'HTTP+JSON',
    additionalInterfaces: [
      { url: `${base}/mcp`, transport: 'MCP (Streamable HTTP)' },
      { url: `${base}/api/v1/public`, transport: 'HTTP+JSON' },
    ],
    provider: { organization: 'Marine Pros', url: base },
    documentationUrl: `${base}/developers`,
    openapiUrl: `${base}${OPENAPI_PATH}`,
    capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
    securitySchemes: {
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'svc_public_… or svc_live_…; register at POST /api/agents/register (no human step).',
      },
      ownerToken: {
        type: 'apiKey',
        in: 'header',
        name: 'x-service-owner-access-token',
        description: 'The owner access token from a confirmed request.',
      },
    },
    security: [{ apiKey: [] }],
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: [
      {
        id: 'search-contractors',
        name: 'Search contractors',
        tags: ['search', 'marine', 'contractors'],
        description: 'Full-text search with specialty, city and state filters.',
        examples: ['diesel mechanics in Florida', 'canvas shops in Annapolis'],
      },
      {
        id: 'geo-search',
        name: 'Find contractors near a place',
        tags: ['geo', 'map'],
        description: 'Contractors within a radius of a point, nearest first, or inside a map bounding box.',
        examples: ['hull cleaning within 10 miles of 26.12,-80.14'],
      },
      {
        id: 'contractor-profile',
        name: 'Read a contractor profile',
        tags: ['profile'],
        description: 'Contact details, specialties, reviews, photos and badges of one contractor.',
      },
      {
        id: 'request-quotes',
        name: 'Request quotes for a boat owner',
        tags: ['service-request', 'owner'],
        description: "With the owner's consent, ask up to three pros for a quote; the owner verifies by e-mail before anyone is contacted.",
      },
      {
        id: 'work-an-opportunity',
        name: 'Follow up a request for the owner',
        tags: ['owner'],
        description:
          'With the owner access token: read the quotes, message pros, answer questions, pick visit times, accept an estimate, review.',
      },
    ],
  };
}
