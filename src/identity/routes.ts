// Agents, accounts and API keys, the REST door: POST /api/agents/register, GET /api/account/me
// and /api/v1/user-api-keys (POST mints, GET lists, DELETE /{id} revokes). Each handler calls
// one operation (operations.ts).
import { Router, type RequestHandler } from 'express';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { jsonBody } from '../http/body-type';
import { registrationThrottle } from './admission';
import { currentAccount, listOwnKeys, mintOwnKey, registerAgent, revokeOwnKey } from './operations';

export function registrationRouter(db: Database, config: Config): Router {
  const router = Router();
  const throttle = registrationThrottle(db, config);
  router.post('/agents/register', jsonBody, async (req, res) => {
    res.json({ success: true, data: await registerAgent(db, config, req.body, () => throttle(req, res)) });
  });
  return router;
}

/** Routes behind admission (the caller is known): `admit` runs first on each of its paths. */
export function accountRouter(db: Database, admit: RequestHandler): Router {
  const router = Router();
  router.use(['/account/me', '/v1/user-api-keys'], admit);

  router.get('/account/me', async (req, res) => {
    res.json({ success: true, data: await currentAccount(db, req.caller) });
  });

  router.post('/v1/user-api-keys', jsonBody, async (req, res) => {
    res.status(201).json({ success: true, data: await mintOwnKey(db, req.caller, req.body ?? {}) });
  });

  router.get('/v1/user-api-keys', async (req, res) => {
    res.json({ success: true, data: await listOwnKeys(db, req.caller) });
  });

  router.delete('/v1/user-api-keys/:id', async (req, res) => {
    res.json({ success: true, data: await revokeOwnKey(db, req.caller, req.params) });
  });

  return router;
}
