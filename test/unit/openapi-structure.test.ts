// Rules every operation of the OpenAPI document follows, checked over the whole document so an
// operation added later is held to them too: an operationId, a summary and a description; an
// example for every parameter, request body and response body; RateLimit-* on every response of
// an admitted operation, typed as integers; Retry-After on every 429 and 503; the caching headers.
import { buildDocument } from '../../src/openapi/document';

type Json = Record<string, any>;
const doc = buildDocument('https://marinepros.example') as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const operations: Array<{ name: string; path: string; op: Json }> = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((m) => m in item).map((m) => ({ name: `${m.toUpperCase()} ${path}`, path, op: item[m] })),
);
/** Operations answered without admission (no RateLimit-*): each has its own reason (DESIGN.md). */
const NOT_ADMITTED = new Set(['registerAgent', 'getServiceRequestConfirmPage']);

test('the document has operations to check', () => {
  expect(operations.length).toBeGreaterThanOrEqual(25);
});

describe.each(operations)('$name', ({ path, op }) => {
  test('has a unique camelCase operationId, a summary, a description and a tag', () => {
    expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(operations.filter((o) => o.op.operationId === op.operationId)).toHaveLength(1);
    expect(op.summary).toEqual(expect.any(String));
    expect(op.description?.length).toBeGreaterThan(20);
    expect(op.tags).toHaveLength(1);
  });

  test('every parameter has a description and an example; path parameters are required', () => {
    for (const p of op.parameters ?? []) {
      // Its example, or (a parameter of another request variant than "Try it out" sends) its schema's.
      expect([p.name, p.example ?? p.schema?.examples?.[0]]).not.toEqual([p.name, undefined]);
      expect([p.name, typeof p.description]).toEqual([p.name, 'string']);
      if (p.in === 'path') expect([p.name, p.required]).toEqual([p.name, true]);
    }
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const declared = (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
    expect(declared.sort()).toEqual(templated.sort());
  });

  test('every request body and response body has an example', () => {
    for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
      expect([type, media.example ?? media.examples]).not.toEqual([type, undefined]);
    }
    for (const [status, response] of Object.entries<Json>(op.responses)) {
      for (const [type, media] of Object.entries<Json>(response.content ?? {})) {
        expect([status, type, media.example ?? media.examples]).not.toEqual([status, type, undefined]);
      }
    }
  });

  test('RateLimit-* on every response of an admitted operation (integers); Retry-After on 429 and 503', () => {
    const admitted = path.startsWith('/api/') && !NOT_ADMITTED.has(op.operationId);
    for (const [status, response] of Object.entries<Json>(op.responses)) {
      const headers: Json = response.headers ?? {};
      for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
        if (admitted) expect([status, name, headers[name]?.schema?.type]).toEqual([status, name, 'integer']);
        else expect([status, name, headers[name]]).toEqual([status, name, undefined]);
        if (admitted && status.startsWith('2')) expect([status, name, headers[name].required]).toEqual([status, name, true]);
      }
      if (status === '429' || status === '503') expect([status, headers['Retry-After']?.schema?.type]).toEqual([status, 'integer']);
    }
  });

  test('caching headers on every response: nosniff; no-store unless a directory read, which varies on the key', () => {
    const directoryRead = op.tags[0] === 'Directory';
    for (const [status, response] of Object.entries<Json>(op.responses)) {
      const headers: Json = response.headers ?? {};
      expect([status, headers['X-Content-Type-Options']?.schema?.const]).toEqual([status, 'nosniff']);
      expect([status, headers['Cache-Control']?.schema?.const]).toEqual([status, directoryRead ? undefined : 'no-store']);
      expect([status, headers.Vary?.schema?.example]).toEqual([status, expect.stringContaining('Authorization')]);
    }
  });
});

test('license, contact and a relative server, so "Try it out" calls whichever origin served the document', () => {
  expect(doc.info.license).toEqual({ name: expect.any(String), url: 'https://marinepros.example/developers#terms' });
  expect(doc.info.contact).toEqual({ name: expect.any(String), url: 'https://marinepros.example/developers' });
  expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
});

test("no integer carries zod's stand-in bounds (the safe-integer range) instead of a real limit", () => {
  expect(JSON.stringify(doc)).not.toContain(String(Number.MAX_SAFE_INTEGER));
});

test('page-size parameters state their maxima', () => {
  for (const { op } of operations) {
    for (const p of op.parameters ?? []) {
      if (p.name === 'limit' || p.name === 'page')
        expect([op.operationId, p.name, p.schema.maximum]).toEqual([op.operationId, p.name, expect.any(Number)]);
    }
  }
});
