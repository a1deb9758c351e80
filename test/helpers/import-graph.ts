// The import graph of the application (src/ and worker/), from the TypeScript compiler's own
// import scanner (ts.preProcessFile), so `import type`, `export ... from`, `require` and
// `import('...')` types all count; relative specifiers only (packages are not part of the graph).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['src', 'worker'];

export function sourceFiles(dir: string): string[] {
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

/** What a file imports, as written (relative paths and package names). */
export function specifiers(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((ref) => ref.fileName);
}

/** Each file (absolute path) with the files it imports. */
export function importGraph(): Map<string, string[]> {
  const files = new Set(FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(file).map((specifier) => resolve(file, specifier, files));
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
