// Every response a test receives from a documented operation is checked against the OpenAPI
// document: an undocumented status or a body that does not match fails the test. A JSON success
// of a route the document does not have fails too, unless test/helpers/surface.ts names the route
// (with its reason); the errors of what runs before any route (404, 405, 400, 413, 401) pass.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildDocument } from '../../src/openapi/document';
import { outsideTheDocument } from './surface';

type Doc = ReturnType<typeof buildDocument>;
const doc: Doc = buildDocument('http://localhost');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc as object, 'openapi.json');

// Templates with fewer parameters first, so /contractors/search wins over /contractors/{slug}.
const templates = Object.keys(doc.paths ?? {})
  .map((t) => ({ t, params: (t.match(/\{/g) ?? []).length, re: new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`) }))
  .sort((a, b) => a.params - b.params);

const compiled = new Map<string, ValidateFunction>();
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function checkResponse(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
  const path = new URL(url, 'http://x').pathname;
  const match = templates.find((t) => t.re.test(path));
  const op =
    match &&
    (doc.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>)[match.t]![
      method.toLowerCase()
    ];
  if (!match || !op) {
    // Not a documented operation: a route outside the document (health, GraphQL, pages), an
    // error of what runs before any route (the body parser's 400 and 413, admission, the 404 of
    // an unknown path, the 405 of a known one's other methods), or HEAD on a documented GET. A
    // JSON success is a route the document lacks.
    const fallback = status >= 400 || (match !== undefined && method.toUpperCase() === 'HEAD');
    if (contentType?.includes('application/json') && !fallback && !outsideTheDocument(path)) {
      throw new Error(
        `OpenAPI: ${method} ${path} answered ${status} in JSON, and the document has no such operation (test/helpers/surface.ts)`,
      );
    }
    return;
  }
  const response = op.responses[String(status)];
  if (!response) throw new Error(`OpenAPI: ${method} ${match.t} answered ${status}, which the document does not list`);
  if (!contentType?.includes('application/json') || !response.content?.['application/json']) return;
  const key = `${method} ${match.t} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({
      $ref: `openapi.json#/${pointer('paths', match.t, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`,
    });
    compiled.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(`OpenAPI: ${key} does not match the document: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }
}
