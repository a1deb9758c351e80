// What every task gets: the mailer and the public address links point to.
import type { JobHelpers } from 'graphile-worker';
import type { Mailer } from '../mailer';
import type { WebhookSender } from '../webhook-sender';

export interface TaskDeps {
  mailer: Mailer;
  publicBaseUrl: string;
  coverageEmail: string;
  webhooks: WebhookSender;
}

/** Calls one app_private function as the worker (the database owner) and returns its value. */
export async function call<T>(helpers: JobHelpers, fn: string, args: unknown[]): Promise<T> {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  const { rows } = await helpers.withPgClient((client) => client.query(`select app_private.${fn}(${placeholders}) as r`, args));
  return rows[0].r as T;
}
