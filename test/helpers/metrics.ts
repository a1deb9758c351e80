// Reading the Prometheus text format the metrics listener serves: each sample with its labels,
// and each family's declared type.
import { STARTUP_MS, type ServiceProcess } from './service-process';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
  /** The samples of one name whose labels include these. */
  find(name: string, labels?: Record<string, string>): Sample[];
  /** The sum of those samples' values. */
  sum(name: string, labels?: Record<string, string>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    const sample = line.startsWith('#') ? null : SAMPLE.exec(line);
    if (!sample) continue;
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return { types, samples, find, sum: (name, labels) => find(name, labels).reduce((total, s) => total + s.value, 0) };
}

/** The metrics listener's URL, from the service's 'metrics listening' log line. */
export async function metricsUrl(svc: ServiceProcess): Promise<string> {
  const [line] = await svc.waitForLog((l) => l.msg === 'metrics listening', STARTUP_MS);
  return line!.url as string;
}

export async function scrape(url: string): Promise<Exposition> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`scrape of ${url}: ${res.status} ${await res.text()}`);
  return parseExposition(await res.text());
}
