// Configuration from the environment, validated once at start-up: a bad value stops the process
// with one clear line per problem instead of failing later in a request.
import { isIP } from 'node:net';
import { z } from 'zod';
import { CONFLICT_RETRIES } from './db/conflicts';

const port = z.coerce.number().int().min(0).max(65535);
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' });

const schema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: postgresUrl,
    // The API's own connection (the authenticator role); defaults to DATABASE_URL.
    AUTH_DATABASE_URL: postgresUrl.optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    // Read replicas for the directory's reads (docs/decisions.md, "Read replicas and a
    // transaction pooler"): one or more postgres:// URLs, comma-separated (the authenticator role on each); each has a pool of
    // DATABASE_POOL_SIZE. A replica further behind than the bound, or not answering, is skipped
    // until a check (every interval) finds it healthy.
    READ_DATABASE_URL: z.string().optional(),
    READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    READ_REPLICA_CHECK_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    // 'transaction': AUTH_DATABASE_URL (and READ_DATABASE_URL) lead to a transaction pooler
    // (PgBouncer, pool_mode = transaction), which refuses connection parameters: the timeouts are
    // set in each transaction, and staff GraphQL prepares no statements (docs/deploy.md).
    DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
    // Database timeouts of the API's connections (docs/decisions.md, "Database faults"): how long a
    // request waits for a connection, and PostgreSQL's statement and idle-in-transaction timeouts.
    DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    // How many times an operation PostgreSQL aborted for a race (a deadlock, a serialization
    // failure) runs again before the answer is a 503 (src/db/conflicts.ts).
    DATABASE_CONFLICT_RETRIES: z.coerce.number().int().min(0).max(10).default(CONFLICT_RETRIES),
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Express' "trust proxy": false, true, a hop count or a list of addresses/CIDRs.
    TRUST_PROXY: z.string().default('false'),
    // Rolling-window rate limits (docs/api.md): requests per window per client address (anonymous)
    // or per key (by tier), and agent registrations per client address per hour.
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(86_400),
    RATE_LIMIT_ANONYMOUS: z.coerce.number().int().min(1).default(100),
    RATE_LIMIT_PUBLIC: z.coerce.number().int().min(1).default(500),
    RATE_LIMIT_ADMIN: z.coerce.number().int().min(1).default(10_000),
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    // The request flow (docs/api.md): only these client addresses may create and confirm requests.
    TRUSTED_CLIENT_CIDRS: z.string().default('127.0.0.0/8,::1/128'),
    // Webhook deliveries (docs/decisions.md, "Webhook deliveries"): private ranges a deployment or
    // a test may deliver to (http allowed for them), the whole exchange's bound, the answer's cap.
    WEBHOOK_ALLOWED_PRIVATE_CIDRS: z.string().default(''),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    WEBHOOK_MAX_RESPONSE_BYTES: z.coerce.number().int().min(0).max(10_485_760).default(65_536),
    VERIFICATION_LIFETIME_SECONDS: z.coerce.number().int().min(1).default(86_400),
    VERIFICATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
    // Claim attempt limits, per 24 hours (docs/decisions.md, "Claim attempt limits and typed
    // text"): strangers' claims of one listing (its inbox is not a mailing list; the listing's own address gets as
    // many of its own, which no stranger can use up); claims by one claimant e-mail, whatever the
    // listings (a business with a few locations, and a retry); claims from one client address
    // (an office or a shared connection, not a farm of made-up claimants).
    LISTING_CLAIMS_PER_LISTING: z.coerce.number().int().min(1).default(3),
    LISTING_CLAIMS_PER_CLAIMANT: z.coerce.number().int().min(1).default(5),
    LISTING_CLAIMS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
    // E-mail: SMTP_URL for a real server; without it each message is a file in OUTBOX_DIR.
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    OUTBOX_DIR: z.string().default('.data/outbox'),
    MAIL_FROM: z.string().default('Marine Pros <no-reply@marinepros.example>'),
    COVERAGE_EMAIL: z.email().default('coverage@marinepros.example'),
    // Whether this service runs the job worker: npm start as the supervisor's own child process,
    // startServer (tests) inside the API process. False: run `npm run worker` apart.
    RUN_WORKER: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
    // PostgreSQL's statement and idle-in-transaction timeouts of the job worker's connections.
    WORKER_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    WORKER_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    // Staff GraphQL's database connections (docs/decisions.md, "Staff GraphQL limits"):
    // PostgreSQL's statement_timeout there;
    GRAPHQL_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
    // and its idle_in_transaction_session_timeout.
    GRAPHQL_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
    // Staff GraphQL queries (the same section): rows a connection returns without first or last;
    GRAPHQL_DEFAULT_PAGE: z.coerce.number().int().min(1).max(10_000).default(100),
    // the largest first/last (and the most groups groupedAggregates returns);
    GRAPHQL_MAX_PAGE: z.coerce.number().int().min(1).max(10_000).default(1000),
    // the largest cost of a query before it runs: objects its pages can return, plus 100 a connection;
    GRAPHQL_MAX_COST: z.coerce.number().int().min(1).default(10_000),
    // the deepest field nesting of a query (introspection excepted).
    GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(1).max(100).default(12),
    // npm start's HTTP worker processes (docs/decisions.md, "Process model"); 0 serves from one
    // process without a supervisor, the job worker inside it (as the bench measures it).
    WEB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
    // Per HTTP process. A request's headers must arrive within the first, the whole request within
    // the second; an idle keep-alive socket closes after the third (above common proxies' 60 s).
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(65_000),
    HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(1_000),
    // GET /metrics (Prometheus) on a listener of its own, never the public port (docs/decisions.md,
    // "Metrics"): the supervisor serves every process's figures there; 0 picks a free port.
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_PORT: port.default(9464),
  })
  .refine((c) => c.HTTP_HEADERS_TIMEOUT_MS <= c.HTTP_REQUEST_TIMEOUT_MS, {
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
  });

export type Config = z.infer<typeof schema> & {
  /** READ_DATABASE_URL's URLs (none: every read is the primary's). */
  readDatabaseUrls: string[];
  publicBaseUrl: string;
  trustProxy: boolean | number | string;
  trustedClients: string[];
  /** WEBHOOK_ALLOWED_PRIVATE_CIDRS' ranges (none: deliveries go to public addresses only). */
  webhookAllowedPrivateCidrs: string[];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const trustedClients = cidrList('TRUSTED_CLIENT_CIDRS', c.TRUSTED_CLIENT_CIDRS);
  const webhookAllowedPrivateCidrs = cidrList('WEBHOOK_ALLOWED_PRIVATE_CIDRS', c.WEBHOOK_ALLOWED_PRIVATE_CIDRS);
  const readDatabaseUrls = (c.READ_DATABASE_URL ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const badReadUrl = readDatabaseUrls.find((u) => !postgresUrl.safeParse(u).success);
  if (badReadUrl !== undefined) {
    throw new Error('Invalid configuration:\n  READ_DATABASE_URL: each comma-separated entry must be a postgres:// URL');
  }
  if (c.GRAPHQL_DEFAULT_PAGE > c.GRAPHQL_MAX_PAGE) {
    throw new Error('Invalid configuration:\n  GRAPHQL_DEFAULT_PAGE: must not exceed GRAPHQL_MAX_PAGE');
  }
  return {
    trustedClients,
    webhookAllowedPrivateCidrs,
    readDatabaseUrls,
    ...c,
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
  };
}

/** A comma-separated list of address ranges, each checked. */
function cidrList(name: string, value: string): string[] {
  const cidrs = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = cidrs.find((cidr) => !isCidr(cidr));
  if (bad !== undefined) {
    throw new Error(`Invalid configuration:\n  ${name}: '${bad}' is not an address range such as 10.0.0.0/8`);
  }
  return cidrs;
}

function isCidr(v: string): boolean {
  const [address, bits, ...rest] = v.split('/');
  const family = isIP(address ?? '');
  return rest.length === 0 && family !== 0 && bits !== undefined && /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}
