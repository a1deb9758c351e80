// A process whose only work is the job worker (`npm run worker`, or the supervisor's job child):
// SIGTERM/SIGINT let running jobs finish, then it exits 0 (a signal during start-up waits for it).
import type { Config } from '../src/config';
import type { Logger } from '../src/log';
import { startWorker } from './runner';

export async function runWorkerProcess(config: Config, logger: Logger): Promise<void> {
  let signalled: string | null = null;
  let stop = (signal: string) => void (signalled = signal);
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  const worker = await startWorker(config, logger);
  logger.info('worker running');
  stop = (signal) => {
    logger.info({ signal }, 'worker stopping');
    worker.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'worker stop failed');
        process.exit(1);
      },
    );
  };
  if (signalled !== null) stop(signalled);
}
