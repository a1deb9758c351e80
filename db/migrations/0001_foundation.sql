-- Up Migration
-- Extensions in their own schema, schemas by audience, request roles. See db/CONVENTIONS.md.

create schema if not exists extensions;
create extension if not exists postgis with schema extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists citext with schema extensions;
create extension if not exists pg_trgm with schema extensions;
grant usage on schema extensions to public;

-- Ad-hoc sessions (psql, scripts) resolve extension types and functions without qualification.
do $$
begin
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end
$$;

-- Roles are cluster-wide: create them once, whichever database migrates first.
do $$
begin
  if not exists (select from pg_roles where rolname = 'marine_authenticator') then
    create role marine_authenticator login noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'marine_anonymous') then
    create role marine_anonymous nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'marine_agent') then
    create role marine_agent nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'marine_admin') then
    create role marine_admin nologin;
  end if;
end
$$;

-- Each wider role is a member of the narrower one, so what anonymous may do, everyone may.
grant marine_anonymous to marine_agent;
grant marine_agent to marine_admin;
grant marine_anonymous, marine_agent, marine_admin to marine_authenticator;

revoke all on schema public from public;
alter default privileges revoke execute on functions from public;

create schema app_public;
create schema app_hidden;
create schema app_private;
grant usage on schema app_public, app_hidden to marine_anonymous;

comment on schema app_public is 'Tables and functions that request roles may use, exposed to staff GraphQL.';
comment on schema app_hidden is 'REST operations: request roles may execute them; not exposed to GraphQL.';
comment on schema app_private is 'Secrets and internals; no request role has access.';

-- The caller's user id from the transaction's claims, or null when anonymous.
create function app_public.current_user_id() returns uuid
  language sql stable parallel safe
  as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;
comment on function app_public.current_user_id() is 'The id of the user the request runs for, or null for anonymous callers.';
grant execute on function app_public.current_user_id() to marine_anonymous;

-- Keeps updated_at honest on every update, whatever the client sends (inserts keep their value,
-- so imported history keeps its dates).
create function app_private.tg__set_updated_at() returns trigger
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  new.updated_at := greatest(now(), old.updated_at + interval '1 millisecond');
  return new;
end
$$;
