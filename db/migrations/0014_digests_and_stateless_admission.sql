-- Up Migration
-- Secrets never reach SQL, and no request state stays on a pooled connection (issue 14).
--
-- 1. Every credential a client presents (API key, owner access token, verification code or
--    token) is hashed by the API before it is sent; the database sees and stores only SHA-256
--    digests (bytea). Credentials are minted by the API too: the database is handed the digest
--    to store. PostgreSQL logs the text of a failed statement, so before this a failed keyed
--    request wrote its key into the server log.
-- 2. Admission no longer passes its result to the operation's transaction through a session
--    setting (app.admission): a refused or failed admission could read the value an earlier
--    request had left on the same pooled connection. admit_request raises RATEL when the quota
--    is spent (so nothing after it runs), and the operation's transaction becomes the caller
--    again from the key's digest (assume_caller).

------------------------------------------------------------------------------------------------
-- API keys: lookup by digest.
drop function app_hidden.admit_for_call(text, text, integer, integer, integer, integer);
drop function app_hidden.assume_admitted();
drop function app_hidden.admit_request(text, text, integer, integer, integer, integer);
drop function app_hidden.authenticate_api_key(text);

-- One statement for the key, its user and last use; the last-use write only when it is due.
create function app_hidden.authenticate_api_key(p_key_digest bytea) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  set plan_cache_mode to force_generic_plan
  as $$
declare
  v_key record;
begin
  select k.id, k.user_id, k.last_used_at, k.tier = 'admin' and u.is_admin as is_admin into v_key
    from app_private.api_key_secrets s
    join app_public.api_keys k on k.id = s.key_id
    join app_public.users u on u.id = k.user_id
   where s.digest = p_key_digest and k.revoked_at is null;
  if not found then
    raise exception 'Invalid or inactive API key' using errcode = 'CREDS',
      detail = 'The key is unknown or revoked. Mint a new one with POST /api/v1/user-api-keys, or register again.';
  end if;
  -- Written at most once a minute per key, not on every request.
  if v_key.last_used_at is null or v_key.last_used_at < now() - interval '1 minute' then
    update app_public.api_keys set last_used_at = now()
     where id = v_key.id and (last_used_at is null or last_used_at < now() - interval '1 minute');
  end if;
  return json_build_object('userId', v_key.user_id, 'keyId', v_key.id, 'tier', case when v_key.is_admin then 'admin' else 'public' end);
end
$$;
comment on function app_hidden.authenticate_api_key(bytea) is 'The user and effective tier of an API key (by its SHA-256 digest), or CREDS.';

-- Admission of one API request: who is calling (a key's digest, or anonymous by client address)
-- and one count against their rolling-window quota. Returns {caller, rate, role}; a spent quota
-- raises RATEL with that object as detail, so no statement after it runs and nothing is counted.
create function app_hidden.admit_request(
  p_key_digest bytea, p_client_address text, p_window_seconds integer,
  p_anonymous_limit integer, p_public_limit integer, p_admin_limit integer
) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_caller json;
  v_rate json;
  v_result json;
begin
  if p_key_digest is null then
    v_rate := app_hidden.rate_limit_hit('ip:' || p_client_address, p_anonymous_limit, p_window_seconds);
  else
    v_caller := app_hidden.authenticate_api_key(p_key_digest);
    v_rate := app_hidden.rate_limit_hit('key:' || (v_caller->>'keyId'),
      case when v_caller->>'tier' = 'admin' then p_admin_limit else p_public_limit end, p_window_seconds);
  end if;
  v_result := json_build_object('caller', v_caller, 'rate', v_rate, 'role', app_hidden.request_role(v_caller));
  if not (v_rate->>'allowed')::boolean then
    raise exception 'Rate limit exceeded' using errcode = 'RATEL', detail = v_result::text;
  end if;
  return v_result;
end
$$;
comment on function app_hidden.admit_request(bytea, text, integer, integer, integer, integer) is
  'Authenticates an API request (key digest or anonymous) and counts it; RATEL (detail: the admission) when the quota is spent.';

-- The caller of a key's digest, without counting anything (assume_caller's lookup).
create function app_hidden.key_caller(p_key_digest bytea) returns json
  language sql stable security definer
  set search_path to pg_catalog, public, pg_temp
  set plan_cache_mode to force_generic_plan
  as $$
    select json_build_object('userId', k.user_id, 'tier', case when k.tier = 'admin' and u.is_admin then 'admin' else 'public' end)
      from app_private.api_key_secrets s
      join app_public.api_keys k on k.id = s.key_id
      join app_public.users u on u.id = k.user_id
     where s.digest = p_key_digest and k.revoked_at is null
  $$;
comment on function app_hidden.key_caller(bytea) is 'The user and effective tier of an active key''s digest, or null.';

-- Makes the rest of this transaction run as the key's caller (role and app.user_id, both
-- transaction-local), or as anonymous without a key. The directory's one-round-trip calls run it
-- after admit_request committed in the transaction before. Not security definer: a role cannot
-- be set inside one; the session user (the authenticator) is a member of every request role.
create function app_hidden.assume_caller(p_key_digest bytea) returns void
  language plpgsql volatile
  as $$
declare
  v_caller json := case when p_key_digest is null then null else app_hidden.key_caller(p_key_digest) end;
begin
  if p_key_digest is not null and v_caller is null then
    -- Revoked between admission and now.
    raise exception 'Invalid or inactive API key' using errcode = 'CREDS';
  end if;
  perform pg_catalog.set_config('role', app_hidden.request_role(v_caller), true),
          pg_catalog.set_config('app.user_id', coalesce(v_caller->>'userId', ''), true);
end
$$;
comment on function app_hidden.assume_caller(bytea) is 'Switches the transaction to the caller of a key digest (null: anonymous): role and app.user_id.';

grant execute on function
  app_hidden.authenticate_api_key(bytea),
  app_hidden.admit_request(bytea, text, integer, integer, integer, integer),
  app_hidden.key_caller(bytea),
  app_hidden.assume_caller(bytea)
  to marine_anonymous;

------------------------------------------------------------------------------------------------
-- API keys minted by the API: it sends the digest of the key for each tier the user might get
-- (the tier follows the user's admin flag, read here under the user's row lock) and the key's
-- public head (first 8 hex characters of its random part); the answer says which tier it got.
drop function app_hidden.register_agent(text, text, text, text, text);
drop function app_hidden.mint_own_api_key(text);
drop function app_private.mint_api_key(uuid, text);

create function app_private.mint_api_key(p_user_id uuid, p_name text, p_public_digest bytea, p_admin_digest bytea, p_head text)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_user app_public.users;
  v_active integer;
  v_limit integer;
  v_tier text;
  v_row app_public.api_keys;
begin
  if p_head !~ '^[0-9a-f]{8}$' then
    raise exception 'a key head is 8 lowercase hexadecimal characters' using errcode = 'INVAL';
  end if;
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
  insert into app_public.api_keys (user_id, name, prefix, tier)
    values (p_user_id, p_name, case when v_user.is_admin then 'svc_live_' else 'svc_public_' end || p_head, v_tier)
    returning * into v_row;
  insert into app_private.api_key_secrets (key_id, digest)
    values (v_row.id, case when v_user.is_admin then p_admin_digest else p_public_digest end);
  return app_hidden.api_key_json(v_row);
end
$$;

-- POST /api/agents/register. The password arrives as a bound parameter, never as SQL text.
create function app_hidden.register_agent(
  p_first_name text, p_last_name text, p_email text, p_password text, p_purpose text,
  p_public_digest bytea, p_admin_digest bytea, p_head text
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
  v_key := app_private.mint_api_key(v_user.id, 'Initial key', p_public_digest, p_admin_digest, p_head);
  return json_build_object('agent', app_hidden.user_json(v_user), 'key', v_key);
end
$$;
comment on function app_hidden.register_agent is 'Creates an agent user and its first public key (minted by the API: digests and head); see POST /api/agents/register.';

create function app_hidden.mint_own_api_key(p_name text, p_public_digest bytea, p_admin_digest bytea, p_head text) returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  if app_public.current_user_id() is null then
    raise exception 'An API key is required' using errcode = 'CREDS';
  end if;
  return app_private.mint_api_key(app_public.current_user_id(), p_name, p_public_digest, p_admin_digest, p_head);
end
$$;
comment on function app_hidden.mint_own_api_key is 'Mints another key for the caller, of the caller''s tier (minted by the API: digests and head); see POST /api/v1/user-api-keys.';

grant execute on function app_hidden.register_agent(text, text, text, text, text, bytea, bytea, text) to marine_anonymous;
grant execute on function app_hidden.mint_own_api_key(text, bytea, bytea, text) to marine_agent;

------------------------------------------------------------------------------------------------
-- Verification credentials: the API sends digests of (request id || ':' || secret), the same
-- binding to one request as before (app_private.credential_digest, which is no longer used).
drop function app_hidden.service_request_confirmation(text, text);
drop function app_hidden.confirm_service_request(text, text, text, integer);
drop function app_private.credentials_match(uuid, text, text);
drop function app_private.set_verification_credentials(uuid, text, text);
drop function app_private.credential_digest(uuid, text);

create function app_private.set_verification_credentials(p_request_id uuid, p_code_digest bytea, p_token_digest bytea) returns void
  language sql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
    insert into app_private.service_request_secrets (request_id, code_digest, token_digest)
    values (p_request_id, p_code_digest, p_token_digest)
    on conflict (request_id) do update set code_digest = excluded.code_digest, token_digest = excluded.token_digest, sent_at = null
  $$;

create function app_private.credentials_match(p_request_id uuid, p_code_digest bytea, p_token_digest bytea) returns boolean
  language sql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
    select coalesce(bool_or((p_code_digest is not null and s.code_digest = p_code_digest)
                         or (p_token_digest is not null and s.token_digest = p_token_digest)), false)
      from app_private.service_request_secrets s where s.request_id = p_request_id
  $$;

create function app_hidden.service_request_confirmation(p_request_id text, p_token_digest bytea) returns json
  language plpgsql stable security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_request app_public.service_requests;
begin
  v_request := app_private.checked_request(p_request_id, false);
  if not app_private.credentials_match(v_request.id, null, p_token_digest) then
    raise exception 'Invalid verification code or token' using errcode = 'CREDS';
  end if;
  if v_request.status = 'draft' and v_request.expires_at <= now() then
    raise exception 'This request has expired' using errcode = 'EXPRD',
      detail = 'Verification links and drafts are valid for a limited time; start a new request.';
  end if;
  return json_build_object('requestId', v_request.id, 'status', v_request.status,
    'service', (select name from app_public.specialties where id = v_request.specialty_id),
    'location', v_request.location, 'description', v_request.description,
    'expiresAt', app_hidden.iso_time(v_request.expires_at),
    'pros', coalesce((select json_agg(c.name order by p.position)
                        from app_public.service_request_pros p join app_public.contractors c on c.id = p.contractor_id
                       where p.request_id = v_request.id), '[]'));
end
$$;
comment on function app_hidden.service_request_confirmation is 'What the confirm page shows; changes nothing. See GET .../service-requests/{requestId}/confirm.';

-- POST .../confirm. The owner access token is minted by the API (p_owner_token_digest is its
-- digest); the answer carries ownerAccessToken: true when it was issued, and the API puts the
-- token it minted there.
create function app_hidden.confirm_service_request(p_request_id text, p_code_digest bytea, p_token_digest bytea,
  p_max_attempts integer, p_owner_token_digest bytea)
  returns json
  language plpgsql volatile security definer
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_request app_public.service_requests;
  v_opportunity_id uuid;
  v_quote record;
  v_pros integer;
begin
  v_request := app_private.checked_request(p_request_id, true);
  if v_request.failed_attempts >= p_max_attempts then
    raise exception 'Too many wrong verification codes: this request is locked' using errcode = 'RATEL',
      detail = 'Start a new request.';
  end if;
  if v_request.status = 'draft' and v_request.expires_at <= now() then
    raise exception 'This request has expired' using errcode = 'EXPRD',
      detail = 'Verification codes and drafts are valid for a limited time; start a new request.';
  end if;
  if not app_private.credentials_match(v_request.id, p_code_digest, p_token_digest) then
    -- The count must survive the refusal, so this is returned (committed), not raised.
    update app_public.service_requests set failed_attempts = failed_attempts + 1 where id = v_request.id;
    perform app_private.log_event('verification_failed', v_request.id, null,
      jsonb_build_object('attempt', v_request.failed_attempts + 1));
    return json_build_object('refusal', json_build_object('code', 'CREDS',
      'message', 'Invalid verification code or token',
      'detail', format('%s of %s attempts used.', v_request.failed_attempts + 1, p_max_attempts)));
  end if;
  if v_request.status = 'promoted' then
    return app_private.confirmation_json(v_request, 'already_confirmed', null);
  end if;

  insert into app_public.opportunities (request_id, owner_first_name, owner_last_name, owner_email, owner_phone,
      specialty_id, location, description, needs_coverage)
    values (v_request.id, v_request.owner_first_name, v_request.owner_last_name, v_request.owner_email,
      v_request.owner_phone, v_request.specialty_id, v_request.location, v_request.description,
      not exists (select 1 from app_public.service_request_pros where request_id = v_request.id))
    returning id into v_opportunity_id;
  insert into app_public.quotes (opportunity_id, contractor_id)
    select v_opportunity_id, contractor_id from app_public.service_request_pros
     where request_id = v_request.id order by position;
  update app_public.service_requests set status = 'promoted', promoted_at = now() where id = v_request.id
    returning * into v_request;

  insert into app_private.owner_access_tokens (opportunity_id, digest, issued_via)
    values (v_opportunity_id, p_owner_token_digest, 'confirm_response');

  perform app_private.log_event('confirmed', v_request.id, v_opportunity_id);
  v_pros := 0;
  for v_quote in select id from app_public.quotes where opportunity_id = v_opportunity_id loop
    perform graphile_worker.add_job('quotes__notify_pro', json_build_object('quoteId', v_quote.id),
      job_key := 'notify-pro:' || v_quote.id);
    v_pros := v_pros + 1;
  end loop;
  if v_pros = 0 then
    perform app_private.log_event('no_coverage', v_request.id, v_opportunity_id);
    perform graphile_worker.add_job('opportunities__notify_coverage',
      json_build_object('opportunityId', v_opportunity_id), job_key := 'coverage:' || v_opportunity_id);
  end if;
  perform graphile_worker.add_job('opportunities__send_owner_access',
    json_build_object('opportunityId', v_opportunity_id), job_key := 'owner-access:' || v_opportunity_id);
  return app_private.confirmation_json(v_request, case when v_pros = 0 then 'no_coverage' else 'created' end, 'issued');
end
$$;
comment on function app_hidden.confirm_service_request is
  'Confirms a draft with the digest of its code or token; promotes it once and stores the owner token''s digest. See POST .../service-requests/{requestId}/confirm.';

grant execute on function
  app_hidden.service_request_confirmation(text, bytea),
  app_hidden.confirm_service_request(text, bytea, bytea, integer, bytea)
  to marine_anonymous;

------------------------------------------------------------------------------------------------
-- Owner access tokens: looked up by digest. The owner operations (app_hidden.owner_*) keep
-- their signatures; their p_token argument is now the token's SHA-256 digest, as hex text.
drop function app_private.set_owner_email_token(uuid, text);
create function app_private.set_owner_email_token(p_opportunity_id uuid, p_token_digest bytea) returns void
  language plpgsql volatile
  set search_path to pg_catalog, public, pg_temp
  as $$
begin
  delete from app_private.owner_access_tokens where opportunity_id = p_opportunity_id and issued_via = 'email';
  insert into app_private.owner_access_tokens (opportunity_id, digest, issued_via)
    values (p_opportunity_id, p_token_digest, 'email');
end
$$;

drop function app_private.owner_token_opportunity(text);
create function app_private.owner_token_opportunity(p_token_digest_hex text) returns app_public.opportunities
  language plpgsql stable
  set search_path to pg_catalog, public, pg_temp
  as $$
declare
  v_opportunity app_public.opportunities;
begin
  if p_token_digest_hex ~ '^[0-9a-f]{64}$' then
    select o.* into v_opportunity
      from app_private.owner_access_tokens t join app_public.opportunities o on o.id = t.opportunity_id
     where t.digest = decode(p_token_digest_hex, 'hex');
  end if;
  if v_opportunity.id is null then
    raise exception 'Invalid owner access token' using errcode = 'CREDS';
  end if;
  if v_opportunity.completed_at is not null and v_opportunity.completed_at + interval '90 days' < now() then
    raise exception 'Owner access has expired' using errcode = 'CREDS',
      detail = 'Owner access ends 90 days after the work is completed.';
  end if;
  return v_opportunity;
end
$$;
comment on function app_private.owner_token_opportunity(text) is 'The Opportunity of an owner access token (its SHA-256 digest as hex), or CREDS.';
