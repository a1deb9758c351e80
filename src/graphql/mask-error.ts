// What a GraphQL error tells the client. SQL functions raise the codes of db/ERRORS.md with
// client-safe messages, so they reach staff as the REST API would word them (with the HTTP status
// REST would use in `extensions.status`); other PostgreSQL errors get REST's generic texts, and
// unmapped ones are bugs: logged, and answered "Internal server error".
import type { GraphQLError as GraphQLErrorType } from 'postgraphile/graphql';
import { isPgError, toApiError } from '../http/errors';
import type { Logger } from '../log';
import { defaultMaskError, GraphQLError, isSafeError } from './postgraphile';

export function maskError(logger: Logger): (error: GraphQLErrorType) => GraphQLErrorType {
  return (error) => {
    const original = error.originalError;
    // Parse and validation errors, and Grafast's SafeErrors, are written for clients.
    if (!original || original instanceof GraphQLError || isSafeError(original)) return defaultMaskError(error);
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
    return new GraphQLError(known?.message ?? 'Internal server error', {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: original,
      extensions,
    });
  };
}
