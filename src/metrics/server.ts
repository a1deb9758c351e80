// The metrics listener: GET /metrics in Prometheus' text format on METRICS_HOST:METRICS_PORT, a
// port of its own that the public never reaches (docs/decisions.md, "Metrics"). Under the
// supervisor it serves every child's figures, summed (prom-client's cluster aggregation over
// IPC); a process alone (WEB_CONCURRENCY=0, `npm run worker`) serves its own.
import http from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from '../log';
import { registry } from './registry';

export const METRICS_PATH = '/metrics';

/** Where the figures a scrape gets come from. */
export interface Figures {
  contentType: string;
  text(): Promise<string>;
}

/** This process's own registry. */
export function ownFigures(): Figures {
  return { contentType: registry.contentType, text: () => registry.metrics() };
}

/**
 * Every child's registry, aggregated by the supervisor: counters and histograms summed, gauges
 * as each declares (src/metrics/*.ts). A child that does not answer within prom-client's 5 s
 * fails the scrape (a 503), rather than giving a sum that silently misses it.
 */
export function clusterFigures(): Figures {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, text: () => aggregator.clusterMetrics() };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

function serve(figures: Figures, logger: Logger): http.RequestListener {
  return (req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    figures.text().then(
      (text) => res.writeHead(200, { 'content-type': figures.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (err: unknown) => {
        logger.warn({ err }, 'metrics scrape failed');
        res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' }).end('Metrics unavailable\n');
      },
    );
  };
}

/** Listens on host:port (a port in use stops the start, as the API's own port does). */
export function startMetricsServer(host: string, port: number, figures: Figures, logger: Logger): Promise<MetricsServer> {
  const server = http.createServer(serve(figures, logger));
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`metrics port ${port} on ${host} is in use`) : err),
    );
    server.listen({ port, host }, () => {
      const address = server.address();
      const hostInUrl = host.includes(':') ? `[${host}]` : host;
      const url = `http://${hostInUrl}:${typeof address === 'object' && address ? address.port : port}${METRICS_PATH}`;
      logger.info({ url }, 'metrics listening');
      resolve({ url, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
