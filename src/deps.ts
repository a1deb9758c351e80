// What the HTTP application and its routers are built from. Its own module, so routers need not
// import the application that mounts them (an import cycle).
import type { RequestHandler } from 'express';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Logger } from './log';

export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Staff GraphQL (src/graphql/mount.ts), which admits its own callers. */
  staffGraphql?: RequestHandler;
}
