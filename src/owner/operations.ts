// The owner's operations on their Opportunity (spec, "Owner read/write operations"), for every
// door (REST: routes.ts; the agent doors: src/catalog/owner.ts). Owner SQL runs as the anonymous
// role: the owner access token's digest is the credential, not an API key. Each door finds the
// token where its callers send it (token.ts) and maps the result: a write answers either
// {preview} (nothing written; confirm was not true) or {opportunityId}.
import type { z } from 'zod';
import { asTokenHolder, type Caller } from '../db/caller';
import type { Database } from '../db/database';
import { eventsQuery } from '../events/params';
import { parseOrThrow } from '../input/validate';
import {
  acceptEstimateBody,
  markCompleteBody,
  messageBody,
  missingInfoBody,
  noticeEmailsBody,
  opportunityPath,
  reviewBody,
  selectVisitBody,
} from './params';

type Json = Record<string, unknown>;

export interface Preview {
  preview: { action: string; detail: Record<string, unknown> };
}
export type WriteSchema = z.ZodType<{ ownerAccessToken?: string; confirm?: boolean }>;

/** A confirm-gated write: its body schema, SQL function and the SQL arguments after token and id. */
export interface OwnerWrite<S extends WriteSchema> {
  schema: S;
  fn: string;
  args: (body: z.output<S>) => unknown[];
}
const op = <S extends WriteSchema>(schema: S, fn: string, args: (body: z.output<S>) => unknown[]): OwnerWrite<S> => ({ schema, fn, args });

/** The reads of one Opportunity, by the SQL function each calls. */
export const ownerReads = {
  opportunity: 'owner_get_opportunity',
  status: 'owner_opportunity_status',
  visitOptions: 'owner_visit_options',
} as const;
export type OwnerRead = keyof typeof ownerReads;

export const ownerWrites = {
  messages: op(messageBody, 'owner_send_message', (b) => [b.quoteId, b.content]),
  missingInfo: op(missingInfoBody, 'owner_answer_missing_info', (b) => [b.quoteId, b.answers]),
  selectVisitTime: op(selectVisitBody, 'owner_select_visit_time', (b) => [b.quoteId, b.visitId, b.selectedTime]),
  acceptEstimate: op(acceptEstimateBody, 'owner_accept_estimate', (b) => [b.estimateId]),
  markComplete: op(markCompleteBody, 'owner_mark_complete', (b) => [b.quoteId]),
  review: op(reviewBody, 'owner_review', (b) => [b.quoteId, b.rating, b.review]),
  noticeEmails: op(noticeEmailsBody, 'owner_set_notice_emails', (b) => [b.send]),
};

/** The Opportunities the token is scoped to (one). */
export function listOwnerOpportunities(db: Database, caller: Caller, tokenDigest: string): Promise<Json> {
  return db.callJson<Json>(asTokenHolder(caller), 'app_hidden.owner_list_opportunities', [tokenDigest]);
}

/** One read of the Opportunity; `path` is {opportunityId} as a path carries it. */
export function readOwnerOpportunity(db: Database, caller: Caller, read: OwnerRead, tokenDigest: string, path: unknown): Promise<Json> {
  const { opportunityId } = parseOrThrow(opportunityPath, path, 'path');
  return db.callJson<Json>(asTokenHolder(caller), `app_hidden.${ownerReads[read]}`, [tokenDigest, opportunityId]);
}

/** A page of the Opportunity's events (its feed); `query` is {after, limit} as a query string carries them. */
export function listOwnerEvents(db: Database, caller: Caller, tokenDigest: string, path: unknown, query: unknown): Promise<Json> {
  const { opportunityId } = parseOrThrow(opportunityPath, path, 'path');
  const { after, limit } = parseOrThrow(eventsQuery, query, 'query');
  return db.callJson<Json>(asTokenHolder(caller), 'app_hidden.owner_list_events', [tokenDigest, opportunityId, after, limit]);
}

/**
 * One confirm-gated write: parses the body, then has the door find the token (the body may carry
 * it), then parses the path; without confirm: true the SQL function checks everything and writes
 * nothing (the preview).
 */
export function writeOwnerOpportunity<S extends WriteSchema>(
  db: Database,
  caller: Caller,
  write: OwnerWrite<S>,
  input: { body: unknown; path: unknown },
  tokenDigestOf: (bodyToken: string | undefined) => string,
): Promise<Preview | { opportunityId: string }> {
  const body = parseOrThrow(write.schema, input.body, 'body');
  const tokenDigest = tokenDigestOf(body.ownerAccessToken);
  const { opportunityId } = parseOrThrow(opportunityPath, input.path, 'path');
  return db.callJson<Preview | { opportunityId: string }>(asTokenHolder(caller), `app_hidden.${write.fn}`, [
    tokenDigest,
    opportunityId,
    ...write.args(body),
    body.confirm === true,
  ]);
}
