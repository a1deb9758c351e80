// Entry point of `npm start` (scripts/serve.sh): validates the configuration, then becomes the
// supervisor (src/supervisor.ts) or, in a process it forked, an HTTP worker or the job worker.
// WEB_CONCURRENCY=0: one process serves HTTP with the job worker inside, no supervisor.
import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { createLogger, type Logger } from './log';
import { startProcessMetrics } from './metrics/registry';
import { ownFigures, startMetricsServer } from './metrics/server';
import { startServer } from './server';
import { DRAIN, LISTENING, NOT_ACCEPTING, ROLE_ENV, runSupervisor, STOP_ACCEPTING } from './supervisor';
import { runWorkerProcess } from '../worker/process';

function printBanner(config: Config): void {
  console.error(
    [
      '',
      `  API          ${config.publicBaseUrl}/api/v1/public/contractors/search?q=diesel`,
      `  Health       ${config.publicBaseUrl}/healthz  ${config.publicBaseUrl}/readyz`,
      `  Developers   ${config.publicBaseUrl}/developers  (OpenAPI: ${config.publicBaseUrl}/developers/openapi.json)`,
      `  MCP          ${config.publicBaseUrl}/mcp  (POST, Streamable HTTP)`,
      `  Staff        ${config.publicBaseUrl}/graphiql  (GraphQL for admin keys)`,
      `  Metrics      http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics  (Prometheus; not on the public port)`,
      '',
    ].join('\n'),
  );
}

/**
 * Serves HTTP until told to drain: alone, by SIGTERM/SIGINT; under the supervisor, by its
 * messages only (a terminal's SIGINT or a service manager's SIGTERM reaches every process of the
 * group, and the supervisor orders the drain: src/supervisor.ts). An order during start-up is
 * carried out once started.
 */
async function runHttp(config: Config, logger: Logger, supervised: boolean): Promise<void> {
  let pending: string | null = null;
  let stopAccepting = () => void (pending = STOP_ACCEPTING);
  let stop = (reason: string) => void (pending = reason);
  if (supervised) {
    process.on('SIGTERM', () => undefined);
    process.on('SIGINT', () => undefined);
    process.on('message', (message: unknown) => {
      if (message === STOP_ACCEPTING) stopAccepting();
      else if (message === DRAIN) stop(DRAIN);
    });
  } else {
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }
  const running = await startServer(config, logger, { reusePort: supervised });
  logger.info({ url: running.url }, 'listening');
  process.send?.(LISTENING);
  stopAccepting = () => {
    running.stopAccepting();
    process.send?.(NOT_ACCEPTING);
  };
  stop = (reason) => {
    logger.info({ reason }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  if (pending === STOP_ACCEPTING) stopAccepting();
  else if (pending !== null) stop(pending);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const role = cluster.isPrimary ? null : process.env[ROLE_ENV];
  if (role === 'jobs') {
    startProcessMetrics('jobs');
    await runWorkerProcess(config, logger.child({ role: 'jobs' }));
  } else if (role === 'http') {
    startProcessMetrics('http');
    // The job worker has a process of its own.
    await runHttp({ ...config, RUN_WORKER: false }, logger.child({ role: 'http' }), true);
  } else if (config.WEB_CONCURRENCY === 0) {
    startProcessMetrics('single');
    await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, ownFigures(), logger);
    await runHttp(config, logger, false);
    printBanner(config);
  } else if (config.PORT === 0) {
    // Each HTTP worker binds the port itself: a random port would differ between them.
    console.error('Invalid configuration:\n  PORT: must be a fixed port when WEB_CONCURRENCY is above 0');
    process.exit(1);
  } else {
    await runSupervisor(config, logger.child({ role: 'supervisor' }), () => printBanner(config));
  }
}

main().catch((err: unknown) => {
  console.error('failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
