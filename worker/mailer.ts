// Sends e-mail through SMTP_URL, or, without it, writes each message as one .eml file in the
// outbox folder and logs the file's name (never its content: it carries credentials).
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../src/log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (e.g. List-Unsubscribe); values are ours, never typed text. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }, logger: Logger): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // Fail fast: a send that cannot connect is retried by the job queue, not held open.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.resolve(options.outboxDir);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ file, subject: mail.subject }, 'e-mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
