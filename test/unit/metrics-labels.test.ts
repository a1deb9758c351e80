// The request figures' labels come from closed sets: REST operations from the OpenAPI document's
// operationIds (a path with an id becomes its operation), MCP tools and A2A skills by their
// shared names; and the database faults the metrics count as timeouts.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { timeoutOf } from '../../src/db/faults';
import { operationByName as skillById } from '../../src/catalog';
import { createMcpServer, type ToolContext } from '../../src/mcp/server';
import { restOperations } from '../../src/metrics/rest-operations';
import { buildDocument } from '../../src/openapi/document';

const rest = restOperations(buildDocument('http://localhost'));

test('a REST request is named by its OpenAPI operationId; a literal segment wins over a parameter', () => {
  expect(rest('GET', '/api/v1/public/contractors/search')).toBe('searchContractors');
  expect(rest('HEAD', '/api/v1/public/contractors/search')).toBe('searchContractors');
  expect(rest('GET', '/api/v1/public/contractors/blue-water-marine-7')).toBe('getContractorBySlug');
  expect(rest('GET', '/api/v1/public/contractors/by-id/0b6f6c1e-8f1a-4a59-9d43-0f6a1c2f3e4d')).toBe('getContractorById');
  expect(rest('DELETE', '/api/v1/user-api-keys/0b6f6c1e-8f1a-4a59-9d43-0f6a1c2f3e4d')).toBe('revokeApiKey');
  expect(rest('POST', '/api/v1/public/search-mcp/owner/opportunities/0b6f6c1e-8f1a-4a59-9d43-0f6a1c2f3e4d/messages')).toBe(
    'ownerSendMessage',
  );
  // No operation: the label is "unmatched", never the path.
  expect(rest('POST', '/api/v1/public/contractors/search')).toBeUndefined();
  expect(rest('GET', '/api/v1/public/contractors/')).toBeUndefined();
  expect(rest('GET', '/api/v2/anything')).toBeUndefined();
});

test('every MCP tool is named like an A2A skill, so a tool call is labelled by its name', async () => {
  const server = createMcpServer({ config: { trustedClients: [] } } as unknown as ToolContext);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'labels', version: '1' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  await client.close();
  expect(tools.length).toBeGreaterThan(10);
  expect(tools.map((t) => t.name).filter((name) => !skillById.has(name))).toEqual([]);
});

test('the timeouts counted: acquire, statement, idle in transaction; not a cancelled statement or a dropped connection', () => {
  expect(timeoutOf(new Error('timeout exceeded when trying to connect'))).toBe('acquire');
  expect(timeoutOf({ code: '57014', message: 'canceling statement due to statement timeout' })).toBe('statement');
  expect(timeoutOf({ code: '25P03', message: 'terminating connection due to idle-in-transaction timeout' })).toBe('idle_in_transaction');
  expect(timeoutOf({ code: '57014', message: 'canceling statement due to user request' })).toBeNull();
  expect(timeoutOf(new Error('Connection terminated unexpectedly'))).toBeNull();
  expect(timeoutOf(null)).toBeNull();
});
