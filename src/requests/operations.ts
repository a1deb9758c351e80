// The owner request flow's operations (spec: "Search MCP flow"), for every door (REST:
// routes.ts; the agent doors: src/catalog/requests.ts): step 1 records a draft, step 2 confirms
// it; the confirm page reads what a link would confirm. Each parses its raw input, calls one SQL
// function and returns plain data. Steps 1 and 2 are for trusted client addresses only: each
// checks its client first (trusted-clients.ts), whichever door calls it. (REST also refuses an
// untrusted address before admission, so that refusal is not counted: src/requests/routes.ts.)
import type { Config } from '../config';
import { mintToken, sha256, verificationDigest } from '../credentials';
import { ANONYMOUS, type Caller } from '../db/caller';
import type { Database } from '../db/database';
import { parseOrThrow } from '../input/validate';
import { confirmBody, requestIdPath, serviceRequestBody } from './params';
import { requireTrustedClient } from './trusted-clients';

/** Who runs a step of the request flow: the admitted caller and the client's address. */
export interface Client {
  caller: Caller;
  /** Express' req.ip (TRUST_PROXY decides). */
  ip: string;
}

export interface ConfirmationView {
  requestId: string;
  status: 'draft' | 'promoted';
  service: string;
  location: string;
  description: string;
  expiresAt: string;
  pros: string[];
}

export interface Confirmation {
  status: 'created' | 'no_coverage' | 'already_confirmed';
  requestId: string;
  opportunityId: string;
  source: string;
  quotes: Array<{ quoteId: string; contractorSlug: string; contractorName: string; opportunityId: string; threadStatus: string }>;
  ownerAccessToken: string | null;
}

export async function createServiceRequest(db: Database, config: Config, client: Client, body: unknown): Promise<Record<string, unknown>> {
  requireTrustedClient(config, client.ip);
  const b = parseOrThrow(serviceRequestBody, body, 'body');
  return db.callJson(client.caller, 'app_hidden.create_service_request', [
    b.owner.firstName,
    b.owner.lastName ?? null,
    b.owner.email,
    b.owner.phone ?? null,
    b.project.specialtySlug,
    b.project.location,
    b.project.description,
    b.contractorSlugs,
    b.ownerConsent.statement ?? null,
    b.clientRequestId ?? null,
    config.VERIFICATION_LIFETIME_SECONDS,
  ]);
}

export async function confirmServiceRequest(
  db: Database,
  config: Config,
  client: Client,
  path: unknown,
  body: unknown,
): Promise<Confirmation> {
  requireTrustedClient(config, client.ip);
  const { requestId } = parseOrThrow(requestIdPath, path, 'path');
  const b = parseOrThrow(confirmBody, body, 'body');
  const digest = (secret: string | undefined) => (secret === undefined ? null : verificationDigest(requestId, secret));
  // The owner access token is minted here; SQL stores its digest and says whether it was issued.
  const ownerToken = mintToken();
  const confirmation = await db.callJson<Confirmation>(client.caller, 'app_hidden.confirm_service_request', [
    requestId,
    digest(b.verificationCode),
    digest(b.verificationToken),
    config.VERIFICATION_MAX_ATTEMPTS,
    sha256(ownerToken),
  ]);
  return { ...confirmation, ownerAccessToken: confirmation.ownerAccessToken === null ? null : ownerToken };
}

/** A repeat confirm carries no owner access token: the field is left out rather than null. */
export function confirmationData(data: Confirmation): Omit<Confirmation, 'ownerAccessToken'> | Confirmation {
  const { ownerAccessToken, ...rest } = data;
  return ownerAccessToken === null ? rest : data;
}

/** What a confirm link would confirm (the page behind it), for an already parsed id and token. */
export function confirmationView(db: Database, requestId: string, token: string): Promise<ConfirmationView> {
  return db.callJson<ConfirmationView>(ANONYMOUS, 'app_hidden.service_request_confirmation', [
    requestId,
    verificationDigest(requestId, token),
  ]);
}
