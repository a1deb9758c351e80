// No import cycle in the application (src/ and worker/), type-only imports included
// (docs/decisions.md, "Operations apart from transports").
import path from 'node:path';
import ts from 'typescript';
import { cycles, importGraph, ROOT } from '../helpers/import-graph';

test('src/ and worker/ import no module that imports them back (type imports included)', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(50);
  const name = (file: string) => path.relative(ROOT, file);
  const named = cycles(graph).map(
    ({ cycle, members }) => `${cycle.map(name).join(' -> ')} (modules in this cycle group: ${members.map(name).join(', ')})`,
  );
  expect(named).toEqual([]);
});

test('the check finds a cycle, type-only imports included', () => {
  const a = path.join(ROOT, 'a.ts');
  const b = path.join(ROOT, 'b.ts');
  const c = path.join(ROOT, 'c.ts');
  expect(
    cycles(
      new Map([
        [a, [b]],
        [b, [c]],
        [c, [a]],
      ]),
    ),
  ).toEqual([{ cycle: [a, b, c, a], members: [a, b, c] }]);
  expect(
    cycles(
      new Map([
        [a, [b]],
        [b, []],
      ]),
    ),
  ).toEqual([]);
  const scanned = ts.preProcessFile("import type { X } from './x';\nexport { y } from './y';\ntype Z = import('./z').Z;", true, true);
  expect(scanned.importedFiles.map((ref) => ref.fileName)).toEqual(['./x', './y', './z']);
});
