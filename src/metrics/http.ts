// Request figures of an HTTP process: a count and a latency histogram per door, operation and
// status. One middleware, first in the application, times every request to its last byte.
import type { RequestHandler } from 'express';
import { Counter, Histogram } from 'prom-client';
import { requestLabeller, type DoorPaths } from './request-labels';

const LABELS = ['door', 'operation', 'status_class', 'status'] as const;

const requests = new Counter({
  name: 'marine_http_requests_total',
  help: 'HTTP requests answered, by door (rest, mcp, a2a, graphql, other), operation and status',
  labelNames: LABELS,
});

/** The request duration histogram's buckets (s): from a cached profile (a few ms) to a statement timeout (seconds). */
export const DURATION_BUCKETS_SECONDS: readonly number[] = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const duration = new Histogram({
  name: 'marine_http_request_duration_seconds',
  help: 'Time from a request to the last byte of its answer, by door, operation and status class',
  labelNames: ['door', 'operation', 'status_class'],
  buckets: [...DURATION_BUCKETS_SECONDS],
});

/** Counts and times every request that is answered (one a client abandoned is not). */
export function requestMetrics(paths: DoorPaths): RequestHandler {
  const labelsOf = requestLabeller(paths);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const { door, operation } = labelsOf(req, res);
      const status = res.statusCode;
      const statusClass = `${Math.trunc(status / 100)}xx`;
      requests.inc({ door, operation, status_class: statusClass, status: String(status) });
      duration.observe({ door, operation, status_class: statusClass }, seconds);
    });
    next();
  };
}
