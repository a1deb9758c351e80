// The OpenAPI document is valid OpenAPI 3.1, and the response check the API tests rely on does
// fail when a response strays from it.
import type SwaggerParserType from '@apidevtools/swagger-parser';
import { buildDocument } from '../../src/openapi/document';
import { checkResponse } from '../helpers/openapi';

// swagger-parser's ref parser is an ES module: loaded with Node's own require (see worker/graphile-worker.ts).
const SwaggerParser = process.getBuiltinModule('node:module').createRequire(__filename)(
  '@apidevtools/swagger-parser',
) as typeof SwaggerParserType;

test('the document passes a real OpenAPI 3.1 validator', async () => {
  const doc = buildDocument('https://api.example.com');
  expect(doc.openapi).toBe('3.1.0');
  await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
});

test('every operation of the spec is in the document', () => {
  const doc = buildDocument('https://api.example.com');
  const ops = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`),
  );
  for (const op of [
    'POST /api/agents/register',
    'GET /api/account/me',
    'POST /api/v1/user-api-keys',
    'GET /api/v1/public/contractors/search',
    'GET /api/v1/public/contractors/geo-search',
    'GET /api/v1/public/contractors/specialties',
    'GET /api/v1/public/contractors/{slug}',
    'GET /api/v1/public/contractors/by-id/{id}',
    'POST /api/v1/public/search-mcp/service-requests',
    'GET /api/v1/public/search-mcp/service-requests/{requestId}/confirm',
    'POST /api/v1/public/search-mcp/service-requests/{requestId}/confirm',
    'GET /api/v1/public/search-mcp/owner/opportunities',
    'GET /api/v1/public/search-mcp/owner/opportunities/{opportunityId}',
    'GET /api/v1/public/search-mcp/owner/opportunities/{opportunityId}/status',
    'GET /api/v1/public/search-mcp/owner/opportunities/{opportunityId}/visit-options',
    ...['messages', 'missing-info', 'select-visit-time', 'accept-estimate', 'mark-complete', 'review', 'notice-emails'].map(
      (s) => `POST /api/v1/public/search-mcp/owner/opportunities/{opportunityId}/${s}`,
    ),
    'GET /api/v1/public/articles',
    'GET /api/v1/public/blog',
  ])
    expect(ops).toContain(op);
});

describe('the response check', () => {
  const json = 'application/json; charset=utf-8';
  test('passes a documented body', () => {
    expect(() =>
      checkResponse('GET', '/api/v1/public/contractors/specialties', 200, json, {
        success: true,
        data: { specialties: [] },
        specialties: [],
      }),
    ).not.toThrow();
  });
  test('fails a body with a missing or extra field', () => {
    expect(() => checkResponse('GET', '/api/v1/public/contractors/specialties', 200, json, { success: true, specialties: [] })).toThrow(
      /does not match/,
    );
    expect(() => checkResponse('GET', '/api/v1/public/articles', 200, json, { articles: [], nextCursor: null, extra: 1 })).toThrow(
      /does not match/,
    );
  });
  test('fails an undocumented status and matches the most specific path', () => {
    expect(() => checkResponse('GET', '/api/v1/public/contractors/search', 418, json, {})).toThrow(/does not list/);
    expect(() => checkResponse('GET', '/api/v1/public/contractors/search', 404, json, {})).toThrow(/does not list/);
    expect(() => checkResponse('GET', '/api/v1/public/contractors/some-slug', 404, json, { success: false, error: 'x' })).not.toThrow();
  });
  test('ignores the routes outside the document and the fallbacks', () => {
    expect(() => checkResponse('GET', '/healthz', 200, json, { anything: true })).not.toThrow();
    expect(() => checkResponse('POST', '/mcp', 200, json, { jsonrpc: '2.0' })).not.toThrow();
    expect(() => checkResponse('DELETE', '/api/v1/public/contractors/search', 405, json, {})).not.toThrow();
    expect(() => checkResponse('GET', '/api/v1/nothing-here', 404, json, { success: false, error: 'x' })).not.toThrow();
  });
  test('fails a JSON answer of a route the document does not have', () => {
    expect(() => checkResponse('GET', '/api/v1/undocumented', 200, json, {})).toThrow(/no such operation/);
    expect(() => checkResponse('PUT', '/api/v1/public/contractors/search', 200, json, {})).toThrow(/no such operation/);
    expect(() => checkResponse('GET', '/status', 200, json, {})).toThrow(/no such operation/);
  });
});
