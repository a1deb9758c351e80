// The staff GraphQL endpoint: PostGraphile on its own connection pool, behind the same admission
// (key, rate limit) as the REST API plus the staff check (a staff grant, not the key's tier). Every operation runs as the
// caller's role with the caller's claims, so grants and row-level security decide, as for REST.
import express from 'express';
import type { Caller } from '../db/caller';
import type { AppDeps } from '../deps';
import { admission, requireStaff } from '../identity/admission';
import { trackPool } from '../metrics/database';
import { graphqlLimits } from './limits';
import { maskError } from './mask-error';
import { staffPool, staffTimeouts } from './pool';
import { grafserv, makePgService, postgraphile } from './postgraphile';
import { GRAPHIQL_PATH, GRAPHQL_PATH, staffPreset } from './preset';

const INTROSPECTION_TIMEOUT_MS = 60_000;
const STAFF_ROLE = 'marine_admin';

export interface StaffGraphql {
  /** Serves /graphql (staff only) and the /graphiql page; mount before the 404 fallback. */
  handler: express.Express;
  /** Stops PostGraphile and closes its pool. */
  release(): Promise<void>;
}

/** /graphql, /graphiql and what lies under them (the page's assets). */
function isOwnPath(path: string): boolean {
  return [GRAPHQL_PATH, GRAPHIQL_PATH].some((own) => path === own || path.startsWith(`${own}/`));
}

/** The transaction settings of a request: role and claims as src/db/transaction-head.ts sets them for REST, and the timeouts. */
function claimsOf(caller: Caller | undefined, timeouts: Record<string, string>): Record<string, string> {
  // The staff check runs before PostGraphile; reaching here without staff is a bug: refuse.
  if (caller?.staff !== true || caller.userId === null) throw new Error('staff GraphQL reached without a staff caller');
  // marine_admin is the staff role (db/CONVENTIONS.md): no key's tier leads to it, only this.
  return { role: STAFF_ROLE, 'app.user_id': caller.userId, ...timeouts };
}

/**
 * The app as grafserv adds its handler to it. grafserv is loaded with Node's own require
 * (postgraphile.ts), so under jest its async handler returns a Promise of Node's realm, not of
 * the code around it; Express' router takes that for a "Promise-like" and warns that such
 * handlers are deprecated. Through this view the router gets a native promise of its own realm
 * that settles as grafserv's does.
 */
function adoptingPromises(app: express.Express): express.Express {
  return new Proxy(app, {
    get(target, property, receiver) {
      if (property !== 'use') return Reflect.get(target, property, receiver) as unknown;
      return (handle: express.RequestHandler) => target.use((req, res, next) => Promise.resolve(handle(req, res, next)));
    },
  });
}

export async function mountStaffGraphql({ config, db, logger }: AppDeps): Promise<StaffGraphql> {
  const pool = staffPool(config, logger);
  trackPool('staff_graphql', pool);
  const timeouts = staffTimeouts(config);
  const pgService = makePgService({
    pool,
    schemas: ['app_public'],
    pubsub: false,
    pgSettings: (requestContext) => claimsOf(requestContext.expressv4?.req.caller, timeouts),
    // The schema shows what an admin may do (PostGraphile reads grants as the introspecting role).
    // Introspection is the service's own catalog read at start (about 0.6 s, more on a busy
    // machine): the staff statement timeout, however low it is set, must not stop the service
    // starting, so introspection runs with a timeout of its own (pool.ts).
    pgSettingsForIntrospection: { role: STAFF_ROLE, statement_timeout: String(INTROSPECTION_TIMEOUT_MS) },
  });
  const limits = graphqlLimits(config);
  const instance = postgraphile(staffPreset({ pgService, maskError: maskError(logger, config), limits }));
  // Releasing the instance releases its server; the service and its pool are released after it.
  const release = async () => {
    await instance.release();
    await pgService.release?.();
    await pool.end();
  };
  try {
    // Introspect now: a database PostGraphile cannot read stops start-up, not the first query.
    await instance.getSchema();
    const handler = express();
    handler.disable('x-powered-by');
    // Other paths leave this app at once, for the main app's 404, without a trip through grafserv.
    handler.use((req, _res, next) => next(isOwnPath(req.path) ? undefined : 'router'));
    handler.use(GRAPHQL_PATH, admission(db, config), requireStaff(db));
    await instance.createServ(grafserv).addTo(adoptingPromises(handler), null, false);
    return { handler, release };
  } catch (err) {
    await release();
    throw err;
  }
}
