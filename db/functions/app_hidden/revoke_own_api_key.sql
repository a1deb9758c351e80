CREATE OR REPLACE FUNCTION app_hidden.revoke_own_api_key(p_key_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user_id uuid := app_hidden.required_user_id();
  v_row app_public.api_keys;
begin
  update app_public.api_keys set revoked_at = now()
   where id = p_key_id and user_id = v_user_id and revoked_at is null
   returning * into v_row;
  if not found then
    raise exception 'API key not found' using errcode = 'NTFND';
  end if;
  return app_hidden.api_key_json(v_row);
end
$function$;
comment on function app_hidden.revoke_own_api_key(uuid) is 'Revokes one of the caller''s keys at once; see DELETE /api/v1/user-api-keys/{id}.';
revoke all on function app_hidden.revoke_own_api_key(uuid) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.revoke_own_api_key(uuid) to marine_anonymous;
