// A real webhook receiver on 127.0.0.1: keeps every request it got (headers and raw body) and
// answers with the status the test sets (by default 204). It verifies nothing itself: tests do,
// with the standardwebhooks package, as an agent's receiver would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
}

export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  /** The status of the next answers; a function sees the request first. */
  answer: number | ((hook: Omit<ReceivedHook, 'status'>) => number) = 204;
  private server: http.Server | null = null;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const hook = { path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') };
        const status = typeof this.answer === 'function' ? this.answer(hook) : this.answer;
        this.received.push({ ...hook, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    s?.closeAllConnections();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Waits until `count` requests match, or fails after the timeout (a busy machine's worker is slow). */
  async waitFor(match: (h: ReceivedHook) => boolean, count = 1, timeoutMs = 60_000): Promise<ReceivedHook[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`expected ${count} webhook(s), got ${found.length} of ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
