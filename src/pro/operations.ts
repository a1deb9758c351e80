// The pro's operations on its quote thread (issue 26), for every door (REST: routes.ts; the page:
// pages.ts). Pro SQL runs as the anonymous role: the pro access token's digest is the credential,
// not an API key. Each door finds the token where its callers send it (token.ts) and maps the
// result: a write answers either {preview} (nothing written; confirm was not true) or
// {quoteId, ...the written row's id}.
import type { z } from 'zod';
import { asTokenHolder, type Caller } from '../db/caller';
import type { Database } from '../db/database';
import { eventsQuery } from '../events/params';
import { parseOrThrow } from '../input/validate';
import type { Preview } from '../owner/operations';
import {
  pageVisitTimesForm,
  proDeclineBody,
  proEstimateBody,
  proMessageBody,
  proQuestionsBody,
  proVisitTimesBody,
  quotePath,
} from './params';

type Json = Record<string, unknown>;
export type ProWriteSchema = z.ZodType<{ proAccessToken?: string; confirm?: boolean }>;
export type ProWritten = { quoteId: string } & Record<string, unknown>;

/** A confirm-gated write: its body schema, SQL function and the SQL arguments after token and quote. */
export interface ProWrite<S extends ProWriteSchema> {
  schema: S;
  fn: string;
  args: (body: z.output<S>) => unknown[];
}
const op = <S extends ProWriteSchema>(schema: S, fn: string, args: (body: z.output<S>) => unknown[]): ProWrite<S> => ({ schema, fn, args });

export const proWrites = {
  messages: op(proMessageBody, 'pro_message_owner', (b) => [b.content]),
  missingInfo: op(proQuestionsBody, 'pro_ask_missing_info', (b) => [b.questions]),
  visitTimes: op(proVisitTimesBody, 'pro_offer_visit_times', (b) => [b.times]),
  estimates: op(proEstimateBody, 'pro_send_estimate', (b) => [b.amount, b.currency, b.description, b.validUntil]),
  decline: op(proDeclineBody, 'pro_decline_request', (b) => [b.reason]),
  /** The page's visit form: local times in a named zone, which PostgreSQL reads as instants. */
  pageVisitTimes: op(pageVisitTimesForm, 'pro_offer_visit_times', (b) => [b.times.map((t) => `${t} ${b.zone}`)]),
};

/** The request and the pro's thread; `path` is {quoteId} as a path carries it. */
export function readProQuote(db: Database, caller: Caller, tokenDigest: string, path: unknown): Promise<Json> {
  const { quoteId } = parseOrThrow(quotePath, path, 'path');
  return db.callJson<Json>(asTokenHolder(caller), 'app_hidden.pro_get_quote', [tokenDigest, quoteId]);
}

/** A page of the quote's events (the pro's feed); `query` is {after, limit} as a query string carries them. */
export function listProEvents(db: Database, caller: Caller, tokenDigest: string, path: unknown, query: unknown): Promise<Json> {
  const { quoteId } = parseOrThrow(quotePath, path, 'path');
  const { after, limit } = parseOrThrow(eventsQuery, query, 'query');
  return db.callJson<Json>(asTokenHolder(caller), 'app_hidden.pro_list_events', [tokenDigest, quoteId, after, limit]);
}

/**
 * One confirm-gated write: parses the body, then has the door find the token (the body may carry
 * it), then parses the path; without confirm: true the SQL function checks everything and writes
 * nothing (the preview).
 */
export function writeProQuote<S extends ProWriteSchema>(
  db: Database,
  caller: Caller,
  write: ProWrite<S>,
  input: { body: unknown; path: unknown },
  tokenDigestOf: (bodyToken: string | undefined) => string,
): Promise<Preview | ProWritten> {
  const body = parseOrThrow(write.schema, input.body, 'body');
  const tokenDigest = tokenDigestOf(body.proAccessToken);
  const { quoteId } = parseOrThrow(quotePath, input.path, 'path');
  return db.callJson<Preview | ProWritten>(asTokenHolder(caller), `app_hidden.${write.fn}`, [
    tokenDigest,
    quoteId,
    ...write.args(body),
    body.confirm === true,
  ]);
}
