CREATE OR REPLACE FUNCTION app_hidden.required_user_id()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
declare
  v_user_id uuid := app_public.current_user_id();
begin
  if v_user_id is null then
    raise exception 'An API key is required' using errcode = 'CREDS',
      detail = 'Send "Authorization: Bearer <API key>"; register at POST /api/agents/register.';
  end if;
  return v_user_id;
end
$function$;
comment on function app_hidden.required_user_id() is 'The calling user''s id, or CREDS for an anonymous caller: the one place where an operation requires an API key.';
revoke all on function app_hidden.required_user_id() from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.required_user_id() to marine_anonymous;
