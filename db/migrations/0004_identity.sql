-- Up Migration
-- Who is calling: users (agents register themselves), their API keys, and rate limits.
-- Secrets live in app_private side tables: password hashes (bcrypt) and key digests (SHA-256,
-- looked up by digest so no request pays for bcrypt).

create table app_public.users (
  id uuid primary key default gen_random_uuid(),
  first_name text not null check (length(first_name) between 1 and 100),
  last_name text not null check (length(last_name) between 1 and 100),
  email extensions.citext not null unique check (email::text ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  is_admin boolean not null default false,
  is_agent boolean not null default false,
  purpose text check (length(purpose) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger _100_set_updated_at before update on app_public.users
  for each row execute function app_private.tg__set_updated_at();
comment on table app_public.users is 'A person or agent with API keys. Agents register themselves; administrators elevate users to the admin tier.';
comment on column app_public.users.is_agent is 'Registered through POST /api/agents/register. Grants no authority by itself.';
comment on column app_public.users.is_admin is 'Admin tier: keys minted while this is true are admin keys (svc_live_).';

create table app_private.user_secrets (
  user_id uuid primary key references app_public.users on delete cascade,
  password_hash text not null
);

create table app_public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  name text not null check (length(name) between 1 and 100),
  -- The tier prefix and the first 8 random characters: enough to recognise a key, useless to use it.
  prefix text not null,
  tier text not null check (tier in ('public', 'admin')),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user_idx on app_public.api_keys (user_id) where revoked_at is null;
comment on table app_public.api_keys is 'An API key of a user. The tier is fixed when the key is minted; the key itself is shown once and stored only as a digest.';

create table app_private.api_key_secrets (
  key_id uuid primary key references app_public.api_keys on delete cascade,
  digest bytea not null unique
);

-- Rolling-window rate limits: one row per counted request, so "N per rolling 24 h" is exact.
-- Unlogged: a crash forgets recent counts (limits reset), which costs less than WAL on every
-- request.
create unlogged table app_private.rate_limit_hits (
  bucket text not null,
  at timestamptz not null
);
create index rate_limit_hits_bucket_idx on app_private.rate_limit_hits (bucket, at);
-- How many rows each bucket has in the log, kept under the bucket's lock: counting the log on
-- every request would cost up to 10,000 rows (an admin key's day) per request (docs/performance.md).
create unlogged table app_private.rate_limit_counts (
  bucket text primary key,
  hits integer not null check (hits >= 0)
);
alter table app_private.rate_limit_counts enable row level security;
comment on table app_private.rate_limit_counts is 'How many rows each bucket has in rate_limit_hits (kept by rate_limit_hit under the bucket''s lock).';


alter table app_public.users enable row level security;
alter table app_private.user_secrets enable row level security;
alter table app_public.api_keys enable row level security;
alter table app_private.api_key_secrets enable row level security;
alter table app_private.rate_limit_hits enable row level security;

create policy select_own on app_public.users for select to marine_agent using (id = app_public.current_user_id());
create policy admin_all on app_public.users for all to marine_admin using (true) with check (true);
create policy select_own on app_public.api_keys for select to marine_agent using (user_id = app_public.current_user_id());
create policy admin_all on app_public.api_keys for all to marine_admin using (true) with check (true);

grant select on app_public.users, app_public.api_keys to marine_agent;
grant update (first_name, last_name, is_admin, is_agent, purpose) on app_public.users to marine_admin;
grant update (name, revoked_at) on app_public.api_keys to marine_admin;

------------------------------------------------------------------------------------------------
-- Limits (DESIGN.md; overridable per call by the HTTP layer's configuration).
create function app_hidden.active_key_limit(p_is_admin boolean) returns integer
  language sql immutable parallel safe
  as $$ select case when p_is_admin then 5 else 2 end $$;

create function app_hidden.user_json(u app_public.users) returns json
  language sql stable
  as $$
    select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
      'email', u.email, 'isAdmin', u.is_admin, 'isAgent', u.is_agent)
  $$;

create function app_hidden.api_key_json(k app_public.api_keys) returns json
  language sql stable
  as $$
    select json_build_object('id', k.id, 'name', k.name, 'prefix', k.prefix, 'tier', k.tier,
      'createdAt', app_hidden.iso_time(k.created_at),
      'lastUsedAt', app_hidden.iso_time(k.last_used_at),
      'revokedAt', app_hidden.iso_time(k.revoked_at))
  $$;

-- Mints a key for a user: the tier follows the user's admin flag now; the active-key limit
-- holds under concurrency because the user's row is locked first.
create function app_private.mint_api_key(p_user_id uuid, p_name text) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
declare
  v_user app_public.users;
  v_active integer;
  v_limit integer;
  v_tier text;
  v_key text;
  v_row app_public.api_keys;
begin
  select * into v_user from app_public.users where id = p_user_id for update;
  if not found then
    raise exception 'Invalid or inactive API key' using errcode = 'CREDS';
  end if;
  v_limit := app_hidden.active_key_limit(v_user.is_admin);
  select count(*) into v_active from app_public.api_keys where user_id = p_user_id and revoked_at is null;
  if v_active >= v_limit then
    raise exception 'Active key limit reached: % keys', v_limit
      using errcode = 'CONFL', detail = format('Revoke a key (DELETE /api/v1/user-api-keys/{id}) before minting another; the limit is %s active keys for %s users.',
        v_limit, case when v_user.is_admin then 'admin' else 'non-admin' end);
  end if;
  v_tier := case when v_user.is_admin then 'admin' else 'public' end;
  v_key := case when v_user.is_admin then 'svc_live_' else 'svc_public_' end || encode(gen_random_bytes(20), 'hex');
  insert into app_public.api_keys (user_id, name, prefix, tier)
    values (p_user_id, p_name, left(v_key, length(v_key) - 32), v_tier)
    returning * into v_row;
  insert into app_private.api_key_secrets (key_id, digest) values (v_row.id, digest(v_key, 'sha256'));
  return app_hidden.api_key_json(v_row)::jsonb || jsonb_build_object('apiKey', v_key);
end
$$;

------------------------------------------------------------------------------------------------
-- POST /api/agents/register
create function app_hidden.register_agent(
  p_first_name text, p_last_name text, p_email text, p_password text, p_purpose text
) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
declare
  v_user app_public.users;
  v_key json;
begin
  begin
    insert into app_public.users (first_name, last_name, email, is_agent, purpose)
      values (p_first_name, p_last_name, p_email, true, p_purpose)
      returning * into v_user;
  exception when unique_violation then
    raise exception 'A user with this e-mail already exists' using errcode = 'CONFL';
  end;
  insert into app_private.user_secrets (user_id, password_hash) values (v_user.id, crypt(p_password, gen_salt('bf', 10)));
  v_key := app_private.mint_api_key(v_user.id, 'Initial key');
  return json_build_object('agent', app_hidden.user_json(v_user), 'key', v_key);
end
$$;
comment on function app_hidden.register_agent is 'Creates an agent user and its first public key; see POST /api/agents/register.';

-- Who a key belongs to, for every request that carries one. Role follows the key's tier, and
-- an admin key stops being one when its user is no longer an admin.
create function app_hidden.authenticate_api_key(p_key text) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
declare
  v_key app_public.api_keys;
  v_user app_public.users;
begin
  select k.* into v_key
    from app_private.api_key_secrets s join app_public.api_keys k on k.id = s.key_id
   where s.digest = digest(p_key, 'sha256') and k.revoked_at is null;
  if not found then
    raise exception 'Invalid or inactive API key' using errcode = 'CREDS',
      detail = 'The key is unknown or revoked. Mint a new one with POST /api/v1/user-api-keys, or register again.';
  end if;
  select * into v_user from app_public.users where id = v_key.user_id;
  -- Written at most once a minute per key, not on every request.
  update app_public.api_keys set last_used_at = now()
   where id = v_key.id and (last_used_at is null or last_used_at < now() - interval '1 minute');
  return json_build_object('userId', v_user.id, 'keyId', v_key.id,
    'tier', case when v_key.tier = 'admin' and v_user.is_admin then 'admin' else 'public' end);
end
$$;
comment on function app_hidden.authenticate_api_key is 'The user and effective tier of an API key, or CREDS.';

-- Counts one request against a bucket, exactly, under any concurrency: callers of one bucket
-- queue on an advisory lock for the few statements below.
create function app_hidden.rate_limit_hit(p_bucket text, p_limit integer, p_window_seconds integer) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_now timestamptz;
  v_window interval := make_interval(secs => p_window_seconds);
  v_count integer;
  v_expired integer;
  v_oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('rate:' || p_bucket, 0));
  v_now := clock_timestamp();  -- after the wait: now() is when the transaction began
  with gone as (
    delete from app_private.rate_limit_hits where bucket = p_bucket and at <= v_now - v_window returning 1
  ) select count(*) into v_expired from gone;
  select hits - v_expired into v_count from app_private.rate_limit_counts where bucket = p_bucket;
  v_count := coalesce(v_count, 0);
  select at into v_oldest from app_private.rate_limit_hits where bucket = p_bucket order by at limit 1;
  if v_count >= p_limit then
    if v_expired > 0 then
      update app_private.rate_limit_counts set hits = v_count where bucket = p_bucket;
    end if;
    return json_build_object('allowed', false, 'limit', p_limit, 'remaining', 0,
      'reset', greatest(1, ceil(extract(epoch from v_oldest + v_window - v_now)))::int);
  end if;
  insert into app_private.rate_limit_hits (bucket, at) values (p_bucket, v_now);
  insert into app_private.rate_limit_counts as c (bucket, hits) values (p_bucket, v_count + 1)
    on conflict (bucket) do update set hits = excluded.hits;
  return json_build_object('allowed', true, 'limit', p_limit, 'remaining', p_limit - v_count - 1,
    'reset', greatest(1, ceil(extract(epoch from coalesce(v_oldest, v_now) + v_window - v_now)))::int);
end
$$;
comment on function app_hidden.rate_limit_hit is 'Counts a request against a rolling-window limit; returns allowed, limit, remaining and reset (seconds until a slot frees).';

-- Admission of one API request, in one round trip: who the caller is (an API key, or anonymous
-- by client address) and whether their rolling-window quota allows it. Limits come from the
-- HTTP layer's configuration.
create function app_hidden.admit_request(
  p_api_key text, p_client_address text, p_window_seconds integer,
  p_anonymous_limit integer, p_public_limit integer, p_admin_limit integer
) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_caller json;
  v_tier text;
  v_rate json;
begin
  if p_api_key is null then
    v_rate := app_hidden.rate_limit_hit('ip:' || p_client_address, p_anonymous_limit, p_window_seconds);
    return json_build_object('caller', null, 'rate', v_rate);
  end if;
  v_caller := app_hidden.authenticate_api_key(p_api_key);
  v_tier := v_caller->>'tier';
  v_rate := app_hidden.rate_limit_hit('key:' || (v_caller->>'keyId'),
    case when v_tier = 'admin' then p_admin_limit else p_public_limit end, p_window_seconds);
  return json_build_object('caller', v_caller, 'rate', v_rate);
end
$$;
comment on function app_hidden.admit_request is 'Authenticates an API request (key or anonymous) and counts it against its rolling-window limit.';

------------------------------------------------------------------------------------------------
-- The caller's own account and keys (the caller is app.user_id).

create function app_hidden.current_account() returns json
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_result json;
begin
  -- Anonymous callers may not read users at all: answer before touching the table.
  if app_public.current_user_id() is null then
    return null;
  end if;
  select (app_hidden.user_json(u)::jsonb || jsonb_build_object('canMintAdminKeys', u.is_admin))::json into v_result
    from app_public.users u where u.id = app_public.current_user_id();
  return v_result;
end
$$;
comment on function app_hidden.current_account is 'The calling user with canMintAdminKeys, or null; see GET /api/account/me.';

create function app_hidden.mint_own_api_key(p_name text) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if app_public.current_user_id() is null then
    raise exception 'An API key is required' using errcode = 'CREDS';
  end if;
  return app_private.mint_api_key(app_public.current_user_id(), p_name);
end
$$;
comment on function app_hidden.mint_own_api_key is 'Mints another key for the caller, of the caller''s tier; see POST /api/v1/user-api-keys.';

create function app_hidden.list_own_api_keys() returns json
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select json_build_object('keys', coalesce(json_agg(app_hidden.api_key_json(k) order by k.created_at, k.id), '[]'))
      from app_public.api_keys k
     where k.user_id = app_public.current_user_id() and k.revoked_at is null
  $$;
comment on function app_hidden.list_own_api_keys is 'The caller''s active keys, never the keys themselves; see GET /api/v1/user-api-keys.';

create function app_hidden.revoke_own_api_key(p_key_id uuid) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_row app_public.api_keys;
begin
  update app_public.api_keys set revoked_at = now()
   where id = p_key_id and user_id = app_public.current_user_id() and revoked_at is null
   returning * into v_row;
  if not found then
    raise exception 'API key not found' using errcode = 'NTFND';
  end if;
  return app_hidden.api_key_json(v_row);
end
$$;
comment on function app_hidden.revoke_own_api_key is 'Revokes one of the caller''s keys at once; see DELETE /api/v1/user-api-keys/{id}.';

-- Elevation and demotion, for the first administrator's CLI (npm run admin) and for staff.
create function app_private.set_admin(p_email text, p_is_admin boolean) returns json
  language plpgsql volatile
  set search_path to pg_catalog, public, extensions, pg_temp
  as $$
declare
  v_user app_public.users;
begin
  update app_public.users set is_admin = p_is_admin where email = p_email::citext returning * into v_user;
  if not found then
    raise exception 'No user with this e-mail' using errcode = 'NTFND';
  end if;
  return app_hidden.user_json(v_user);
end
$$;

grant execute on function
  app_hidden.active_key_limit(boolean), app_hidden.user_json(app_public.users), app_hidden.api_key_json(app_public.api_keys),
  app_hidden.register_agent(text, text, text, text, text),
  app_hidden.rate_limit_hit(text, integer, integer),
  app_hidden.admit_request(text, text, integer, integer, integer, integer),
  app_hidden.current_account()
  to marine_anonymous;
grant execute on function
  app_hidden.mint_own_api_key(text), app_hidden.list_own_api_keys(), app_hidden.revoke_own_api_key(uuid)
  to marine_agent;

comment on function app_hidden.active_key_limit(boolean) is 'How many unrevoked keys a user may hold: 5 for admins, 2 for everyone else.';
comment on function app_hidden.user_json(app_public.users) is 'A user as the API shows it (never secrets).';
comment on function app_hidden.api_key_json(app_public.api_keys) is 'An API key''s public facts (never the key).';
