// Debian's Prometheus (scripts/lib/setup.sh installs it), scraping one target every second into
// a throwaway folder, on a free port; and its HTTP API's instant queries.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server';
import { STARTUP_MS } from './service-process';

export interface Prometheus {
  url: string;
  /** An instant query's vector: each series' labels and value. */
  query(promql: string): Promise<Array<{ metric: Record<string, string>; value: number }>>;
  output(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function config(target: URL): string {
  return [
    'global:',
    // A scrape gathers three processes' figures over IPC: on a busy machine that takes seconds.
    '  scrape_interval: 5s',
    '  scrape_timeout: 5s',
    'scrape_configs:',
    '  - job_name: marine',
    `    metrics_path: ${target.pathname}`,
    '    static_configs:',
    `      - targets: ['${target.host}']`,
    '',
  ].join('\n');
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    const ok = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`Prometheus did not start:\n${output().slice(-3000)}`);
    await sleep(200);
  }
}

/** Starts Prometheus scraping `metricsUrl`; stop() ends it and removes its folder. */
export async function startPrometheus(metricsUrl: string): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'marine-prometheus-'));
  writeFileSync(path.join(dir, 'prometheus.yml'), config(new URL(metricsUrl)));
  const port = await freePort();
  const child = spawn(
    '/usr/bin/prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(url, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    output: () => output,
    stop,
    async query(promql) {
      const res = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: promql })}`);
      const body = (await res.json()) as {
        status: string;
        error?: string;
        data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      if (body.status !== 'success') throw new Error(`${promql}: ${body.error}`);
      return body.data!.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
  };
}
