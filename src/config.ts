// Configuration from the environment, validated once at start-up: a bad value stops the process
// with one clear line per problem instead of failing later in a request.
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  // The API's own connection (the authenticator role); defaults to DATABASE_URL.
  AUTH_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Express' "trust proxy": false, true, a hop count or a list of addresses/CIDRs.
  TRUST_PROXY: z.string().default('false'),
  // Rolling-window rate limits (DESIGN.md): requests per window per client address (anonymous)
  // or per key (by tier), and agent registrations per client address per hour.
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(86_400),
  RATE_LIMIT_ANONYMOUS: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_PUBLIC: z.coerce.number().int().min(1).default(500),
  RATE_LIMIT_ADMIN: z.coerce.number().int().min(1).default(10_000),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export type Config = z.infer<typeof schema> & { publicBaseUrl: string; trustProxy: boolean | number | string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
  };
}

function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}
