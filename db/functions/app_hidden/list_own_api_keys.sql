CREATE OR REPLACE FUNCTION app_hidden.list_own_api_keys()
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user_id uuid := app_hidden.required_user_id();
  v_result json;
begin
  select json_build_object('keys', coalesce(json_agg(app_hidden.api_key_json(k) order by k.created_at, k.id), '[]')) into v_result
    from app_public.api_keys k
   where k.user_id = v_user_id and k.revoked_at is null;
  return v_result;
end
$function$;
comment on function app_hidden.list_own_api_keys() is 'The caller''s active keys, never the keys themselves; see GET /api/v1/user-api-keys.';
revoke all on function app_hidden.list_own_api_keys() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.list_own_api_keys() to marine_anonymous;
