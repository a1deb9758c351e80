// Webhook endpoints, the REST door: /api/v1/webhook-endpoints (POST creates, GET lists),
// DELETE /{id}, GET /{id}/deliveries, POST /{id}/test. Behind the API's admission: an API key is
// required (SQL answers CREDS without one); another account's endpoint is a 404.
import { Router, type RequestHandler } from 'express';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { jsonBody } from '../http/body-type';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  testWebhookEndpoint,
  webhookEndpointDeliveries,
} from './operations';

export const WEBHOOK_ENDPOINTS_PATH = '/v1/webhook-endpoints';

/** Behind admission: `admit` runs first on each of its paths. */
export function webhookRouter(db: Database, config: Config, admit: RequestHandler): Router {
  const router = Router();
  const one = `${WEBHOOK_ENDPOINTS_PATH}/:id`;
  router.use(WEBHOOK_ENDPOINTS_PATH, admit);

  router.post(WEBHOOK_ENDPOINTS_PATH, jsonBody, async (req, res) => {
    res.status(201).json({ success: true, data: await createWebhookEndpoint(db, config, req.caller, req.body ?? {}) });
  });
  router.get(WEBHOOK_ENDPOINTS_PATH, async (req, res) => {
    res.json({ success: true, data: await listWebhookEndpoints(db, req.caller) });
  });
  router.delete(one, async (req, res) => {
    res.json({ success: true, data: await deleteWebhookEndpoint(db, req.caller, req.params) });
  });
  router.get(`${one}/deliveries`, async (req, res) => {
    res.json({ success: true, data: await webhookEndpointDeliveries(db, req.caller, req.params, req.query) });
  });
  router.post(`${one}/test`, async (req, res) => {
    res.status(202).json({ success: true, data: await testWebhookEndpoint(db, req.caller, req.params) });
  });
  return router;
}
