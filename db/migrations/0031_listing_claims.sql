-- Up Migration
-- Claiming a listing (issue 26; docs/decisions.md, "Claiming a listing"). A pro asks to claim a
-- contractor listing; a code goes to the e-mail address the listing already shows, never to one
-- the claimant supplies. Whoever reads that inbox and sends the code back gets a listing access
-- token (64 hex, stored here only as its SHA-256 digest) that edits the fields a business owns.
-- The rules (one pending claim per claimant, claims a day per listing, wrong codes, a claimed
-- listing refusing a second claimant, what an edit may contain, edits a day) are in the
-- functions of db/functions (listing_*); the tables hold what they decided.

create table app_public.listing_claims (
  id uuid primary key default gen_random_uuid(),
  contractor_id uuid not null references app_public.contractors on delete cascade,
  -- Who asks, in their own words: shown to the listing's inbox, never written to.
  claimant_name text not null check (length(claimant_name) between 1 and 200),
  claimant_email extensions.citext not null check (length(claimant_email) between 3 and 254),
  -- The API key's user who asked, when a key was used.
  requested_by_user_id uuid references app_public.users on delete set null,
  -- Where the code went: the listing's own e-mail when the claim was made (copied in SQL).
  sent_to extensions.citext not null,
  -- pending -> verified (the code came back) or superseded (another claim of the listing was
  -- verified, or this verified claim was renewed). Expired is derived from expires_at.
  status text not null default 'pending' check (status in ('pending', 'verified', 'superseded')),
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  code_sent_at timestamptz,
  verified_at timestamptz,
  check (status <> 'verified' or verified_at is not null)
);
-- A listing has at most one verified claim: the one whose tokens edit it.
create unique index listing_claims_verified_idx on app_public.listing_claims (contractor_id) where status = 'verified';
-- Claims of a listing, newest last: the pending ones, the ones of the last day (the daily limit).
create index listing_claims_contractor_idx on app_public.listing_claims (contractor_id, created_at);
comment on table app_public.listing_claims is 'A request to claim a contractor listing, verified by a code sent to the listing''s own e-mail address.';
comment on column app_public.listing_claims.sent_to is 'The listing''s e-mail address the code was sent to (never an address the claimant gave).';

alter table app_public.listing_claims enable row level security;
create policy staff_read on app_public.listing_claims for select to marine_admin using (true);
grant select on app_public.listing_claims to marine_admin;

-- The code's digest (bound to the claim id: it verifies no other claim).
create table app_private.listing_claim_secrets (
  claim_id uuid primary key references app_public.listing_claims on delete cascade,
  code_digest bytea not null
);
alter table app_private.listing_claim_secrets enable row level security;
comment on table app_private.listing_claim_secrets is 'The SHA-256 digest of a claim''s e-mailed code, bound to the claim id.';

-- Listing access tokens: digests only; valid while their claim is the listing's verified one.
create table app_private.listing_access_tokens (
  id uuid primary key default gen_random_uuid(),
  claim_id uuid not null references app_public.listing_claims on delete cascade,
  digest bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index listing_access_tokens_claim_idx on app_private.listing_access_tokens (claim_id);
alter table app_private.listing_access_tokens enable row level security;
comment on table app_private.listing_access_tokens is 'SHA-256 digests of listing access tokens, each tied to a verified claim, with its expiry.';

-- What the claimant changed, field by field (old and new values): the listing's history for staff.
create table app_public.listing_edits (
  id bigint generated always as identity primary key,
  contractor_id uuid not null references app_public.contractors on delete cascade,
  claim_id uuid not null references app_public.listing_claims on delete cascade,
  at timestamptz not null default now(),
  old_values jsonb not null,
  new_values jsonb not null
);
create index listing_edits_contractor_idx on app_public.listing_edits (contractor_id, at);
comment on table app_public.listing_edits is 'Edits a verified claimant made to its listing: when, through which claim, the changed fields'' old and new values.';

alter table app_public.listing_edits enable row level security;
create policy staff_read on app_public.listing_edits for select to marine_admin using (true);
grant select on app_public.listing_edits to marine_admin;
