// Every route the Express app registers, with its full path: the router's `route()` and `use()`
// are recorded while the app is built (Express 5's layers keep matchers, not the paths they were
// given), then the recorded tree is walked from the app's own router, prefixes joined.
import type { Express } from 'express';

interface Entry {
  kind: 'route' | 'use';
  paths: string[];
  /** route: the Route (its `methods`); use: the handlers mounted. */
  route?: { methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handlers?: unknown[];
}

export interface AppRoute {
  /** Upper-case methods, or ['ALL'] for a route that takes any (a method guard, a door's own dispatch). */
  methods: string[];
  /** The full path with parameters as `{name}`, as the OpenAPI document writes them. */
  path: string;
  /** The router that registered it. */
  router: object;
  /** Its handlers, in order. */
  handlers: unknown[];
}

/** A `use()` of middleware (not of a router) on a path, with its full prefix. */
export interface AppUse {
  prefix: string;
  router: object;
  handlers: unknown[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const RouterProto = (require(require.resolve('router', { paths: [require.resolve('express')] })) as { prototype: Record<string, unknown> })
  .prototype;
const recorded = new WeakMap<object, Entry[]>();
const entriesOf = (router: object): Entry[] => {
  let list = recorded.get(router);
  if (!list) recorded.set(router, (list = []));
  return list;
};
const pathsOf = (path: unknown): string[] => (Array.isArray(path) ? path.flat(Infinity).map(String) : [String(path)]);

/** Builds an app with the routers' registrations recorded; returns its routes in order. */
export function recordRoutes(build: () => Express): { app: Express; routes: AppRoute[]; uses: AppUse[] } {
  const originalRoute = RouterProto.route as (this: object, path: unknown) => NonNullable<Entry['route']>;
  const originalUse = RouterProto.use as (this: object, ...args: unknown[]) => unknown;
  RouterProto.route = function (this: object, path: unknown) {
    const route = originalRoute.call(this, path);
    entriesOf(this).push({ kind: 'route', paths: pathsOf(path), route });
    return route;
  };
  RouterProto.use = function (this: object, ...args: unknown[]) {
    let first: unknown = args[0];
    while (Array.isArray(first) && first.length > 0) first = first[0];
    const hasPath = typeof first !== 'function';
    entriesOf(this).push({
      kind: 'use',
      paths: hasPath ? pathsOf(args[0]) : ['/'],
      handlers: (hasPath ? args.slice(1) : args).flat(Infinity),
    });
    return originalUse.apply(this, args);
  };
  let app: Express;
  try {
    app = build();
  } finally {
    RouterProto.route = originalRoute;
    RouterProto.use = originalUse;
  }
  const routes: AppRoute[] = [];
  const uses: AppUse[] = [];
  const join = (prefix: string, path: string) => (path === '/' ? prefix || '/' : `${prefix}${path}`);
  const walk = (router: object, prefix: string) => {
    for (const entry of recorded.get(router) ?? []) {
      for (const p of entry.paths) {
        const full = join(prefix, p);
        if (entry.kind === 'route') {
          const methods = Object.keys(entry.route!.methods).map((m) => (m === '_all' ? 'ALL' : m.toUpperCase()));
          const handlers = entry.route!.stack.map((layer) => layer.handle);
          routes.push({ methods, path: full.replace(/:(\w+)/g, '{$1}'), router, handlers });
        } else {
          const middleware = entry.handlers!.filter((h) => !(typeof h === 'function' && recorded.has(h)));
          if (middleware.length > 0) uses.push({ prefix: full, router, handlers: middleware });
          for (const h of entry.handlers!) if (typeof h === 'function' && recorded.has(h)) walk(h, full === '/' ? '' : full);
        }
      }
    }
  };
  walk((app as unknown as { router: object }).router, '');
  return { app, routes, uses };
}
