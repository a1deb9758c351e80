// `npm run worker`: the worker alone (when the API runs with RUN_WORKER=false).
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startWorker } from './runner';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const worker = await startWorker(config, logger);
  logger.info('worker running');
  const stop = () => void worker.stop().then(() => process.exit(0), () => process.exit(1));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error('worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
