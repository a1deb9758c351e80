// What a GraphQL error tells the client. SQL functions raise the codes of db/ERRORS.md with
// client-safe messages, so they reach staff as the REST API would word them (with the HTTP status
// REST would use in `extensions.status`); other PostgreSQL errors get REST's generic texts, and
// unmapped ones are bugs: logged, and answered "Internal server error". A statement cancelled by
// GRAPHQL_STATEMENT_TIMEOUT_MS is the caller's query being too heavy (or the database too busy).
import type { GraphQLError as GraphQLErrorType } from 'postgraphile/graphql';
import type { Config } from '../config';
import { isPgError, toApiError } from '../errors';
import type { Logger } from '../log';
import { defaultMaskError, GraphQLError, isSafeError } from './postgraphile';

/** query_canceled: statement_timeout (or an operator's pg_cancel_backend). */
const QUERY_CANCELED = '57014';

/** The error, where it was, with another message. */
function reworded(error: GraphQLErrorType, message: string, extensions: Record<string, unknown>): GraphQLErrorType {
  const { nodes, source, positions, path, originalError } = error;
  return new GraphQLError(message, { nodes, source, positions, path, originalError, extensions });
}

export function maskError(logger: Logger, config: Config): (error: GraphQLErrorType) => GraphQLErrorType {
  const timedOut =
    `The query was cancelled after ${config.GRAPHQL_STATEMENT_TIMEOUT_MS} ms (statement timeout); ` +
    'narrow it with conditions or smaller pages, or try again later';
  return (error) => {
    const original = error.originalError;
    // Parse and validation errors, and Grafast's SafeErrors, are written for clients.
    if (!original || original instanceof GraphQLError || isSafeError(original)) return defaultMaskError(error);
    if (isPgError(original) && original.code === QUERY_CANCELED) {
      logger.warn({ err: original, path: error.path }, 'GraphQL statement cancelled');
      return reworded(error, timedOut, { status: 503 });
    }
    const known = toApiError(original);
    if (known === null && !isPgError(original)) {
      // PostGraphile's own refusals ("No values were updated in collection 'contractors' because
      // no values you can update were found ...") are written for API users, and staff are the
      // only callers: shown as they are, and logged.
      logger.warn({ err: original, path: error.path }, 'GraphQL operation failed');
      return error;
    }
    if (known === null) logger.error({ err: original, path: error.path }, 'unexpected database error in GraphQL');
    const extensions = known === null ? {} : { status: known.status, ...(known.details === undefined ? {} : { details: known.details }) };
    return reworded(error, known?.message ?? 'Internal server error', extensions);
  };
}
