-- Up Migration
-- The pros' door (issue 26; docs/decisions.md, "Pro access tokens"): a pro acts on its own quote
-- thread with a pro access token, e-mailed as a link when the owner confirms, instead of waiting
-- for staff to relay. The pro operations (app_hidden.pro_*) and the staff mutations
-- (app_public.pro_*) share one rule function per action (app_private.pro_act_*).

-- Pro access tokens: 64 hex characters, stored as SHA-256 digests, scoped to one quote (one pro's
-- thread of one request). Minted by the worker when it e-mails the pro (set_pro_token); a retried
-- send replaces the quote's token.
create table app_private.pro_access_tokens (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references app_public.quotes on delete cascade,
  digest bytea not null unique,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index pro_access_tokens_quote_idx on app_private.pro_access_tokens (quote_id);
alter table app_private.pro_access_tokens enable row level security;
comment on table app_private.pro_access_tokens is 'Pro access tokens (SHA-256 digests), each scoped to one quote thread; written only by app_private.set_pro_token.';

-- An estimate says until when it holds; the owner cannot accept it after that day (UTC).
-- Estimates made before this migration have none.
alter table app_public.estimates add column valid_until date;
comment on column app_public.estimates.valid_until is 'The last day (UTC) the estimate can be accepted; null for estimates without one.';

-- Why a pro declined, shown in the thread to the owner and the pro.
alter table app_public.quotes add column decline_reason text check (length(decline_reason) between 1 and 1000);
comment on column app_public.quotes.decline_reason is 'The reason the pro gave when declining, if any.';

-- The staff mutation takes valid_until too: a new signature (its definition file creates it).
drop function app_public.pro_submit_estimate(uuid, numeric, text, text);
