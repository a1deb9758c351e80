// The load generator, run as its own process (node dist/bench/load.js <config.json>): autocannon
// cycling through a pre-generated, shuffled request list. Prints one JSON result on stdout.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadConfig {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: Array<{ method: string; path: string; body?: string }>;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function main(): Promise<void> {
  const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadConfig;
  let next = 0;
  const list = config.requests;
  const result = await autocannon({
    url: config.url,
    connections: config.connections,
    duration: config.duration,
    headers: config.headers,
    requests: [{
      setupRequest: (req: Record<string, unknown>) => {
        const r = list[next++ % list.length]!;
        return { ...req, method: r.method, path: r.path, ...(r.body === undefined ? {} : { body: r.body }) };
      },
    }],
  });
  const out: LoadResult = {
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || config.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
  process.stdout.write(JSON.stringify(out));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
