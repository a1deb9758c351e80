-- The user the command line names (npm run admin), or NTFND.
CREATE OR REPLACE FUNCTION app_private.user_by_email(p_email text)
 RETURNS app_public.users
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_user app_public.users;
begin
  select * into v_user from app_public.users where email = p_email::citext;
  if not found then
    raise exception 'No user with this e-mail' using errcode = 'NTFND';
  end if;
  return v_user;
end
$function$;
comment on function app_private.user_by_email(text) is null;
revoke all on function app_private.user_by_email(text) from public, marine_anonymous, marine_agent, marine_admin;
