// The OpenAPI document passes Redocly's recommended ruleset (redocly.yaml) and Spectral's
// spectral:oas (.spectral.yaml) with no finding of any severity; both also check every example
// against its schema. A document with a known fault fails both, so this test can fail.
import { buildDocument } from '../../src/openapi/document';
import { binOf, runTool, tempJson, TOOL_TEST_TIMEOUT_MS } from '../helpers/tools';

// External tools run here: their bound, not jest's default, on a busy machine.
jest.setTimeout(TOOL_TEST_TIMEOUT_MS);

interface Finding {
  rule: string;
  at: string;
  message: string;
}

async function redocly(doc: unknown): Promise<Finding[]> {
  const file = tempJson('openapi.json', doc);
  const r = await runTool(binOf('@redocly/cli', 'redocly'), ['lint', file, '--config', 'redocly.yaml', '--format', 'json']);
  const report = JSON.parse(r.stdout) as { problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
  return report.problems.map((p) => ({ rule: p.ruleId, at: p.location[0]?.pointer ?? '', message: p.message }));
}

async function spectral(doc: unknown): Promise<Finding[]> {
  const file = tempJson('openapi.json', doc);
  const r = await runTool(binOf('@stoplight/spectral-cli', 'spectral'), [
    'lint',
    file,
    '--ruleset',
    '.spectral.yaml',
    '--format',
    'json',
    '--fail-severity',
    'hint',
    '--quiet',
  ]);
  const start = r.stdout.indexOf('[');
  if (start < 0) throw new Error(`spectral printed no report (exit ${r.code}): ${r.stdout}${r.stderr}`);
  const results = JSON.parse(r.stdout.slice(start)) as Array<{ code: string; message: string; path: string[] }>;
  return results.map((p) => ({ rule: p.code, at: p.path.join('/'), message: p.message }));
}

const doc = buildDocument('https://marinepros.example');

test("Redocly's recommended ruleset: no errors, no warnings", async () => {
  expect(await redocly(doc)).toEqual([]);
});

test("Spectral's spectral:oas ruleset: no findings of any severity", async () => {
  expect(await spectral(doc)).toEqual([]);
});

test('both linters catch a missing operationId and an example that does not match its schema', async () => {
  const broken = structuredClone(doc) as any;
  const search = broken.paths['/api/v1/public/contractors/search'].get;
  delete search.operationId;
  search.responses['200'].content['application/json'].example.contractors[0].reviewCount = 'four';
  const [fromRedocly, fromSpectral] = await Promise.all([redocly(broken), spectral(broken)]);
  expect(fromRedocly.map((f) => f.rule)).toEqual(expect.arrayContaining(['operation-operationId', 'no-invalid-media-type-examples']));
  expect(fromSpectral.map((f) => f.rule)).toEqual(expect.arrayContaining(['operation-operationId', 'oas3-valid-media-example']));
});
