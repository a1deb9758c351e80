// Tool results: data as structuredContent (and as JSON text for clients that read only text);
// failures as isError results carrying the REST API's status and message for the same failure.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toApiError } from '../errors';
import type { OperationContext } from '../catalog/operation';

export type Structured = Record<string, unknown>;

export function success(data: Structured): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** The REST error body plus its HTTP status, as the text of an isError result. */
export function failure(err: unknown, ctx: Pick<OperationContext, 'log'>): CallToolResult {
  const apiError = toApiError(err);
  let body: Structured;
  if (apiError === null) {
    ctx.log.error({ err }, 'unexpected error in an MCP tool');
    body = { success: false, status: 500, error: 'Internal server error' };
  } else {
    body = { success: false, status: apiError.status, error: apiError.message };
    if (apiError.details !== undefined) body.details = apiError.details;
    const retryAfter = apiError.headers['Retry-After'];
    if (retryAfter !== undefined) body.retryAfter = Number(retryAfter);
  }
  // No structuredContent: clients validate it against the tool's output schema, which
  // describes success only.
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** Runs a tool's body; any error becomes an isError result instead of a protocol error. */
export async function run(ctx: Pick<OperationContext, 'log'>, body: () => Promise<Structured>): Promise<CallToolResult> {
  try {
    return success(await body());
  } catch (err) {
    return failure(err, ctx);
  }
}
