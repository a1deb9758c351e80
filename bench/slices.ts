// A measurement taken in slices: the API and its database baseline run alternately (API, pgbench,
// API, pgbench, ...), so that the machine's drift, which moves absolute numbers by up to 20%
// between runs minutes apart, falls on both alike. The slices of one side are combined into one
// result: requests per second over their whole time, latency percentiles over every request.
import type { CpuPerRequest } from './cpu';
import type { LoadResult } from './load';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  cpu?: CpuPerRequest | null;
}

/** One slice: what it served, in what time, and its latencies as weighted samples (ms). */
export interface Slice {
  requests: number;
  seconds: number;
  failed: number;
  samples: Array<readonly [ms: number, weight: number]>;
  cpu: CpuPerRequest | null;
}

/** A wrk run as a slice: its 200 quantiles each stand for a two-hundredth of its requests. */
export function wrkSlice(r: LoadResult, cpu: CpuPerRequest | null): Slice {
  const weight = r.requests / r.quantiles.length;
  return {
    requests: r.requests,
    seconds: r.requests / Math.max(r.rps, 1e-9),
    failed: r.errors + r.timeouts + r.non2xx,
    samples: r.quantiles.map((ms) => [ms, weight] as const),
    cpu,
  };
}

/** A run with every request's latency (pgbench's log). */
export function latencySlice(latencies: number[], seconds: number, failed: number, cpu: CpuPerRequest | null): Slice {
  return { requests: latencies.length, seconds, failed, samples: latencies.map((ms) => [ms, 1] as const), cpu };
}

export function combine(slices: Slice[]): Measured {
  const requests = slices.reduce((a, s) => a + s.requests, 0);
  const seconds = slices.reduce((a, s) => a + s.seconds, 0);
  const samples = slices.flatMap((s) => s.samples).sort((a, b) => a[0] - b[0]);
  const total = samples.reduce((a, [, w]) => a + w, 0);
  const quantile = (p: number): number => {
    let seen = 0;
    for (const [ms, w] of samples) {
      seen += w;
      if (seen >= (p / 100) * total) return ms;
    }
    return samples.at(-1)?.[0] ?? 0;
  };
  const counted = slices.filter((s) => s.cpu);
  const perRequest = (f: (c: CpuPerRequest) => number) =>
    counted.reduce((a, s) => a + f(s.cpu!) * s.requests, 0) /
    Math.max(
      1,
      counted.reduce((a, s) => a + s.requests, 0),
    );
  const cpu =
    counted.length === 0
      ? null
      : {
          apiMs: perRequest((c) => c.apiMs),
          postgresMs: perRequest((c) => c.postgresMs),
          machineBusyPercent:
            counted.reduce((a, s) => a + s.cpu!.machineBusyPercent * s.seconds, 0) /
            Math.max(
              1e-9,
              counted.reduce((a, s) => a + s.seconds, 0),
            ),
        };
  return {
    rps: requests / Math.max(seconds, 1e-9),
    p50: quantile(50),
    p99: quantile(99),
    requests,
    failed: slices.reduce((a, s) => a + s.failed, 0),
    cpu,
  };
}
