// The load generator: wrk in its own process, with bench/wrk.lua cycling through a pre-generated
// request list. wrk is C: on a two-core machine the generator's own CPU comes out of what the
// API and PostgreSQL get, and autocannon (Node) used about a fifth of a request's CPU.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  /** Latency in ms at 0.5%, 1%, ... 100% (p50 is [99], p99 is [197]). */
  quantiles: number[];
  errors: number;
  timeouts: number;
  non2xx: number;
}

const WRK = process.env.WRK ?? 'wrk';
const SCRIPT = path.resolve(__dirname, '../../bench/wrk.lua');

interface WrkOutput {
  requests: number;
  durationUs: number;
  quantilesUs: number[];
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

export function load(config: LoadConfig): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const list = path.join(dir, 'requests.tsv');
  for (const r of config.requests) {
    if (/[\t\n]/.test(r.path + (r.body ?? ''))) throw new Error(`a request with a tab or newline: ${r.path}`);
  }
  writeFileSync(list, config.requests.map((r) => `${r.method}\t${r.path}\t${r.body ?? ''}\n`).join(''));
  const args = [
    '-t',
    String(Math.min(2, config.connections)),
    '-c',
    String(config.connections),
    '-d',
    `${config.duration}s`,
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
  ];
  for (const [name, value] of Object.entries(config.headers)) args.push('-H', `${name}: ${value}`);
  args.push(config.url, '--', list);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '',
      err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code}: ${(err || out).slice(-2000)}`));
      const r = JSON.parse(line) as WrkOutput;
      resolve({
        requests: r.requests,
        rps: r.requests / (r.durationUs / 1e6),
        quantiles: r.quantilesUs.map((us) => us / 1000),
        errors: r.connect + r.read + r.write,
        timeouts: r.timeout,
        non2xx: r.status,
      });
    });
  });
}
