// The catalog of operations the agent doors offer, in the order they are listed: the MCP tools
// (src/mcp/server.ts), the A2A skills (src/a2a/handler.ts) and the agent card's skills
// (src/openapi/agent-card.ts) are all derived from it. Adding an operation to the agent doors is
// adding an entry to one of these lists (docs/architecture.md, "The catalog").
import { claimOperations } from './claims';
import { directoryOperations } from './directory';
import type { Operation } from './operation';
import { ownerOperations } from './owner';
import { proOperations } from './pro';
import { requestOperations } from './requests';

export const CATALOG: readonly Operation[] = [
  ...directoryOperations,
  ...requestOperations,
  ...ownerOperations,
  ...proOperations,
  ...claimOperations,
];

export const operationByName: ReadonlyMap<string, Operation> = new Map(CATALOG.map((op) => [op.name, op]));
