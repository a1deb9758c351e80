// Nothing the service does on a request makes a dependency warn that it is deprecated. Express'
// router warned "handlers that are Promise-like are deprecated" for staff GraphQL, whose handler
// (grafserv, loaded with Node's own require) returned a Promise of another realm under jest.
// depd sends its warnings to 'deprecation' listeners when there are some, instead of stderr.
import { staffKeyOf, registerAgent } from '../helpers/staff';
import { startTestService, type TestService } from '../helpers/server';

const warnings: string[] = [];
const listener = (err: Error) => warnings.push(err.message);
process.on('deprecation', listener);

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  process.off('deprecation', listener);
  await svc.stop();
});

test('staff GraphQL and REST requests: no deprecation warning', async () => {
  const staffKey = await staffKeyOf(svc, await registerAgent(svc));
  const gql = await svc.get('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staffKey}` },
    body: JSON.stringify({ query: '{ allSpecialties(first: 1) { nodes { slug } } }' }),
  });
  expect(gql.status).toBe(200);
  expect(gql.body.errors).toBeUndefined();
  expect((await svc.get('/api/v1/public/contractors/search?limit=1')).status).toBe(200);
  expect((await svc.get('/api/v1/public/search-mcp/owner/opportunities', { method: 'PUT' })).status).toBe(405);
  expect(warnings).toEqual([]);
});
