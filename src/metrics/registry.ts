// The registry every figure of this process is registered in (prom-client's global one: under the
// supervisor, prom-client's cluster module answers the supervisor's request for it over IPC), and
// the process figures. Each metric is a module-level singleton, so a process that starts several
// servers (the tests) registers each name once.
import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Gauge, register } from 'prom-client';

export const registry = register;

/** What a process is, as the `role` label of its process figures. */
export type ProcessRole = 'http' | 'jobs' | 'single';

const processes = new Gauge({
  name: 'marine_processes',
  help: 'Processes whose figures this scrape includes, by role (summed over the HTTP workers)',
  labelNames: ['role'],
  aggregator: 'sum',
});

let collecting = false;

/**
 * Starts collecting this process's figures (CPU, memory, event loop, handles: prom-client's
 * defaults), labelled with its role so that the supervisor's sum keeps HTTP workers and the job
 * worker apart. In a child of the supervisor it also answers the supervisor's requests for this
 * registry (prom-client installs that listener when an AggregatorRegistry is made). Once per process.
 */
export function startProcessMetrics(role: ProcessRole): void {
  if (collecting) return;
  collecting = true;
  collectDefaultMetrics({ register: registry, labels: { role } });
  processes.set({ role }, 1);
  if (cluster.isWorker) new AggregatorRegistry();
}
