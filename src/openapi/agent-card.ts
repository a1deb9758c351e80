// The A2A agent card (/.well-known/agent-card.json, and agent.json for older clients): who we
// are, how to authenticate, and the skills of the A2A endpoint, which are the operations of the
// catalog (src/catalog/; the A2A endpoint runs the same entries, so the card and the endpoint
// list the same ones). Two readings of one card, as the A2A-Version header asks (the SDK's card
// handler negotiates the same way): A2A 1.0's (supportedInterfaces, JSON-RPC first) and, without
// the header or for 0.3, A2A 0.3's (url + preferredTransport JSONRPC).
import { CATALOG } from '../catalog';

/** Where the A2A endpoint (JSON-RPC) is served: the card announces it, the A2A door serves it. */
export const A2A_PATH = '/a2a';

const NAME = 'Marine Pros API';
const DESCRIPTION =
  'Find marine service contractors (pros) by text, specialty, city and map position, read their profiles, ' +
  'and start owner-verified service requests that ask up to three pros for a quote. ' +
  'Send a text message to search, or a data part {"skill": "<id>", "input": {...}} to run a skill; results come back as data parts.';
const KEY_DESCRIPTION =
  'Optional: svc_public_… or svc_live_… as "Authorization: Bearer <key>" (higher rate limits); register at POST /api/agents/register (no human step). Without a key: anonymous, limited per client address.';
const INPUT_MODES = ['text/plain', 'application/json'];
const OUTPUT_MODES = ['application/json'];

/** The card's skills: each operation of the catalog under its name, in the card's words. */
export const SKILLS = CATALOG.map(({ name, title, skill }) => ({
  id: name,
  name: skill.name ?? title,
  description: skill.description,
  tags: skill.tags,
  examples: skill.examples ?? [],
}));

function common(base: string) {
  return {
    name: NAME,
    description: DESCRIPTION,
    version: '1.0.0',
    provider: { organization: 'Marine Pros', url: base },
    documentationUrl: `${base}/developers`,
    defaultInputModes: INPUT_MODES,
    defaultOutputModes: OUTPUT_MODES,
    skills: SKILLS,
  };
}

/** A2A 1.0's card (JSON as on the wire). */
export function agentCardV1(base: string) {
  const url = `${base}${A2A_PATH}`;
  return {
    ...common(base),
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    securitySchemes: { apiKey: { httpAuthSecurityScheme: { scheme: 'Bearer', description: KEY_DESCRIPTION } } },
    // A key or none (an empty requirement: anonymous access is allowed).
    securityRequirements: [{ schemes: { apiKey: { list: [] } } }, { schemes: {} }],
  };
}

/** A2A 0.3's card (JSON as on the wire). */
export function agentCardV03(base: string) {
  const url = `${base}${A2A_PATH}`;
  return {
    protocolVersion: '0.3.0',
    ...common(base),
    url,
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url, transport: 'JSONRPC' }],
    capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
    securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: KEY_DESCRIPTION } },
    security: [{ apiKey: [] }, {}],
  };
}

/** Whether an A2A-Version header asks for 1.0's card (1.x); absent or anything else gets 0.3's. */
export function wantsA2aV1(a2aVersion: string | undefined): boolean {
  return a2aVersion !== undefined && /^1(\.\d+)?$/.test(a2aVersion.trim());
}
