// One MCP server with a tool for every operation of the catalog (src/catalog/), built for one
// HTTP request (stateless mode): the tools close over that request's caller and address, so each
// call runs exactly as a REST request would. A tool is its operation's name, title, description,
// input and output schemas and effects (as annotations); its result is the operation's answer,
// and a failure the REST error as an isError result (results.ts).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CATALOG } from '../catalog';
import type { Input, OperationContext } from '../catalog/operation';
import { run } from './results';

export const SERVER_INFO = { name: 'marine-services', version: '0.1.0' } as const;

/** What every tool of one MCP request works with. */
export type ToolContext = OperationContext;

export function createMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'Marine contractor directory and owner-verified service requests. Search with search_contractors or ' +
      'geo_search_contractors; request quotes for a consenting owner with create_service_request, then ' +
      'confirm_service_request with the code the owner received; manage the Opportunity with the owner_* tools and ' +
      'the owner access token (writes need confirm: true, otherwise they return a preview). A pro selected for a request ' +
      'works its quote with the pro_* tools and the pro access token from the link in its e-mail (the same confirm rule).',
  });
  for (const op of CATALOG) {
    const config = {
      title: op.title,
      description: op.description,
      inputSchema: op.input,
      outputSchema: op.output,
      annotations: op.effects,
    };
    // Without an input schema the SDK calls the tool with no arguments (its first parameter is then
    // the request's context).
    const argsOf = (args: unknown): Input => (op.input === undefined ? {} : (args as Input));
    server.registerTool(op.name, config, (args: unknown) => run(ctx, () => op.run(ctx, argsOf(args))));
  }
  // McpServer advertises tools.listChanged on its own; this server is stateless (one per request)
  // and can never send the notification, so it says so.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
