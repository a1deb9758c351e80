// PostgreSQL text cannot hold U+0000: one NUL in any value sent fails the whole statement
// (SQLSTATE 22021; 22P05 inside jsonb), so it would end as a 500, and for the directory, whose
// admission shares the statement's round trip, uncounted. parseOrThrow looks for NULs in every
// input before its schema does, after the request's admission, so the answer is a counted 400.

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

/** The keys (and array indexes) leading to the first string or key that holds a NUL; null if none. */
export function nulBytePath(input: unknown): string[] | null {
  // Iterative and without copying paths: a 100 kB body can nest deeper than the call stack.
  const stack: Node[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (node.key?.includes('\0') || (typeof value === 'string' && value.includes('\0'))) return pathOf(node);
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    // Pushed in reverse, so the first NUL in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
  }
  return null;
}

function pathOf(node: Node): string[] {
  const path: string[] = [];
  for (let n: Node | null = node; n?.key != null; n = n.parent) path.unshift(n.key);
  return path;
}

/** A field name fit for a message: its NULs shown as `\0`. */
export function printablePath(path: string[]): string {
  return path.join('.').replaceAll('\0', '\\0');
}
