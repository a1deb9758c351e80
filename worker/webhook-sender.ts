// Sends one webhook: a POST of the body, signed per Standard Webhooks (standardwebhooks' Webhook:
// webhook-id, webhook-timestamp, webhook-signature), over a connection that request-filtering-
// agent allows only to public addresses or WEBHOOK_ALLOWED_PRIVATE_CIDRS (checked on each
// address the connection resolves, so a name that changed to a private address since the
// endpoint was created is refused). http goes only to those allowed ranges. Redirects are not
// followed (a 3xx is a failure), the whole exchange is bounded by WEBHOOK_TIMEOUT_MS, and at most
// WEBHOOK_MAX_RESPONSE_BYTES of the answer are read: only its status counts.
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';
import { addressClass } from '../src/webhooks/addresses';

export interface WebhookDelivery {
  url: string;
  secret: string;
  webhookId: string;
  body: string;
}

/** An attempt's outcome: delivered when error is null (a 2xx). */
export interface WebhookOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookSenderOptions {
  allowedPrivateCidrs: readonly string[];
  timeoutMs: number;
  maxResponseBytes: number;
  /** The resolver (default: the system's); tests make a name resolve where they need. */
  lookup?: LookupFunction;
}

export interface WebhookSender {
  send(delivery: WebhookDelivery): Promise<WebhookOutcome>;
  close(): void;
}

const USER_AGENT = 'MarinePros-Webhooks/1.0';

/** http is for allowed private ranges only: a resolver that refuses every other address. */
function privateOnly(lookup: LookupFunction, cidrs: readonly string[]): LookupFunction {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as unknown as { address: string; family: number }[];
      const bad = list.find((a) => addressClass(a.address, cidrs) !== 'allowed-private');
      if (bad !== undefined || list.length === 0)
        return callback(new Error(`http is allowed only to WEBHOOK_ALLOWED_PRIVATE_CIDRS, not ${bad?.address ?? hostname}`));
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  }) as LookupFunction;
}

export function webhookSender(options: WebhookSenderOptions): WebhookSender {
  const filter = { allowIPAddressList: [...options.allowedPrivateCidrs], keepAlive: false };
  const agents = { https: new RequestFilteringHttpsAgent(filter), http: new RequestFilteringHttpAgent(filter) };
  const lookup = options.lookup ?? dnsLookup;
  const httpLookup = privateOnly(lookup, options.allowedPrivateCidrs);

  function attempt(delivery: WebhookDelivery): Promise<{ statusCode: number }> {
    const url = new URL(delivery.url);
    const secure = url.protocol === 'https:';
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (
      !secure &&
      (url.protocol !== 'http:' || (isIP(host) !== 0 && addressClass(host, options.allowedPrivateCidrs) !== 'allowed-private'))
    ) {
      return Promise.reject(new Error('http is allowed only to WEBHOOK_ALLOWED_PRIVATE_CIDRS'));
    }
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': delivery.webhookId,
      ...signatureHeaders(delivery),
    };
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(url, {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers,
        lookup: secure ? lookup : httpLookup,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough read: the status is known, the rest is not ours to take.
          if (read > options.maxResponseBytes) {
            res.destroy();
            resolve({ statusCode: res.statusCode ?? 0 });
          }
        });
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0 }));
        res.on('error', reject);
      });
      req.end(delivery.body);
    });
  }

  return {
    async send(delivery) {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      try {
        const { statusCode } = await attempt(delivery);
        const ok = statusCode >= 200 && statusCode < 300;
        const error = ok
          ? null
          : statusCode >= 300 && statusCode < 400
            ? `HTTP ${statusCode} (redirects are not followed)`
            : `HTTP ${statusCode}`;
        return { statusCode, error, durationMs: took() };
      } catch (err) {
        const e = err as Error;
        const error = e.name === 'TimeoutError' || e.name === 'AbortError' ? `no answer within ${options.timeoutMs} ms` : e.message;
        return { statusCode: null, error, durationMs: took() };
      }
    },
    close() {
      agents.https.destroy();
      agents.http.destroy();
    },
  };
}

/** The Standard Webhooks signature of this attempt (its timestamp is now; the id stays). */
function signatureHeaders(delivery: WebhookDelivery): Record<string, string> {
  const now = new Date();
  return {
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(delivery.secret).sign(delivery.webhookId, now, delivery.body),
  };
}
