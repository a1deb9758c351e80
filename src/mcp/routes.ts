// The MCP endpoint (/mcp, Streamable HTTP, stateless). Each POST is admitted like any /api
// request (API key as Bearer or anonymous by address; rate-limit headers; 401/429 in the API's
// error shape), then gets a fresh server and transport bound to that request's caller.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Router } from 'express';
import type { AppDeps } from '../http/app';
import { methodNotAllowed } from '../http/errors';
import { admission } from '../identity/admission';
import { createMcpServer } from './server';

export const MCP_PATH = '/mcp';

export function mcpRouter(deps: AppDeps): Router {
  const { config, db } = deps;
  const router = Router();

  router.post(MCP_PATH, admission(db, config), async (req, res) => {
    const server = createMcpServer({ db, config, caller: req.caller, ip: req.ip ?? '', log: req.log });
    // No sessions: nothing to keep between requests, and any API process can answer any call.
    // JSON responses: every tool answers once, so there is nothing to stream.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  router.all(MCP_PATH, methodNotAllowed(['POST']));
  return router;
}
