// The layout's rules (docs/decisions.md, "Operations apart from transports"): operations are
// apart from the doors that call them (REST routers, MCP tools), doors never import each other,
// and neither the operations nor the database layer know HTTP.
import path from 'node:path';
import { importGraph, ROOT, specifiers } from '../helpers/import-graph';

const graph = importGraph();
const name = (file: string) => path.relative(ROOT, file);
const files = [...graph.keys()].map(name).sort();
const importsOf = (file: string) => graph.get(path.join(ROOT, file))!.map(name);

const isDoor = (file: string) =>
  /^src\/[^/]+\/routes\.ts$/.test(file) || file.startsWith('src/mcp/tools/') || file === 'src/portal/owner-help.ts';
// Where doors are mounted: the Express application (routers) and the MCP server (tools).
const MOUNTS = new Set(['src/app.ts', 'src/mcp/server.ts']);

test('no door imports another door; only the application and the MCP server mount them', () => {
  const wrong = files.flatMap((file) =>
    importsOf(file)
      .filter(isDoor)
      .filter(() => !MOUNTS.has(file))
      .map((door) => `${file} -> ${door}`),
  );
  expect(wrong).toEqual([]);
});

test('operations import no door and nothing of HTTP, MCP or A2A', () => {
  const operations = files.filter((file) => /^src\/[^/]+\/operations\.ts$/.test(file));
  expect(operations).toEqual(
    expect.arrayContaining([
      'src/directory/operations.ts',
      'src/identity/operations.ts',
      'src/owner/operations.ts',
      'src/requests/operations.ts',
    ]),
  );
  const wrong = operations.flatMap((file) =>
    [
      ...importsOf(file).filter(
        (target) => isDoor(target) || target.startsWith('src/http/') || target.startsWith('src/mcp/') || target.startsWith('src/a2a/'),
      ),
      ...specifiers(path.join(ROOT, file)).filter(
        (specifier) => specifier === 'express' || specifier.startsWith('@modelcontextprotocol/') || specifier.startsWith('@a2a-js/'),
      ),
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
