-- Up Migration
-- Staff is its own authority (issue 24; docs/decisions.md, "Staff apart from the admin tier").
-- Until now the admin tier of API keys (higher limits, svc_live_) also opened staff GraphQL, and
-- any admin could raise any user to that tier there. From here on:
-- - staff power is a grant in app_private.staff_grants, made and removed only from the command
--   line (npm run admin); no door can write it, and no key's tier implies it;
-- - the database role marine_admin is the staff role: only staff GraphQL assumes it, for a user
--   holding a grant; admin-tier keys run as marine_agent (app_hidden.request_role);
-- - a revoked key stays revoked, and no user holds more active keys than the limit, whichever
--   door or function writes the key (triggers, not the mint function alone);
-- - every staff change leaves one row in app_public.staff_audit, which nobody can change.
-- Existing administrators: this migration grants staff to no one. Any admin-tier user may have
-- been raised through GraphQL by another admin, so carrying the tier over would carry that
-- escalation over too; operators grant staff again with `npm run admin -- grant-staff EMAIL`
-- (`npm run admin -- list` shows the admin-tier users and the staff).

create table app_private.staff_grants (
  user_id uuid primary key references app_public.users on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null check (length(granted_by) between 1 and 200)
);
alter table app_private.staff_grants enable row level security;
comment on table app_private.staff_grants is 'Users who hold staff power (staff GraphQL). Written only by app_private.grant_staff and revoke_staff, from the command line.';

create table app_public.staff_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- Who: 'staff:<e-mail>' for a staff user, 'cli:<name>' for the command line.
  actor text not null,
  -- No foreign key: a row outlives its user, and a cascade must never rewrite the trail.
  staff_user_id uuid,
  table_name text not null,
  -- The changed row's primary key, as {column: value}.
  row_key jsonb not null,
  -- insert, update, delete, or a pro action's kind (pro_estimate, ...), or a grant (grant_staff, ...).
  action text not null check (action ~ '^[a-z_]{1,40}$'),
  -- The changed fields only (all of them for an insert or delete); never a secret or a digest:
  -- secrets live in app_private side tables, which staff cannot write.
  old_values jsonb,
  new_values jsonb
);
-- A row's history, newest last (staff GraphQL filters and orders on indexed columns only).
create index staff_audit_row_idx on app_public.staff_audit (table_name, row_key);
comment on table app_public.staff_audit is 'Append-only trail of every staff change: who, when, which row, the changed fields'' old and new values.';

alter table app_public.staff_audit enable row level security;
create policy staff_read on app_public.staff_audit for select to marine_admin using (true);
grant select on app_public.staff_audit to marine_admin;

-- The triggers' functions are defined in db/functions (applied after the migrations); until then
-- a write that would fire one is refused rather than left unchecked or unrecorded.
create function app_private.tg__refuse_change() returns trigger language plpgsql
  as $$ begin raise exception 'app_private.tg__refuse_change: apply db/functions first'; end $$;
create function app_private.tg__audit_staff_change() returns trigger language plpgsql
  as $$ begin raise exception 'app_private.tg__audit_staff_change: apply db/functions first'; end $$;
create function app_private.tg_api_keys__final_revocation() returns trigger language plpgsql
  as $$ begin raise exception 'app_private.tg_api_keys__final_revocation: apply db/functions first'; end $$;
create function app_private.tg_api_keys__active_key_limit() returns trigger language plpgsql
  as $$ begin raise exception 'app_private.tg_api_keys__active_key_limit: apply db/functions first'; end $$;
create function app_private.tg_users__active_key_limit() returns trigger language plpgsql
  as $$ begin raise exception 'app_private.tg_users__active_key_limit: apply db/functions first'; end $$;

create trigger _100_append_only before update or delete on app_public.staff_audit
  for each row execute function app_private.tg__refuse_change();
create trigger _100_append_only_truncate before truncate on app_public.staff_audit
  for each statement execute function app_private.tg__refuse_change();

-- Staff's own writes through staff GraphQL (role marine_admin); the trigger function skips the
-- writes other triggers and cascades make on its behalf. The arguments are columns left out of
-- the trail: derived from others (search documents, copies, ratings) or the update time itself.
create trigger _900_staff_audit after insert or update or delete on app_public.contractors
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change('updated_at', 'search', 'search_head', 'search_no',
    'specialty_slugs', 'specialty_items', 'public_rating', 'latitude', 'longitude');
create trigger _900_staff_audit after insert or update or delete on app_public.contractor_specialties
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change();
create trigger _900_staff_audit after insert or update or delete on app_public.specialties
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change('contractor_count');
create trigger _900_staff_audit after insert or update or delete on app_public.reviews
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change();
create trigger _900_staff_audit after insert or update or delete on app_public.posts
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change('updated_at');
create trigger _900_staff_audit after insert or update or delete on app_public.users
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change('updated_at');
create trigger _900_staff_audit after insert or update or delete on app_public.api_keys
  for each row when (pg_catalog.current_setting('role') = 'marine_admin')
  execute function app_private.tg__audit_staff_change('last_used_at');

-- Keys: revocation is final, and the active-key limit holds for every writer.
create trigger _100_final_revocation before update of revoked_at on app_public.api_keys
  for each row execute function app_private.tg_api_keys__final_revocation();
create trigger _200_active_key_limit before insert on app_public.api_keys
  for each row execute function app_private.tg_api_keys__active_key_limit();
create trigger _200_active_key_limit before update of is_admin on app_public.users
  for each row when (old.is_admin and not new.is_admin)
  execute function app_private.tg_users__active_key_limit();

-- The CLI's functions take who ran them, and a pro action the row it wrote (for the trail).
drop function app_private.set_admin(text, boolean);
drop function app_private.pro_acted(text, app_public.quotes, jsonb);

comment on column app_public.users.is_admin is 'Admin tier: keys minted while this is true are admin keys (svc_live_, higher rate limits). Gives no staff power.';
