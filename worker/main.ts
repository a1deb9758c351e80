// `npm run worker`: the worker alone (when the API runs with RUN_WORKER=false).
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { runWorkerProcess } from './process';

async function main(): Promise<void> {
  const config = loadConfig();
  await runWorkerProcess(config, createLogger(config.LOG_LEVEL));
}

main().catch((err: unknown) => {
  console.error('worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
