// One entry of the catalog (src/catalog/index.ts): an operation as the agent doors offer it. The
// MCP tools (src/mcp/server.ts), the A2A skills (src/a2a/handler.ts) and the agent card
// (src/openapi/agent-card.ts) are each derived from the same entries, so the three cannot list
// different operations, run them differently or state a rule twice. `run` takes the door's
// input object (MCP: the arguments its input schema admitted; A2A: a data part's input, unchecked)
// and parses it with the REST rules through the feature's operations, so both doors answer the
// same input the same way.
import type { z } from 'zod';
import type { Config } from '../config';
import type { Caller } from '../db/caller';
import type { Database } from '../db/database';
import type { Logger } from '../log';

/** What an operation runs with: the caller the door admitted for this HTTP request, and its address. */
export interface OperationContext {
  db: Database;
  config: Config;
  /** The role the SQL runs as: req.caller, set by the admission of the door's POST. */
  caller: Caller;
  /** Express' req.ip (TRUST_PROXY decides), for the request flow's trusted-client rule. */
  ip: string;
  log: Logger;
}

export type Input = Record<string, unknown>;
export type Result = Record<string, unknown>;

/** What running the operation does to the world (MCP's tool annotations carry these names). */
export interface Effects {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** A read of our own data: no effect, the same answer twice, nothing outside this service. */
export const READ: Effects = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A zod object, or the raw shape of one (its fields). */
export type Shape = z.ZodObject | Record<string, z.ZodType>;

export interface Operation {
  /** The MCP tool's name and the A2A skill's id. */
  name: string;
  /** The MCP tool's title. */
  title: string;
  /** The MCP tool's description. */
  description: string;
  /** The arguments, typed (numbers as numbers); none: the operation takes no input. */
  input?: Shape;
  /** The result's shape (what `run` answers). */
  output: Shape;
  effects: Effects;
  /** How the agent card presents the operation as a skill, in its own words (name: the title when absent). */
  skill: { name?: string; description: string; tags: string[]; examples?: string[] };
  run(ctx: OperationContext, input: Input): Promise<Result>;
}

/**
 * Input values as a query string carries them, for the REST query parsers: numbers and booleans
 * become their text, an absent value stays absent, anything else is left for the parser to refuse.
 */
export function asQuery(input: Input): Input {
  const query: Input = {};
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) query[name] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }
  return query;
}
