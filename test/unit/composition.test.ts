// The composition (src/app.ts) has no hidden order: no feature router's 404 covers another
// router's routes, and every API route is admitted by its own router, so the routers can be
// mounted in any order and each route is reached and admitted the same way.
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { notFound } from '../../src/http/errors';
import { createLogger } from '../../src/log';
import { recordRoutes, type AppRoute } from '../helpers/app-routes';

const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
const db = new Proxy({}, { get: () => () => Promise.reject(new Error('no database here')) }) as unknown as Database;
const { routes, uses } = recordRoutes(() => createApp({ config, db, logger: createLogger('silent') }));

/** Routers that register routes: the features' (and the probes'); the others only compose. */
const featureRouters = new Set(routes.map((r) => r.router));
const under = (path: string, prefix: string) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
const asPattern = (prefix: string) => prefix.replace(/:(\w+)/g, '{$1}');

// API routes that admit their callers in their own way, each with its reason.
const ADMITTED_OTHERWISE: Record<string, string> = {
  'POST /api/agents/register': 'registration has its own throttle per client address (src/identity/admission.ts)',
  'GET /api/v1/public/search-mcp/service-requests/{requestId}/confirm':
    'the confirm page writes nothing, not even a rate-limit count; its form posts to the POST',
};

test('no feature router answers 404 over another router’s routes', () => {
  const catchAlls = uses.filter((u) => featureRouters.has(u.router) && u.handlers.includes(notFound));
  expect(catchAlls.length).toBeGreaterThan(2);
  const shadowed = catchAlls.flatMap((c) =>
    routes.filter((r) => r.router !== c.router && under(r.path, asPattern(c.prefix))).map((r) => `${c.prefix} covers ${r.path}`),
  );
  expect(shadowed).toEqual([]);
});

test('every API route is admitted by its own router', () => {
  const isAdmit = (h: unknown) => typeof h === 'function' && h.name === 'admit';
  const admitted = (r: AppRoute) =>
    r.handlers.some(isAdmit) || uses.some((u) => u.router === r.router && u.handlers.some(isAdmit) && under(r.path, asPattern(u.prefix)));
  const missing = routes
    .filter((r) => r.path.startsWith('/api/') && !r.methods.includes('ALL'))
    .flatMap((r) => r.methods.map((m) => ({ key: `${m} ${r.path}`, r })))
    .filter(({ key, r }) => !(key in ADMITTED_OTHERWISE) && !admitted(r))
    .map(({ key }) => key);
  expect(missing).toEqual([]);
});
