// The MCP tool schemas say what REST enforces and nothing vague: read over the real MCP SDK client
// from the running service, every tool is held to the rules below (so tools added later are too),
// and the MCP inspector's CLI in strict mode (--strict: its schema-portability lint) reports
// nothing, warnings included.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpClient } from '../helpers/mcp';
import { startTestService, type TestService } from '../helpers/server';
import { binOf, runTool, TOOL_TEST_TIMEOUT_MS } from '../helpers/tools';

// External tools run here: their bound, not jest's default, on a busy machine.
jest.setTimeout(TOOL_TEST_TIMEOUT_MS);

type Schema = Record<string, any>;

let svc: TestService;
let client: Client;
let tools: Array<{ name: string; inputSchema: Schema; outputSchema?: Schema }>;
beforeAll(async () => {
  svc = await startTestService();
  client = await mcpClient(svc);
  tools = (await client.listTools()).tools as typeof tools;
});
afterAll(async () => {
  await client.close();
  await svc.stop();
});

/** Ranges a parameter of this name has in REST (src/directory/params.ts). */
const RANGES: Record<string, [number, number]> = {
  page: [1, 3],
  lat: [-90, 90],
  minLat: [-90, 90],
  maxLat: [-90, 90],
  lng: [-180, 180],
  minLng: [-180, 180],
  maxLng: [-180, 180],
  radiusMiles: [1, 250],
  minRating: [0, 5],
};

/** Every problem of one schema: untyped nodes, type unions, stand-in bounds, inputs without a description. */
function schemaProblems(schema: Schema, where: string, isInput: boolean): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, path: string, property: boolean): void => {
    if (typeof node !== 'object' || node === null) return;
    const s = node as Schema;
    const keys = Object.keys(s).filter((k) => !['description', 'title', '$schema', 'default', 'examples'].includes(k));
    if (keys.length === 0) problems.push(`${path}: untyped schema (accepts anything)`);
    if (Array.isArray(s.type)) problems.push(`${path}: type is an array ${JSON.stringify(s.type)}`);
    // In an input it misstates what is accepted (an output's count may well be unbounded).
    for (const bound of isInput ? ['minimum', 'maximum'] : []) {
      if (Math.abs(s[bound]) === Number.MAX_SAFE_INTEGER) problems.push(`${path}: ${bound} is the safe-integer stand-in`);
    }
    if (isInput && property && typeof s.description !== 'string') problems.push(`${path}: no description`);
    for (const [name, sub] of Object.entries<Schema>(s.properties ?? {})) walk(sub, `${path}.${name}`, true);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.additionalProperties`, false);
    if (s.items) walk(s.items, `${path}.items`, false);
    for (const k of ['anyOf', 'oneOf', 'allOf']) (s[k] ?? []).forEach((sub: Schema, i: number) => walk(sub, `${path}.${k}[${i}]`, false));
  };
  walk(schema, where, false);
  return problems;
}

test('the rules catch what they are about', () => {
  expect(
    schemaProblems(
      { type: 'object', properties: { a: { type: 'integer', maximum: Number.MAX_SAFE_INTEGER }, b: { type: ['string', 'null'] } } },
      'in',
      true,
    ),
  ).toEqual([
    'in.a: maximum is the safe-integer stand-in',
    'in.a: no description',
    'in.b: type is an array ["string","null"]',
    'in.b: no description',
  ]);
  expect(schemaProblems({ type: 'object', additionalProperties: {} }, 'out', false)).toEqual([
    'out.additionalProperties: untyped schema (accepts anything)',
  ]);
});

test('the server does not advertise tools.listChanged: it is stateless and never notifies', () => {
  expect(client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
});

test('every tool: described inputs, typed outputs, no type unions, no stand-in bounds', () => {
  expect(tools.length).toBeGreaterThanOrEqual(17);
  const problems = tools.flatMap((t) => [
    ...schemaProblems(t.inputSchema, `${t.name}.inputSchema`, true),
    ...(t.outputSchema ? schemaProblems(t.outputSchema, `${t.name}.outputSchema`, false) : []),
  ]);
  expect(problems).toEqual([]);
});

test('limits, pages and coordinates carry the ranges REST enforces', () => {
  for (const t of tools) {
    for (const [name, p] of Object.entries<Schema>(t.inputSchema.properties ?? {})) {
      if (name === 'limit') {
        expect([t.name, name, p.type, p.minimum]).toEqual([t.name, name, 'integer', 1]);
        expect([t.name, name, p.maximum]).toEqual([t.name, name, expect.any(Number)]);
      }
      const range = RANGES[name];
      if (range) expect([t.name, name, p.minimum, p.maximum]).toEqual([t.name, name, ...range]);
    }
  }
  const search = tools.find((t) => t.name === 'search_contractors')!.inputSchema.properties;
  expect([search.limit.maximum, search.page.maximum]).toEqual([100, 3]);
});

test('get_contractor takes a slug or an id, and its schema says so', async () => {
  const schema = tools.find((t) => t.name === 'get_contractor')!.inputSchema;
  expect(schema.oneOf).toEqual([{ required: ['slug'] }, { required: ['id'] }]);
});

test("the MCP inspector's strict check (CLI mode) reports no finding, warnings included", async () => {
  const r = await runTool(binOf('@modelcontextprotocol/inspector', 'mcp-inspector'), [
    '--cli',
    `${svc.url}/mcp`,
    '--transport',
    'http',
    '--method',
    'tools/list',
    '--strict',
    '--format',
    'json',
  ]);
  expect([r.code, r.stderr]).toEqual([0, '']);
  const envelope = JSON.parse(r.stdout) as { result: { tools: unknown[] }; schemaFindings?: unknown[] };
  expect(envelope.result.tools).toHaveLength(tools.length);
  expect(envelope.schemaFindings ?? []).toEqual([]);
});
