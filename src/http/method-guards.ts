// 405 for the methods a known path does not serve, with the Allow header (RFC 9110 15.5.6),
// rather than the 404 of an unknown path.
import type { Router } from 'express';
import { methodNotAllowed } from './errors';

/**
 * Adds, after a router's routes, a 405 for each path's other methods. Call it once the router's
 * routes are all added, and before any catch-all of its own (which would answer first).
 */
export function withMethodGuards(router: Router): Router {
  const methods = new Map<string, Set<string>>();
  for (const layer of router.stack) {
    const route = layer.route as { path: string | string[]; methods: Record<string, boolean> } | undefined;
    if (!route) continue;
    for (const path of Array.isArray(route.path) ? route.path : [route.path]) {
      const set = methods.get(path) ?? new Set<string>();
      for (const m of Object.keys(route.methods)) if (m !== '_all') set.add(m.toUpperCase());
      if (set.has('GET')) set.add('HEAD');
      methods.set(path, set);
    }
  }
  for (const [path, set] of methods) if (set.size > 0) router.all(path, methodNotAllowed([...set]));
  return router;
}
