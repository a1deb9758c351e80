// Entry point of `npm start`: configuration, logger, server, signals.
import { loadConfig } from './config';
import { createLogger } from './log';
import { startServer } from './server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const running = await startServer(config, logger);
  logger.info({ url: running.url }, 'listening');
  console.error([
    '',
    `  API          ${config.publicBaseUrl}/api/v1/public/contractors/search?q=diesel`,
    `  Health       ${config.publicBaseUrl}/healthz  ${config.publicBaseUrl}/readyz`,
    `  Developers   ${config.publicBaseUrl}/developers  (OpenAPI: ${config.publicBaseUrl}/developers/openapi.json)`,
    `  MCP          ${config.publicBaseUrl}/mcp  (POST, Streamable HTTP)`,
    `  Staff        ${config.publicBaseUrl}/graphiql  (GraphQL for admin keys)`,
    '',
  ].join('\n'));

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    running.close().then(() => process.exit(0), (err: unknown) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
