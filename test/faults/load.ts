// A bounded load of concurrent requests against the service on loopback: it runs until stop()
// (or its time limit) and counts every outcome, so a test can say which requests failed and when.
export interface Outcome {
  status: number | 'network';
  startedAt: number;
  endedAt: number;
  retryAfter: string | null;
  error?: string;
}

export class Load {
  readonly outcomes: Outcome[] = [];
  private stopping = false;
  private readonly workers: Promise<void>[];

  constructor(
    private readonly urls: string[],
    concurrency: number,
    limitMs = 60_000,
    private readonly init: RequestInit = {},
  ) {
    const until = Date.now() + limitMs;
    this.workers = Array.from({ length: concurrency }, (_, i) => this.worker(i, until));
  }

  private async worker(offset: number, until: number): Promise<void> {
    for (let i = offset; !this.stopping && Date.now() < until; i++) {
      const startedAt = Date.now();
      try {
        const res = await fetch(this.urls[i % this.urls.length]!, this.init);
        await res.arrayBuffer();
        this.outcomes.push({ status: res.status, startedAt, endedAt: Date.now(), retryAfter: res.headers.get('retry-after') });
      } catch (err) {
        this.outcomes.push({
          status: 'network',
          startedAt,
          endedAt: Date.now(),
          retryAfter: null,
          error: String((err as Error).cause ?? err),
        });
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }

  async stop(): Promise<Outcome[]> {
    this.stopping = true;
    await Promise.all(this.workers);
    return this.outcomes;
  }

  static summary(outcomes: Outcome[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const o of outcomes) counts[String(o.status)] = (counts[String(o.status)] ?? 0) + 1;
    return counts;
  }
}
