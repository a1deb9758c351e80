// The MCP endpoint (/mcp, Streamable HTTP). Built in issue 6.
import { Router } from 'express';
import type { AppDeps } from '../http/app';

export function mcpRouter(_deps: AppDeps): Router {
  return Router();
}
