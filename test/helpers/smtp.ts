// A real SMTP server in the test process (smtp-server): it receives what the worker sends, and
// mailparser reads it back. It can be stopped and started again on the same port, and it can
// hold senders at MAIL FROM (nothing received yet) until released.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private holding = false;
  private held: Array<() => void> = [];
  port = 0;

  /** From now on, senders wait at MAIL FROM until release(). */
  hold(): void {
    this.holding = true;
  }

  /** How many senders are waiting. */
  get heldCount(): number {
    return this.held.length;
  }

  release(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  /** Listens on `port`, or on a free one below the ephemeral range (so it can be started again on it). */
  async start(port?: number): Promise<this> {
    port ??= await freePort();
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        if (this.holding) this.held.push(() => callback());
        else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then((m) => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : '',
              raw,
            });
            callback();
          }, callback);
        });
      },
    });
    // A client that dies mid-conversation (the fault tests SIGKILL the service while it sends)
    // resets its connection: smtp-server reports that as an 'error' event, which must not take
    // the test down. Any other server error still does.
    this.server.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Waits until `count` messages match, or fails after the timeout (generous: a busy machine's job worker is slow). */
  async waitFor(match: (m: ReceivedMail) => boolean, count = 1, timeoutMs = 60_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline)
        throw new Error(
          `expected ${count} e-mail(s), got ${found.length}: ${this.received.map((m) => `${m.to} "${m.subject}"`).join(', ')}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
