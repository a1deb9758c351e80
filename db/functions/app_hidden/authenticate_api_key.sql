-- One statement for the key, its user and last use; the last-use write only when it is due.
CREATE OR REPLACE FUNCTION app_hidden.authenticate_api_key(p_key_digest bytea)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
$function$;
comment on function app_hidden.authenticate_api_key(bytea) is 'The user and effective tier of an API key (by its SHA-256 digest), or CREDS.';
revoke all on function app_hidden.authenticate_api_key(bytea) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.authenticate_api_key(bytea) to marine_anonymous;
