// The README tells the truth about the surface: every route the app registers is in its endpoint
// table, every JSON API route is an operation of the OpenAPI document (the exceptions, with their
// reasons: test/helpers/surface.ts), every path of the document is in the README, and the layout
// table names every folder of src/.
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from '../../src/graphql/preset';
import { createLogger } from '../../src/log';
import { METRICS_PATH } from '../../src/metrics/server';
import { buildDocument } from '../../src/openapi/document';
import { recordRoutes } from '../helpers/app-routes';
import { outsideTheDocument } from '../helpers/surface';

const ROOT = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** A `## heading`'s section of the README, up to the next one. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** Parameters named as the reader likes: `{id}` and `{opportunityId}` are the same segment. */
const shape = (p: string) => p.replace(/\{[^}]*\}/g, '{}');

/** Every path the endpoint table names in code spans (`GET /a/{id}`, `/b?token=…`). */
const readmePaths = new Set(
  [...section('Endpoints').matchAll(/`([^`]*)`/g)].flatMap((m) => [...m[1]!.matchAll(/(?:^|\s)(\/[^\s?`]*)/g)].map((p) => shape(p[1]!))),
);

// The app as the server builds it; no database is reached while routers are built.
const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' });
const db = new Proxy({}, { get: () => () => Promise.reject(new Error('no database here')) }) as unknown as Database;
const { routes } = recordRoutes(() => createApp({ config, db, logger: createLogger('silent') }));
// Served outside the app's router: staff GraphQL (src/graphql/mount.ts, its own Express app
// mounted by src/server.ts) and the metrics listener (src/metrics/process.ts).
const OTHER_ROUTES = [GRAPHQL_PATH, GRAPHIQL_PATH, METRICS_PATH];

const doc = buildDocument('http://localhost');
const documented = new Map(
  Object.entries(doc.paths ?? {}).map(([p, ops]) => [shape(p), new Set(Object.keys(ops as object).map((m) => m.toUpperCase()))]),
);

test('the routes are found', () => {
  // A guard on the recording itself: the doors' routes are all there.
  expect(routes.length).toBeGreaterThan(100);
  for (const p of ['/api/v1/public/contractors/search', '/mcp', '/a2a', '/pro/quotes/{quoteId}', '/owner/notice-emails/stop', '/healthz']) {
    expect(routes.map((r) => r.path)).toContain(p);
  }
});

test('every route the app registers is in the README endpoint table', () => {
  const missing = [...new Set([...routes.map((r) => r.path), ...OTHER_ROUTES])].filter((p) => !readmePaths.has(shape(p)));
  expect(missing).toEqual([]);
});

test('every JSON API route is an operation of the OpenAPI document; others are named with a reason', () => {
  const problems: string[] = [];
  for (const route of routes) {
    const ops = documented.get(shape(route.path));
    if (outsideTheDocument(route.path)) {
      if (ops) problems.push(`${route.path} is in the document and also listed as outside it (test/helpers/surface.ts)`);
      continue;
    }
    if (!ops) {
      problems.push(`${route.methods.join(',')} ${route.path}: not in the OpenAPI document`);
      continue;
    }
    // `ALL` is a method guard's 405 (src/http/method-guards.ts): the path's own methods are listed.
    for (const m of route.methods) if (m !== 'ALL' && !ops.has(m)) problems.push(`${m} ${route.path}: not in the OpenAPI document`);
  }
  expect(problems).toEqual([]);
});

test('every path of the OpenAPI document is in the README and is a route', () => {
  const routed = new Set(routes.map((r) => shape(r.path)));
  const paths = Object.keys(doc.paths ?? {});
  expect(paths.filter((p) => !readmePaths.has(shape(p)))).toEqual([]);
  expect(paths.filter((p) => !routed.has(shape(p)))).toEqual([]);
});

test('the layout table names every folder of src/', () => {
  const layout = section('What it is');
  const folders = fs
    .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `src/${d.name}/`);
  expect(folders.filter((f) => !layout.includes(`\`${f}\``))).toEqual([]);
});
