// Webhook endpoints as operations: each parses its raw input, calls one SQL function as the
// caller and returns plain data (REST door: routes.ts). Creating one resolves its host first
// and refuses private addresses (addresses.ts); deliveries are the job worker's
// (worker/tasks/webhook_endpoints__deliver.ts).
import type { LookupFunction } from 'node:net';
import type { Config } from '../config';
import type { Caller } from '../db/caller';
import type { Database } from '../db/database';
import { parseOrThrow } from '../input/validate';
import { checkedWebhookTarget } from './addresses';
import { DELIVERIES_PAGE, deliveriesQuery, newWebhookEndpoint, webhookEndpointId } from './params';

export async function createWebhookEndpoint(
  db: Database,
  config: Pick<Config, 'webhookAllowedPrivateCidrs'>,
  caller: Caller,
  input: unknown,
  lookup?: LookupFunction,
): Promise<unknown> {
  const body = parseOrThrow(newWebhookEndpoint, input, 'body');
  const { allowHttp } = await checkedWebhookTarget(body.url, config.webhookAllowedPrivateCidrs, lookup);
  return db.callJson(caller, 'app_hidden.create_webhook_endpoint', [body.url, body.events ?? null, allowHttp]);
}

export function listWebhookEndpoints(db: Database, caller: Caller): Promise<unknown> {
  return db.callJson(caller, 'app_hidden.list_webhook_endpoints', []);
}

/** `path` is {id} as a path carries it. */
export function deleteWebhookEndpoint(db: Database, caller: Caller, path: unknown): Promise<unknown> {
  const { id } = parseOrThrow(webhookEndpointId, path, 'path');
  return db.callJson(caller, 'app_hidden.delete_webhook_endpoint', [id]);
}

export function webhookEndpointDeliveries(db: Database, caller: Caller, path: unknown, query: unknown): Promise<unknown> {
  const { id } = parseOrThrow(webhookEndpointId, path, 'path');
  const { limit } = parseOrThrow(deliveriesQuery, query, 'query');
  return db.callJson(caller, 'app_hidden.webhook_endpoint_deliveries', [id, limit ?? DELIVERIES_PAGE]);
}

export function testWebhookEndpoint(db: Database, caller: Caller, path: unknown): Promise<unknown> {
  const { id } = parseOrThrow(webhookEndpointId, path, 'path');
  return db.callJson(caller, 'app_hidden.test_webhook_endpoint', [id]);
}
