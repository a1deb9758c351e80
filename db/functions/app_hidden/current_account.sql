CREATE OR REPLACE FUNCTION app_hidden.current_account()
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
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
$function$;
comment on function app_hidden.current_account() is 'The calling user with canMintAdminKeys, or null; see GET /api/account/me.';
revoke all on function app_hidden.current_account() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.current_account() to marine_anonymous;
