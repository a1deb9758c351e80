// One JSON-RPC message per POST. MCP revision 2025-06-18 removed batching, but the SDK's transport
// still runs up to 100 messages of one POST at once: 100 tool calls for one admitted request,
// on as many pooled connections (docs/decisions.md, "MCP endpoint").
import type { RequestHandler } from 'express';

export const BATCH_REFUSED = 'Invalid Request: JSON-RPC batches are not accepted; send one message per POST';

/** A batch (a JSON array body) is a JSON-RPC Invalid Request with HTTP 400, as the SDK answers malformed messages. */
export const refuseBatches: RequestHandler = (req, res, next) => {
  if (!Array.isArray(req.body)) {
    next();
    return;
  }
  res.status(400).json({ jsonrpc: '2.0', error: { code: -32600, message: BATCH_REFUSED }, id: null });
};
