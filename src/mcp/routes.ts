// The MCP endpoint (/mcp, Streamable HTTP, stateless). Each POST is admitted like any /api
// request (API key as Bearer or anonymous by address; rate-limit headers; 401/429 in the API's
// error shape), carries one JSON-RPC message (batches are refused), then gets a fresh server and
// transport bound to that request's caller.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Router } from 'express';
import type { AppDeps } from '../deps';
import { BODY_LIMIT_BYTES } from '../http/body-limit';
import { methodNotAllowed } from '../http/errors';
import { admission } from '../identity/admission';
import { refuseBatches } from './batch';
import { createMcpServer } from './server';

export const MCP_PATH = '/mcp';

export function mcpRouter(deps: AppDeps): Router {
  const { config, db } = deps;
  const router = Router();

  // Admitted first, so a refused batch still counts once.
  router.post(MCP_PATH, admission(db, config), refuseBatches, async (req, res) => {
    const server = createMcpServer({ db, config, caller: req.caller, ip: req.ip ?? '', log: req.log });
    // No sessions: nothing to keep between requests, and any API process can answer any call.
    // JSON responses: every tool answers once, so there is nothing to stream.
    // The body limit applies if the transport ever reads a body express.json left alone.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: BODY_LIMIT_BYTES,
    });
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
