// Where the seed's jobs run: in one open transaction, one after another, or each in a transaction
// of its own on whichever of several connections is free next (scripts/seed/load.ts).
import type { Client } from 'pg';

/** Work for one connection: a share of the load, or one statement of the recount. */
export type Job = (client: Client) => Promise<unknown>;

/** Where the load's jobs run after the tables are prepared. */
export interface Lanes {
  /** Runs the jobs and waits for all of them (in order, or side by side). */
  run(jobs: readonly Job[]): Promise<void>;
  /** The end of the load: commits what is not committed yet. */
  finish(): Promise<void>;
}

/** Every job in turn in `client`'s open transaction: the load commits once, or not at all. */
export function oneTransaction(client: Client): Lanes {
  return {
    async run(jobs) {
      for (const job of jobs) await job(client);
    },
    async finish() {
      await client.query('commit');
    },
  };
}

/** Each job in a transaction of its own, on whichever connection is free next. */
export function sideBySide(clients: readonly Client[]): Lanes {
  return {
    async run(jobs) {
      let next = 0;
      const lane = async (client: Client): Promise<void> => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          await client.query('begin');
          try {
            await job(client);
            await client.query('commit');
          } catch (err) {
            next = jobs.length; // the other lanes finish the job in hand and take no more
            await client.query('rollback').catch(() => undefined);
            throw err;
          }
        }
      };
      const failed = (await Promise.allSettled(clients.map(lane))).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    async finish() {},
  };
}
