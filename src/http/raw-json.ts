// JSON text that goes into a response as it came from PostgreSQL. A page of list items is built
// by one SQL function as JSON text; parsing it only to stringify it again cost about 0.65 ms
// per request (docs/performance.md), so the envelope is stringified around it instead.
import { randomBytes } from 'node:crypto';

export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with every RawJson's text spliced in unchanged. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  // A marker no other string of the envelope can contain (a NUL and a fresh nonce).
  const nonce = randomBytes(6).toString('hex');
  const skeleton = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? `\u0000${nonce}:${raws.push(v.text) - 1}` : v);
  if (raws.length === 0) return skeleton;
  return skeleton.replace(new RegExp(`"\\\\u0000${nonce}:(\\d+)"`, 'g'), (_m, i: string) => raws[Number(i)]!);
}

/** The same value with every RawJson parsed (for callers that need objects: MCP tools). */
export function materialize<T>(value: T): T {
  return JSON.parse(stringifyWithRaw(value)) as T;
}
