// What every tool of one MCP request works with: the request's caller (from the API's admission)
// and client address, so tools run with the same role, limits and trust as the REST routes.
import type { Config } from '../config';
import type { Caller, Database } from '../db/database';
import type { Logger } from '../log';

export interface ToolContext {
  db: Database;
  config: Config;
  /** The role the SQL runs as: req.caller, set by admission on POST /mcp. */
  caller: Caller;
  /** Express' req.ip (TRUST_PROXY decides), for the trusted-client check. */
  ip: string;
  log: Logger;
}
