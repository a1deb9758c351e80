// Discovery documents: valid JSON / llms.txt, and every link in them resolves on this server.
import { startTestService, type TestService } from '../helpers/server';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

async function resolves(url: string): Promise<number> {
  expect(url.startsWith(svc.url)).toBe(true);
  return (await svc.get(url.slice(svc.url.length))).status;
}

test('the OpenAPI document is served as JSON at its stable path', async () => {
  const r = await svc.get('/developers/openapi.json');
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('application/json');
  // A relative server: "Try it out" and clients call whichever origin served the document.
  expect(r.body).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/' }] });
  expect(r.body.info.license.url).toBe(`${svc.url}/developers#terms`);
  expect((await svc.get(r.body.info.license.url.slice(svc.url.length))).body).toContain('id="terms"');
  expect((await svc.get('/openapi.json')).body).toEqual(r.body);
});

test.each(['/.well-known/agent.json', '/.well-known/agent-card.json'])('%s is an agent card whose links resolve', async (path) => {
  const r = await svc.get(path);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('application/json');
  const card = r.body;
  expect(card).toMatchObject({
    name: expect.any(String),
    description: expect.any(String),
    version: '1.0.0',
    provider: { organization: expect.any(String), url: svc.url },
    securitySchemes: expect.any(Object),
  });
  expect(card.skills.length).toBeGreaterThanOrEqual(4);
  for (const skill of card.skills)
    expect(skill).toMatchObject({ id: expect.any(String), name: expect.any(String), description: expect.any(String) });
  expect([card.documentationUrl, await resolves(card.documentationUrl)]).toEqual([card.documentationUrl, 200]);
  // The A2A endpoint it names answers POST only (test/e2e/a2a.test.ts runs it).
  expect([card.url, await resolves(card.url)]).toEqual([card.url, 405]);
});

test('/llms.txt follows llmstxt.org: a title, a summary, sections of links that all resolve', async () => {
  const r = await svc.get('/llms.txt');
  expect(r.status).toBe(200);
  const text: string = r.body;
  const lines = text.split('\n');
  expect(lines[0]).toMatch(/^# \S/);
  expect(lines.find((l) => l.startsWith('> '))).toBeDefined();
  expect(text).toMatch(/^## Docs$/m);
  const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(: .+)?$/gm)].map((m) => m[2]!);
  expect(links.length).toBeGreaterThanOrEqual(4);
  expect(links.some((l) => l.endsWith('.md'))).toBe(true);
  for (const url of links) expect([url, await resolves(url)]).toEqual([url, 200]);
  const md = await svc.get('/developers/quickstart.md');
  expect(md.headers.get('content-type')).toContain('text/markdown');
  expect(md.body).toContain('/api/agents/register');
});
