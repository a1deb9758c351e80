// The stop link of an owner's notice e-mail, for its page (routes.ts): read what it would stop,
// or stop it. The stop token is the credential (the anonymous role calls the SQL with its
// digest); a malformed one reaches SQL as no digest and is refused there like an unknown one.
import { sha256 } from '../credentials';
import { asTokenHolder, type Caller } from '../db/caller';
import type { Database } from '../db/database';

export interface StopLinkView {
  opportunityId: string;
  service: string;
  stopped: boolean;
}

export function noticeStopLink(db: Database, caller: Caller, token: string | undefined, stop: boolean): Promise<StopLinkView> {
  const digest = token !== undefined && /^[0-9a-f]{64}$/.test(token) ? sha256(token).toString('hex') : '';
  return db.callJson<StopLinkView>(asTokenHolder(caller), 'app_hidden.notice_stop_link', [digest, stop]);
}
