// The layout's rules (docs/architecture.md, "The catalog and the direction of imports"): imports
// point one way, composition -> doors -> catalog -> operations -> database. The composition
// (src/app.ts, with src/server.ts and src/main.ts above it) is the only module that reaches a
// door; no door reaches another door; the agent doors (MCP, A2A) and the agent card take their
// operations from the catalog; neither the catalog, the operations nor the database layer know
// HTTP, MCP or A2A. Reaching counts imports through any helper in between, type-only ones included.
import path from 'node:path';
import { importGraph, ROOT, specifiers } from '../helpers/import-graph';

const graph = importGraph();
const name = (file: string) => path.relative(ROOT, file);
const files = [...graph.keys()].map(name).sort();
const importsOf = (file: string) => graph.get(path.join(ROOT, file))!.map(name);

/** Every module a module reaches through its imports (itself excluded, unless through a cycle). */
function reachable(file: string): string[] {
  const seen = new Set<string>();
  const queue = importsOf(file);
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...importsOf(next));
  }
  return [...seen].sort();
}

/** Above the doors: the application that mounts them, the server that runs it, the entry point. */
const COMPOSITION = new Set(['src/app.ts', 'src/server.ts', 'src/main.ts']);

/**
 * The door a module belongs to, or null: the agent doors (src/mcp/, src/a2a/), the portal's
 * pages, staff GraphQL's mount, and each feature's REST routes with the HTML pages they answer.
 */
function doorOf(file: string): string | null {
  const folder = /^src\/(mcp|a2a|portal)\//.exec(file)?.[1];
  if (folder !== undefined) return folder;
  if (file === 'src/graphql/mount.ts') return 'graphql';
  const feature = /^src\/([^/]+)\/(?:routes|pages)\.ts$/.exec(file)?.[1];
  return feature === undefined ? null : `web:${feature}`;
}

const isOperations = (file: string) => /^src\/[^/]+\/operations\.ts$/.test(file);
const isCatalog = (file: string) => file.startsWith('src/catalog/');
const AGENT_PACKAGES = (specifier: string) =>
  specifier === 'express' || specifier.startsWith('@modelcontextprotocol/') || specifier.startsWith('@a2a-js/');

/** `file -> target` for each module `file` reaches that `wrong` says it must not. */
const reaches = (from: string[], wrong: (file: string, target: string) => boolean) =>
  from.flatMap((file) =>
    reachable(file)
      .filter((target) => wrong(file, target))
      .map((target) => `${file} -> ${target}`),
  );

test('the layers exist where the rules below look for them', () => {
  expect(files).toEqual(expect.arrayContaining([...COMPOSITION, 'src/catalog/index.ts', 'src/mcp/server.ts', 'src/a2a/handler.ts']));
  expect(files.filter(isOperations)).toEqual(
    expect.arrayContaining([
      'src/directory/operations.ts',
      'src/identity/operations.ts',
      'src/owner/operations.ts',
      'src/requests/operations.ts',
    ]),
  );
  expect([...new Set(files.map(doorOf))]).toEqual(
    expect.arrayContaining([
      'mcp',
      'a2a',
      'portal',
      'graphql',
      'web:directory',
      'web:identity',
      'web:owner',
      'web:requests',
      'web:openapi',
    ]),
  );
});

test('only the composition reaches a door: no door reaches another door, nothing below reaches one', () => {
  const outside = files.filter((file) => !COMPOSITION.has(file));
  const wrong = reaches(outside, (file, target) => doorOf(target) !== null && doorOf(target) !== doorOf(file));
  expect(wrong).toEqual([]);
});

test('nothing reaches the composition from below (no door imports the application)', () => {
  const wrong = reaches(
    files.filter((file) => !COMPOSITION.has(file)),
    (_file, target) => COMPOSITION.has(target),
  );
  expect(wrong).toEqual([]);
});

test('the agent doors and the agent card take their operations from the catalog only', () => {
  const agentSide = files.filter((file) => ['mcp', 'a2a'].includes(doorOf(file) ?? '') || file === 'src/openapi/agent-card.ts');
  const wrong = agentSide.flatMap((file) =>
    importsOf(file)
      .filter(isOperations)
      .map((target) => `${file} -> ${target}`),
  );
  expect(wrong).toEqual([]);
});

test('the catalog sits above the operations: no operation and nothing of the database reaches it', () => {
  const below = files.filter((file) => isOperations(file) || file.startsWith('src/db/'));
  expect(reaches(below, (_file, target) => isCatalog(target))).toEqual([]);
});

test('the catalog and the operations know nothing of HTTP, MCP or A2A', () => {
  const wrong = files
    .filter((file) => isCatalog(file) || isOperations(file))
    .flatMap((file) =>
      [
        ...importsOf(file).filter((target) => target.startsWith('src/http/')),
        ...specifiers(path.join(ROOT, file)).filter(AGENT_PACKAGES),
      ].map((target) => `${file} -> ${target}`),
    );
  expect(wrong).toEqual([]);
});

test('the database layer imports nothing of HTTP', () => {
  const wrong = files
    .filter((file) => file.startsWith('src/db/'))
    .flatMap((file) =>
      [
        ...importsOf(file).filter((target) => !target.startsWith('src/db/') && !target.startsWith('src/json/')),
        ...specifiers(path.join(ROOT, file)).filter((specifier) => specifier === 'express'),
      ].map((target) => `${file} -> ${target}`),
    );
  expect(wrong).toEqual([]);
});

test('reaching follows imports through the modules in between', () => {
  // The application imports no catalog module itself; it reaches the catalog through a door.
  expect(importsOf('src/app.ts').filter(isCatalog)).toEqual([]);
  expect(reachable('src/app.ts')).toEqual(expect.arrayContaining(['src/catalog/index.ts', 'src/requests/operations.ts']));
});
