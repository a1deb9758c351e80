// No function in src/ or worker/ is longer than MAX_LINES lines of body: a reader takes each one
// in at once, and a longer one is split into named helpers (an OpenAPI document's paths live in
// each feature's openapi.ts). Function declarations, methods, constructors, accessors and every
// function or arrow expression count, each by the lines its body spans (braces included), read
// with the TypeScript compiler's own parser.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT, sourceFiles } from '../helpers/import-graph';

const MAX_LINES = 100;

/** What a function is called where it is defined: its own name, or the name it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name !== undefined) return node.name.getText();
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    parent.name !== undefined
  )
    return parent.name.getText();
  if (ts.isBinaryExpression(parent)) return parent.left.getText();
  return '(anonymous)';
}

/** `file:line name (n lines)` of each function whose body is longer than MAX_LINES. */
export function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const long: string[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const fn = node as ts.FunctionLikeDeclaration;
      const body = fn.body!;
      const lines = lineOf(body.getEnd()) - lineOf(body.getStart(source)) + 1;
      if (lines > MAX_LINES) long.push(`${path.relative(ROOT, file)}:${lineOf(fn.getStart(source))} ${nameOf(fn)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

test(`no function in src/ or worker/ has a body over ${MAX_LINES} lines`, () => {
  const files = ['src', 'worker'].flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
  expect(files.length).toBeGreaterThan(50);
  expect(files.flatMap(longFunctions)).toEqual([]);
});
