// The REST door's operation names, from the OpenAPI document: its paths (`/contractors/{slug}`)
// become matchers, and a request's method and path give that path's operationId. A literal
// segment wins over a parameter (`/contractors/search` is not the profile of a contractor
// called "search"), as the routers' order has it.
import type { buildDocument } from '../openapi/document';

type Document = ReturnType<typeof buildDocument>;

interface Route {
  method: string;
  segments: string[];
  operationId: string;
  /** How many segments are literal: the more, the more specific. */
  literals: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const isParameter = (segment: string) => segment.startsWith('{');

function routesOf(document: Document): Route[] {
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const segments = path.split('/');
    for (const method of METHODS) {
      const operationId = item[method]?.operationId;
      if (operationId === undefined) continue;
      routes.push({ method: method.toUpperCase(), segments, operationId, literals: segments.filter((s) => !isParameter(s)).length });
    }
  }
  // The most specific first: the first match is the one.
  return routes.sort((a, b) => b.literals - a.literals);
}

function matches(route: Route, segments: string[]): boolean {
  if (route.segments.length !== segments.length) return false;
  return route.segments.every((s, i) => (isParameter(s) ? segments[i] !== '' : s === segments[i]));
}

/** A function from a request's method and path to its operationId (undefined: no operation). */
export function restOperations(document: Document): (method: string, path: string) => string | undefined {
  const routes = routesOf(document);
  return (method, path) => {
    const segments = path.split('/');
    // Express answers HEAD with the GET route.
    const asked = method === 'HEAD' ? 'GET' : method;
    return routes.find((r) => r.method === asked && matches(r, segments))?.operationId;
  };
}
