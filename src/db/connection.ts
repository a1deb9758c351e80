// What goes over one pooled connection: node-pg's callback form of query and connect (send,
// checkOut, sendWatching; why the callback form is below), json columns left unparsed
// (RAW_JSON_TYPES), and a value as the literal pg would send as its parameter (literalOf).
import pg from 'pg';
import { RawJson } from '../json/raw-json';

// pg's own conversion of a parameter value to its text form (dates, arrays, JSON, null).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue(value: unknown): unknown };

/** Hears every failure of a checkout or a statement (the metrics count the timeouts among them). */
export type FaultListener = (err: unknown) => void;

// json and jsonb columns as RawJson (unparsed); every other type as pg parses it.
const JSON_OIDS = new Set([114, 3802]);
export const RAW_JSON_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    JSON_OIDS.has(oid)
      ? (text: string) => new RawJson(text)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * client.query through node-pg's callback form. Its promise form kept every result alive through
 * the young-generation collections (~70% of what a query allocated survived and was promoted, so
 * the old generation filled with pages and a full collection ran every few hundred requests);
 * through the callback form 0.1% survives (docs/performance-history.md, entry 16; bench/promotion.ts).
 * A PostgreSQL error's stack is then the socket read's, not the caller's (the promise form
 * rewrote it); errors are mapped by their code, so only a logged 500's stack is shorter.
 */
export function send<R extends pg.QueryResultRow>(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    client.query<R>(config, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** pool.connect through the callback form, for the same reason as send(); a failure is told to onFault. */
export function checkOut(pool: pg.Pool, onFault: FaultListener | undefined): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    pool.connect((err, client) => {
      if (!err) return resolve(client!);
      onFault?.(err);
      reject(err);
    });
  });
}

/** Like send(), and hands each row to onRow as it arrives (before a later statement fails). */
export function sendWatching<R extends pg.QueryResultRow>(
  client: pg.PoolClient,
  config: pg.QueryConfig,
  onRow: (row: Record<string, unknown>) => void,
): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    const query = new pg.Query(config, (err, result) => (err ? reject(err) : resolve(result as unknown as pg.QueryResult<R>)));
    query.on('row', onRow);
    client.query(query);
  });
}

/** The literal of a value as pg would send it as a parameter (prepareValue), quoted. */
export function literalOf(client: pg.PoolClient, v: unknown): string {
  const value = prepareValue(v);
  if (value === null || value === undefined) return 'null';
  if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'::bytea`;
  return client.escapeLiteral(String(value));
}
