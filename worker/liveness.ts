// The session that says "this worker pool is alive": one dedicated connection whose
// application_name is `marine-worker <pool id>` (graphile-worker locks jobs with its pool's id).
// It lives exactly as long as the process: a killed process's socket closes and PostgreSQL ends
// the session at once; a machine that vanishes is noticed through TCP keepalives (set below, in
// the server's session). Lost (a database restart), it is opened again.
import pg from 'pg';
import type { Logger } from '../src/log';

export const LIVENESS_PREFIX = 'marine-worker ';
const RECONNECT_MS = 1_000;

export interface Liveness {
  /** Names the session after the pool; called when graphile-worker creates it. */
  register(poolId: string): void;
  close(): Promise<void>;
}

export async function openLiveness(connectionString: string, logger: Logger): Promise<Liveness> {
  let poolId: string | null = null;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const name = () => (poolId === null ? null : LIVENESS_PREFIX + poolId);
  const announce = (c: pg.Client) => {
    const n = name();
    if (n !== null) c.query("select set_config('application_name', $1, false)", [n]).catch(() => undefined);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, application_name: 'marine-worker starting', keepAlive: true });
    c.on('error', (err) => {
      if (closed) return;
      logger.warn({ err }, 'worker liveness connection lost; reconnecting');
      client = null;
      c.end().catch(() => undefined);
      retry = setTimeout(reconnect, RECONNECT_MS);
    });
    await c.connect();
    // The server drops the session (and so the pool's liveness) ~60 s after its host vanishes.
    await c.query('set tcp_keepalives_idle = 30; set tcp_keepalives_interval = 10; set tcp_keepalives_count = 3');
    client = c;
    announce(c);
  };
  const reconnect = () => {
    if (!closed) connect().catch(() => (retry = setTimeout(reconnect, RECONNECT_MS)));
  };

  await connect();
  return {
    register(id) {
      poolId = id;
      if (client) announce(client);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
