// One MCP server with every tool, built for one HTTP request (stateless mode): the tools close
// over that request's caller and address, so each call runs exactly as a REST request would.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './context';
import { registerDirectoryTools } from './tools/directory';
import { registerOwnerTools } from './tools/owner';
import { registerRequestTools } from './tools/requests';

export const SERVER_INFO = { name: 'marine-services', version: '0.1.0' } as const;

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'Marine contractor directory and owner-verified service requests. Search with search_contractors or ' +
      'geo_search_contractors; request quotes for a consenting owner with create_service_request, then ' +
      'confirm_service_request with the code the owner received; manage the Opportunity with the owner_* tools and ' +
      'the owner access token (writes need confirm: true, otherwise they return a preview).',
  });
  registerDirectoryTools(server, ctx);
  registerRequestTools(server, ctx);
  registerOwnerTools(server, ctx);
  // McpServer advertises tools.listChanged on its own; this server is stateless (one per request)
  // and can never send the notification, so it says so.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
