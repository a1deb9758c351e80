// `npm run worker`: the worker alone (when the API runs with RUN_WORKER=false).
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startProcessMetrics } from '../src/metrics/registry';
import { ownFigures, startMetricsServer } from '../src/metrics/server';
import { runWorkerProcess } from './process';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  startProcessMetrics('jobs');
  await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, ownFigures(), logger);
  await runWorkerProcess(config, logger);
}

main().catch((err: unknown) => {
  console.error('worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
