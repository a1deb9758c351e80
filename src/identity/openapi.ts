// Agents' and keys' OpenAPI paths (src/openapi/document.ts assembles them): self-registration,
// the calling account, and minting, listing and revoking API keys.
import * as ex from '../openapi/examples';
import { ok, operation, optionalKey, responses, type Paths } from '../openapi/operation';
import * as r from '../openapi/responses';
import { keyId, newKey, registration } from './params';

/** Registration (answered before admission) and the calling account. */
function accountPaths(): Paths {
  return {
    '/api/agents/register': {
      post: operation({
        operationId: 'registerAgent',
        admitted: false,
        tags: ['Agents and keys'],
        summary: 'Register an agent and get its first public key',
        description:
          'Creates an account and its first public-tier API key, returned once. No human step. Throttled per client address ' +
          '(own hourly allowance, not the API rate limit).',
        security: [{}],
        requestBody: {
          schema: registration,
          example: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: 'ada@example.com',
            password: 'correct horse battery',
            purpose: 'Find diesel mechanics for boat owners',
          },
        },
        responses: responses(
          {
            200: {
              schema: r.registerResponse,
              description: 'The agent and its key (shown once).',
              example: { success: true, data: ex.registration },
            },
          },
          [400, 409, 429],
          false,
          // Registration's own throttle (docs/api.md), and that only well-formed attempts count.
          {
            429:
              'Too many registrations from this client address in the last hour (`REGISTRATIONS_PER_HOUR`, 10 by default). ' +
              'Only well-formed attempts count: a 400 or 415 spends nothing. `Retry-After` gives the seconds to wait.',
          },
        ),
      }),
    },
    '/api/account/me': {
      get: operation({
        operationId: 'getCurrentAccount',
        tags: ['Agents and keys'],
        summary: 'The calling account (null without a key)',
        description: 'The account of the API key in `Authorization`, with whether it may mint admin keys; `data` is null anonymously.',
        security: optionalKey,
        responses: responses(ok(r.meResponse, { success: true, data: ex.me }), [401, 429]),
      }),
    },
  };
}

/** The caller's API keys. */
function apiKeyPaths(): Paths {
  return {
    '/api/v1/user-api-keys': {
      post: operation({
        operationId: 'createApiKey',
        tags: ['Agents and keys'],
        summary: "Mint another key of the caller's tier",
        description: "Mints a new key of the caller's tier (for rotation: mint, switch, revoke the old one). The key is shown once.",
        security: [{ apiKey: [] }],
        requestBody: { schema: newKey, example: { name: 'CI runner' } },
        responses: responses(
          {
            201: {
              schema: r.mintedKeyResponse,
              description: 'The new key (shown once).',
              example: { success: true, data: ex.mintedKey },
            },
          },
          [400, 401, 409, 429],
        ),
      }),
      get: operation({
        operationId: 'listApiKeys',
        tags: ['Agents and keys'],
        summary: "The caller's active keys (never the keys themselves)",
        description: "The account's active keys: name, prefix, tier, when created and last used. Never the key itself.",
        security: [{ apiKey: [] }],
        responses: responses(ok(r.keyListResponse, { success: true, data: { keys: ex.keys } }), [401, 429]),
      }),
    },
    '/api/v1/user-api-keys/{id}': {
      delete: operation({
        operationId: 'revokeApiKey',
        tags: ['Agents and keys'],
        summary: "Revoke one of the caller's keys, at once",
        description: "Revokes one of the account's keys; requests with it are refused (401) from now on.",
        security: [{ apiKey: [] }],
        requestParams: { path: keyId },
        responses: responses(ok(r.revokedKeyResponse, { success: true, data: ex.revokedKey }, 'The revoked key.'), [400, 401, 404, 429]),
      }),
    },
  };
}

export function identityPaths(): Paths {
  return { ...accountPaths(), ...apiKeyPaths() };
}
