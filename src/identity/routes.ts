// Agents, accounts and API keys: POST /api/agents/register, GET /api/account/me and
// /api/v1/user-api-keys (POST mints, GET lists, DELETE /{id} revokes).
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Config } from '../config';
import { mintApiKey } from '../credentials';
import { ANONYMOUS, type Database } from '../db/database';
import { parseOrThrow } from '../input/validate';
import { rateLimitError, requireKey, setRateLimitHeaders } from './admission';

export const registration = z.object({
  firstName: z.string().trim().min(1, 'is required').max(100),
  lastName: z.string().trim().min(1, 'is required').max(100),
  email: z.email('must be an e-mail address').max(254),
  password: z.string().min(10, 'must be at least 10 characters').max(200),
  purpose: z.string().max(2000).optional(),
});

export const newKey = z.object({ name: z.string().trim().min(1).max(100).optional() }).default({});
export const keyId = z.object({ id: z.uuid('must be a key id') });

/** A key as SQL describes it (app_hidden.api_key_json), before the API adds the key it minted. */
interface StoredKey { id: string; name: string; prefix: string; tier: 'public' | 'admin'; createdAt: string }

/** Mints a key, has SQL store it (fn's last three arguments) and gives the stored key with the key itself. */
async function withNewKey<T>(store: (minted: unknown[]) => Promise<T>, keyOf: (result: T) => StoredKey): Promise<{ result: T; apiKey: string }> {
  const minted = mintApiKey();
  const result = await store([minted.publicDigest, minted.adminDigest, minted.head]);
  return { result, apiKey: minted.keyFor(keyOf(result).tier) };
}

/** Agent registration is throttled per client address, so keys cannot be farmed to escape limits. */
function registrationThrottle(db: Database, config: Config): RequestHandler {
  return async (req, res, next) => {
    const rate = await db.callJson<{ allowed: boolean; limit: number; remaining: number; reset: number }>(
      ANONYMOUS, 'app_hidden.rate_limit_hit', [`register:${req.ip ?? 'unknown'}`, config.REGISTRATIONS_PER_HOUR, 3600]);
    setRateLimitHeaders(res, rate);
    if (!rate.allowed) throw rateLimitError(rate, 3600);
    next();
  };
}

export function registrationRouter(db: Database, config: Config): Router {
  const router = Router();
  router.post('/agents/register', registrationThrottle(db, config), async (req, res) => {
    const body = parseOrThrow(registration, req.body, 'body');
    // The password travels as a bound parameter (Database.call), never as SQL text.
    const { result: r, apiKey } = await withNewKey(
      (minted) => db.callJson<{ agent: Record<string, unknown>; key: StoredKey }>(ANONYMOUS, 'app_hidden.register_agent',
        [body.firstName, body.lastName, body.email, body.password, body.purpose ?? null, ...minted]),
      (registered) => registered.key);
    const apiBase = `${config.publicBaseUrl}/api/v1/public`;
    res.json({
      success: true,
      data: {
        agent: r.agent,
        credentials: {
          email: r.agent.email,
          apiKey,
          apiKeyPrefix: r.key.prefix,
          apiBase,
          howToUse: `Send the key as a Bearer token on every request: "Authorization: Bearer ${r.key.prefix}…". `
            + `Example: curl -H "Authorization: Bearer <apiKey>" "${apiBase}/contractors/search?q=diesel". `
            + 'The key is shown only once: store it now.',
        },
      },
    });
  });
  return router;
}

/** Routes behind admission (the caller is known). */
export function accountRouter(db: Database): Router {
  const router = Router();

  router.get('/account/me', async (req, res) => {
    const data = req.caller.userId === null ? null : await db.callJson(req.caller, 'app_hidden.current_account', []);
    res.json({ success: true, data });
  });

  router.post('/v1/user-api-keys', requireKey, async (req, res) => {
    const body = parseOrThrow(newKey, req.body ?? {}, 'body');
    const { result: key, apiKey } = await withNewKey(
      (minted) => db.callJson<StoredKey>(req.caller, 'app_hidden.mint_own_api_key', [body.name ?? 'API key', ...minted]),
      (stored) => stored);
    res.status(201).json({ success: true, data: { ...key, apiKey } });
  });

  router.get('/v1/user-api-keys', requireKey, async (req, res) => {
    res.json({ success: true, data: await db.callJson(req.caller, 'app_hidden.list_own_api_keys', []) });
  });

  router.delete('/v1/user-api-keys/:id', requireKey, async (req, res) => {
    const { id } = parseOrThrow(keyId, req.params, 'path');
    res.json({ success: true, data: await db.callJson(req.caller, 'app_hidden.revoke_own_api_key', [id]) });
  });

  return router;
}
