// Which door a request came through and which operation it asked for: the labels of the request
// figures. Every value comes from a closed set (the OpenAPI document's operationIds, the MCP
// tools' and A2A skills' names, a few fixed names), never from the URL itself, so a path with an
// id or a made-up tool name cannot add a series.
import type { Request, Response } from 'express';
import { operationByName } from '../catalog';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from '../graphql/preset';
import { A2A_PATH } from '../openapi/agent-card';
import { buildDocument } from '../openapi/document';
import { restOperations } from './rest-operations';

export type Door = 'rest' | 'mcp' | 'a2a' | 'graphql' | 'other';

/** A request that matched no operation of its door. */
export const UNMATCHED = 'unmatched';

// MCP's own methods (everything but tools/call), as the label of a request that calls no tool.
const MCP_METHODS = new Set(['initialize', 'notifications/initialized', 'ping', 'tools/list']);

/** Set by a door that knows the operation better than the request shows it (A2A's skill). */
export function nameOperation(res: Response, operation: string): void {
  res.locals.operation = operationByName.has(operation) ? operation : UNMATCHED;
}

function mcpOperation(body: unknown): string {
  const { method, params } = (body ?? {}) as { method?: unknown; params?: { name?: unknown } };
  if (method === 'tools/call') return typeof params?.name === 'string' && operationByName.has(params.name) ? params.name : UNMATCHED;
  return typeof method === 'string' && MCP_METHODS.has(method) ? method : UNMATCHED;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

// The REST operations, from the OpenAPI document (the same for every configuration): built on
// the first request that needs it.
let rest: ReturnType<typeof restOperations> | undefined;

/** Where the application serves what (src/app.ts knows; this module imports no door). */
export interface DoorPaths {
  mcp: string;
  /** Paths of the "other" door that are an operation of their own (probes, discovery documents). */
  named: readonly string[];
}

export type Labeller = (req: Request, res: Response) => { door: Door; operation: string };

/** The door and operation of a request that has been answered. */
export function requestLabeller(paths: DoorPaths): Labeller {
  const named = new Set(paths.named);
  return (req, res) => {
    const path = req.originalUrl.split('?', 1)[0]!;
    if (isUnder(path, '/api')) {
      rest ??= restOperations(buildDocument('http://localhost'));
      return { door: 'rest', operation: rest(req.method, path) ?? UNMATCHED };
    }
    return nonRestLabels(path, req, res, paths.mcp, named);
  };
}

function nonRestLabels(path: string, req: Request, res: Response, mcpPath: string, named: Set<string>): ReturnType<Labeller> {
  if (path === mcpPath) return { door: 'mcp', operation: mcpOperation(req.body) };
  if (path === A2A_PATH) return { door: 'a2a', operation: (res.locals.operation as string | undefined) ?? UNMATCHED };
  if (path === GRAPHQL_PATH) return { door: 'graphql', operation: 'graphql' };
  if (isUnder(path, GRAPHIQL_PATH)) return { door: 'graphql', operation: 'graphiql' };
  if (named.has(path)) return { door: 'other', operation: path };
  if (isUnder(path, '/developers')) return { door: 'other', operation: 'portal' };
  return { door: 'other', operation: UNMATCHED };
}
