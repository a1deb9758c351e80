// An MCP client (the official SDK's Client over Streamable HTTP) against a test service, and
// readers for tool results: structuredContent on success, the REST-shaped error on isError.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestService } from './server';

export async function mcpClient(svc: TestService, apiKey?: string): Promise<Client> {
  const client = new Client({ name: 'marine-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', svc.url), {
    requestInit: apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : undefined,
  });
  await client.connect(transport);
  return client;
}

export interface ToolError {
  success: false;
  status: number;
  error: string;
  details?: string;
  retryAfter?: number;
}

/** Calls a tool that must succeed; returns its structuredContent. */
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  return r.structuredContent;
}

/** Calls a tool that must fail; returns the error body from its text content. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolError> {
  const r = await client.callTool({ name, arguments: args });
  if (!r.isError) throw new Error(`${name} succeeded: ${JSON.stringify(r.structuredContent)}`);
  const [first] = r.content as Array<{ type: string; text: string }>;
  try {
    return JSON.parse(first!.text);
  } catch {
    // An SDK-level refusal (the input schema): plain text, reported as a 400.
    return { success: false, status: 400, error: first!.text };
  }
}
