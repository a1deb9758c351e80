CREATE OR REPLACE FUNCTION app_private.mint_api_key(p_user_id uuid, p_name text, p_public_digest bytea, p_admin_digest bytea, p_head text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user app_public.users;
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
  -- The active-key limit is checked by the insert's trigger (tg_api_keys__active_key_limit), for every writer.
  v_tier := case when v_user.is_admin then 'admin' else 'public' end;
  insert into app_public.api_keys (user_id, name, prefix, tier)
    values (p_user_id, p_name, case when v_user.is_admin then 'svc_live_' else 'svc_public_' end || p_head, v_tier)
    returning * into v_row;
  insert into app_private.api_key_secrets (key_id, digest)
    values (v_row.id, case when v_user.is_admin then p_admin_digest else p_public_digest end);
  return app_hidden.api_key_json(v_row);
end
$function$;
comment on function app_private.mint_api_key(uuid,text,bytea,bytea,text) is null;
revoke all on function app_private.mint_api_key(uuid,text,bytea,bytea,text) from public, marine_anonymous, marine_agent, marine_admin;
