// A NUL (U+0000) wherever an operation takes input is a 400 naming the field, never a 500 (PostgreSQL
// rejects the whole statement), and it is counted like any request. Every operation of the OpenAPI
// document is tried with a NUL in each query parameter, each path parameter and each string field
// of its JSON body, so a new route is covered as soon as it is documented.
import { esc } from '../../src/html/escape';
import { buildDocument } from '../../src/openapi/document';
import { startTestService, type TestService } from '../helpers/server';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  format?: string;
  const?: unknown;
}
interface Operation {
  id: string;
  method: string;
  template: string;
  query: string[];
  path: string[];
  body?: Schema;
  security: Array<Record<string, string[]>>;
}

const doc = buildDocument('http://localhost') as unknown as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content: Record<string, { schema: Schema }> };
        security: Array<Record<string, string[]>>;
      }
    >
  >;
};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([template, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    id: `${method.toUpperCase()} ${template}`,
    method: method.toUpperCase(),
    template,
    query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    path: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
    body: op.requestBody?.content['application/json']?.schema,
    security: op.security,
  })),
);

// The confirm page from the e-mail is never admitted (any number of GETs change nothing).
const UNCOUNTED = new Set(['GET /api/v1/public/search-mcp/service-requests/{requestId}/confirm']);
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** A value the schema accepts: required fields only, formats the service checks. */
function example(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, example(schema.properties![name]!)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => example(schema.items!));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email') return 'nul.test@example.com';
      if (schema.format === 'date-time') return '2030-01-01T10:00:00Z';
      if (schema.format === 'date') return '2030-01-01';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

/** Every string field of a schema (array items as index 0), optional ones included. */
function stringFields(schema: Schema, path: string[] = []): string[][] {
  if (schema.type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([name, s]) => stringFields(s, [...path, name]));
  }
  if (schema.type === 'array' && schema.items) return stringFields(schema.items, [...path, '0']);
  return schema.type === 'string' ? [path] : [];
}

function withValueAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value) || /^\d+$/.test(head)) {
    const copy = Array.isArray(value) ? [...value] : [];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, leaf);
    return copy;
  }
  const object = (value ?? {}) as Record<string, unknown>;
  return { ...object, [head]: withValueAt(object[head], rest, leaf) };
}

interface Case {
  name: string;
  op: Operation;
  url: string;
  body?: unknown;
  error: string;
}

function url(op: Operation, nulIn?: string, query = ''): string {
  return op.template.replace(/\{(\w+)\}/g, (_m, p: string) => (p === nulIn ? 'a%00b' : SOME_ID)) + query;
}

const cases: Case[] = operations.flatMap((op) => {
  const body = op.body && example(op.body);
  return [
    ...op.query.map((p) => ({
      name: `${op.id}: query ${p}`,
      op,
      url: url(op, undefined, `?${p}=a%00b`),
      body,
      error: `Invalid query parameter '${p}': must not contain NUL bytes`,
    })),
    ...op.path.map((p) => ({
      name: `${op.id}: path ${p}`,
      op,
      url: url(op, p),
      body,
      error: `Invalid path parameter '${p}': must not contain NUL bytes`,
    })),
    ...(op.body ? stringFields(op.body) : []).map((field) => ({
      name: `${op.id}: body ${field.join('.')}`,
      op,
      url: url(op),
      body: withValueAt(body, field, 'a\0b'),
      error: `Invalid body field '${field.join('.')}': must not contain NUL bytes`,
    })),
  ];
});

let svc: TestService;
let apiKey: string;

beforeAll(async () => {
  svc = await startTestService();
  const reg = await svc.send('POST', '/api/agents/register', {
    firstName: 'Nul',
    lastName: 'Tester',
    email: 'nul.tester@example.com',
    password: 'a long enough password',
  });
  apiKey = reg.body.data.credentials.apiKey;
});
afterAll(() => svc.stop());

/** Credentials that pass each operation's checks that come before its input is parsed. */
function headersFor(op: Operation, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = hasBody ? { 'content-type': 'application/json' } : {};
  const schemes = op.security.flatMap((s) => Object.keys(s));
  if (schemes.includes('ownerToken')) headers['x-service-owner-access-token'] = 'ab'.repeat(32);
  else if (schemes.includes('proToken')) headers['x-service-pro-access-token'] = 'ab'.repeat(32);
  else if (schemes.length > 0 && op.security.every((s) => 'apiKey' in s)) headers.authorization = `Bearer ${apiKey}`;
  return headers;
}

const send = (c: Case) =>
  svc.get(c.url, {
    method: c.op.method,
    headers: headersFor(c.op, c.body !== undefined),
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });

test('every operation with input is tried', () => {
  const tried = new Set(cases.map((c) => c.op.id));
  expect(operations.filter((op) => op.query.length + op.path.length > 0 || op.body).map((op) => op.id)).toEqual([...tried]);
  expect(cases.length).toBeGreaterThan(50);
});

test.each(cases.map((c) => [c.name, c] as const))('%s: a counted 400 naming the field', async (_name, c) => {
  const first = await send(c);
  const second = await send(c);
  for (const r of [first, second]) {
    expect(r.status).toBe(400);
    if (typeof r.body === 'string')
      expect(r.body).toContain(esc(c.error)); // the confirm page answers HTML
    else expect(r.body).toEqual({ success: false, error: c.error, details: expect.stringContaining('NUL') });
  }
  if (UNCOUNTED.has(c.op.id)) return;
  const remaining = [first, second].map((r) => Number(r.headers.get('ratelimit-remaining') ?? NaN));
  expect(remaining[1]).toBe(remaining[0]! - 1);
});

test("a NUL in a query parameter's name, and in a form-encoded confirm, are 400s too", async () => {
  const key = await svc.get('/api/v1/public/contractors/search?q%00=x');
  expect([key.status, key.body.error]).toEqual([400, "Invalid query parameter 'q\\0': must not contain NUL bytes"]);

  const form = await svc.get(`/api/v1/public/search-mcp/service-requests/${SOME_ID}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'verificationCode=1234%005678',
  });
  expect(form.status).toBe(400);
  expect(form.body).toContain(esc("Invalid body field 'verificationCode': must not contain NUL bytes"));
});

test('a NUL request counts against the quota like a valid one', async () => {
  const search = '/api/v1/public/contractors/search?q=diesel';
  const before = Number((await svc.get(search)).headers.get('ratelimit-remaining'));
  expect((await svc.get('/api/v1/public/contractors/a%00b')).status).toBe(400);
  const after = Number((await svc.get(search)).headers.get('ratelimit-remaining'));
  expect(after).toBe(before - 2);
});
