// Encoders for PostgreSQL's COPY text format: one line per row, columns separated by tabs,
// NULL as \N, and backslash, tab, newline and carriage return escaped with a backslash.
// Arrays and jsonb are first written as their own literals, then escaped like any text.

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export const NULL = '\\N';

export function text(value: string | null): string {
  if (value === null) return NULL;
  return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
}

export function int(value: number | null): string {
  if (value === null) return NULL;
  if (!Number.isInteger(value)) throw new TypeError(`not an integer: ${value}`);
  return String(value);
}

export function decimal(value: number | null): string {
  return value === null ? NULL : String(value);
}

export function bool(value: boolean): string {
  return value ? 't' : 'f';
}

/** A text[] literal: every element double-quoted, with " and \ backslash-escaped inside. */
export function textArray(items: readonly string[]): string {
  return text(`{${items.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
}

export function json(value: unknown): string {
  return text(JSON.stringify(value));
}

/** A geography point as EWKT; PostGIS wants longitude first. */
export function point(lat: number, lng: number): string {
  return `SRID=4326;POINT(${lng} ${lat})`;
}
