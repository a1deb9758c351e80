// JSON text that goes into a response as it came from PostgreSQL. A page of list items is built
// by one SQL function as JSON text; parsing it only to stringify it again cost about 0.65 ms
// per request (docs/performance.md), so the envelope is serialized around it instead.
import { randomBytes } from 'node:crypto';

export class RawJson {
  constructor(readonly text: string) {}
}

// Stands for a RawJson in the envelope's JSON: a NUL and a per-process nonce, which no other
// string of an envelope can contain (the nonce is never sent).
const NONCE = randomBytes(8).toString('hex');
const MARKER = new RegExp(`"\\\\u0000${NONCE}:(\\d+)"`);

/** The envelope's JSON with each RawJson's text spliced in, as the body's bytes. */
export function jsonWithRaw(value: unknown): Buffer {
  const raws: RawJson[] = [];
  const skeleton = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `\u0000${NONCE}:${raws.push(v) - 1}` : v));
  if (raws.length === 0) return Buffer.from(skeleton);
  // split() with a capture group alternates text and marker numbers. A page appears in both
  // variants: each RawJson is encoded once and copied twice.
  const encoded = new Map<RawJson, Buffer>();
  const parts = skeleton.split(MARKER).map((part, i) => {
    if (i % 2 === 0) return Buffer.from(part);
    const raw = raws[Number(part)]!;
    let bytes = encoded.get(raw);
    if (!bytes) encoded.set(raw, (bytes = Buffer.from(raw.text)));
    return bytes;
  });
  return Buffer.concat(parts);
}

/** The same value with every RawJson parsed (for callers that need objects: MCP tools). */
export function materialize<T>(value: T): T {
  return JSON.parse(jsonWithRaw(value).toString()) as T;
}
