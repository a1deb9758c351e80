// Agents, accounts and API keys as operations: each parses its raw input, calls one SQL function
// and returns plain data (REST door: routes.ts). Keys are minted here and reach SQL only as
// digests (src/credentials.ts).
import type { Config } from '../config';
import { mintApiKey } from '../credentials';
import { ANONYMOUS, type Caller } from '../db/caller';
import type { Database } from '../db/database';
import { parseOrThrow } from '../input/validate';
import { keyId, newKey, registration } from './params';

/** A key as SQL describes it (app_hidden.api_key_json), before the API adds the key it minted. */
interface StoredKey {
  id: string;
  name: string;
  prefix: string;
  tier: 'public' | 'admin';
  createdAt: string;
}

/** Mints a key, has SQL store it (fn's last three arguments) and gives the stored key with the key itself. */
async function withNewKey<T>(
  store: (minted: unknown[]) => Promise<T>,
  keyOf: (result: T) => StoredKey,
): Promise<{ result: T; apiKey: string }> {
  const minted = mintApiKey();
  const result = await store([minted.publicDigest, minted.adminDigest, minted.head]);
  return { result, apiKey: minted.keyFor(keyOf(result).tier) };
}

/**
 * Registers an agent with its first key. `countAttempt` is the door's registration throttle
 * (admission.ts): it runs once the body is well-formed, so an invalid attempt (400) spends none
 * of the allowance; a well-formed one counts whatever follows (a 409 for a known e-mail too).
 */
export async function registerAgent(db: Database, config: Config, input: unknown, countAttempt: () => Promise<void>) {
  const body = parseOrThrow(registration, input, 'body');
  await countAttempt();
  // The password travels as a bound parameter (Database.call), never as SQL text.
  const { result: r, apiKey } = await withNewKey(
    (minted) =>
      db.callJson<{ agent: Record<string, unknown>; key: StoredKey }>(ANONYMOUS, 'app_hidden.register_agent', [
        body.firstName,
        body.lastName,
        body.email,
        body.password,
        body.purpose ?? null,
        ...minted,
      ]),
    (registered) => registered.key,
  );
  const apiBase = `${config.publicBaseUrl}/api/v1/public`;
  return {
    agent: r.agent,
    credentials: {
      email: r.agent.email,
      apiKey,
      apiKeyPrefix: r.key.prefix,
      apiBase,
      howToUse:
        `Send the key as a Bearer token on every request: "Authorization: Bearer ${r.key.prefix}…". ` +
        `Example: curl -H "Authorization: Bearer <apiKey>" "${apiBase}/contractors/search?q=diesel". ` +
        'The key is shown only once: store it now.',
    },
  };
}

/** The caller's account; SQL answers null for an anonymous caller (app_hidden.current_account). */
export function currentAccount(db: Database, caller: Caller): Promise<unknown> {
  return db.callJson(caller, 'app_hidden.current_account', []);
}

export async function mintOwnKey(db: Database, caller: Caller, input: unknown) {
  const body = parseOrThrow(newKey, input, 'body');
  const { result: key, apiKey } = await withNewKey(
    (minted) => db.callJson<StoredKey>(caller, 'app_hidden.mint_own_api_key', [body.name ?? 'API key', ...minted]),
    (stored) => stored,
  );
  return { ...key, apiKey };
}

export function listOwnKeys(db: Database, caller: Caller): Promise<unknown> {
  return db.callJson(caller, 'app_hidden.list_own_api_keys', []);
}

/** `path` is {id} as a path carries it. */
export function revokeOwnKey(db: Database, caller: Caller, path: unknown): Promise<unknown> {
  const { id } = parseOrThrow(keyId, path, 'path');
  return db.callJson(caller, 'app_hidden.revoke_own_api_key', [id]);
}
