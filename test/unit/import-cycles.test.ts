// No import cycle in the application (src/ and worker/), type-only imports included: doors
// (REST routers, MCP tools) import operations, never each other (docs/decisions.md, "Layout").
// The graph comes from the TypeScript compiler's own import scanner, so `import type`,
// `export ... from`, `require` and `import('...')` types all count.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['src', 'worker'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (`./x`, `./x.js`, `./x/index`), or null outside the graph. */
function resolve(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => files.has(candidate)) ?? null;
}

export function importGraph(): Map<string, string[]> {
  const files = new Set(FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles.map((ref) => resolve(file, ref.fileName, files));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))]);
  }
  return graph;
}

/**
 * One cycle per strongly connected component (Tarjan): a path that ends where it starts, and
 * every module of the component (each lies on some cycle through the others).
 */
export function cycles(graph: Map<string, string[]>): Array<{ cycle: string[]; members: string[] }> {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: Array<{ cycle: string[]; members: string[] }> = [];

  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.add(member);
    } while (member !== node);
    if (component.size > 1 || graph.get(node)!.includes(node)) {
      found.push({ cycle: cycleWithin(graph, component, node), members: [...component].sort() });
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** A shortest path from start back to start inside one component (breadth-first). */
function cycleWithin(graph: Map<string, string[]>, component: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

test('src/ and worker/ import no module that imports them back (type imports included)', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(50);
  const name = (file: string) => path.relative(ROOT, file);
  const named = cycles(graph).map(({ cycle, members }) => `${cycle.map(name).join(' -> ')} (modules in this cycle group: ${members.map(name).join(', ')})`);
  expect(named).toEqual([]);
});

test('the check finds a cycle, type-only imports included', () => {
  const a = path.join(ROOT, 'a.ts');
  const b = path.join(ROOT, 'b.ts');
  const c = path.join(ROOT, 'c.ts');
  expect(cycles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual([{ cycle: [a, b, c, a], members: [a, b, c] }]);
  expect(cycles(new Map([[a, [b]], [b, []]]))).toEqual([]);
  const scanned = ts.preProcessFile("import type { X } from './x';\nexport { y } from './y';\ntype Z = import('./z').Z;", true, true);
  expect(scanned.importedFiles.map((ref) => ref.fileName)).toEqual(['./x', './y', './z']);
});
