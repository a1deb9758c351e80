// The API reference's "Try it out" (Swagger UI in the developer portal) works as it comes: for
// every operation of the OpenAPI document, the request Swagger UI builds from the examples (each
// parameter's `example`, else its schema's `example` or `default`; the request body's example)
// is a valid request, and so is each other request variant the document lists (the search's
// Variant B, the geo-search's box). Sent without credentials, it may be refused for want of one
// (401, 403), of a real id (404) or by the state (409), never as invalid (400) or worse; the
// directory's examples are real (the demo data): each is a 200.
import { buildDocument, REQUEST_VARIANTS } from '../../src/openapi/document';
import { startTestService, type TestService } from '../helpers/server';

type Json = Record<string, any>;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const doc = buildDocument('https://marinepros.example') as Json;
const METHODS = ['get', 'post', 'delete'];
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((m) => m in item).map((method) => ({ path, method, op: item[method] as Json })),
);

/** A parameter's value as Swagger UI fills it in (a schema's `examples` it shows, never sends). */
const valueOf = (p: Json): unknown => p.example ?? p.schema?.example ?? p.schema?.default;

/** The request Swagger UI sends; `variant`: another request the document lists, in place of the parameters' examples. */
function requestOf(path: string, method: string, op: Json, variant?: Record<string, unknown>): { url: string; init: RequestInit } {
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    const value = variant === undefined || p.in === 'path' ? valueOf(p) : variant[p.name];
    if (value === undefined) continue;
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    if (p.in === 'query') query.set(p.name, String(value));
  }
  const body = op.requestBody?.content?.['application/json']?.example;
  const init: RequestInit = { method: method.toUpperCase() };
  if (body !== undefined) Object.assign(init, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { url: query.size > 0 ? `${url}?${query}` : url, init };
}

const cases = operations.flatMap(({ path, method, op }) => [
  { name: `${op.operationId as string}: as "Try it out" comes`, path, method, op, variant: undefined },
  ...Object.entries(REQUEST_VARIANTS[op.operationId] ?? {})
    .slice(1)
    .map(([name, { values }]) => ({ name: `${op.operationId as string}: the ${name} request`, path, method, op, variant: values })),
]);

test('the variants are listed in their operation, each with its request', () => {
  expect(cases.length).toBeGreaterThan(operations.length);
  for (const [operationId, variants] of Object.entries(REQUEST_VARIANTS)) {
    const { path, op } = operations.find((o) => o.op.operationId === operationId)!;
    for (const { values } of Object.values(variants)) expect(op.description).toContain(`${path}?${new URLSearchParams(values as never)}`);
  }
});

/** Answers to a valid request: done, a preview, or refused for the credential, the id or the state. */
const VALID = [200, 201, 202, 401, 403, 404, 409];

test.each(cases)('$name: a valid request', async ({ path, method, op, variant }) => {
  const { url, init } = requestOf(path, method, op, variant);
  const r = await svc.get(url, init);
  const valid = op.tags[0] === 'Directory' ? [200] : VALID;
  const refused = valid.includes(r.status) ? null : { status: r.status, body: r.body };
  expect({ url, refused }).toEqual({ url, refused: null });
});
