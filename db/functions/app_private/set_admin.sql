-- Elevation and demotion, for the first administrator's CLI (npm run admin) and for staff.
CREATE OR REPLACE FUNCTION app_private.set_admin(p_email text, p_is_admin boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public', 'extensions', 'pg_temp'
AS $function$
declare
  v_user app_public.users;
begin
  update app_public.users set is_admin = p_is_admin where email = p_email::citext returning * into v_user;
  if not found then
    raise exception 'No user with this e-mail' using errcode = 'NTFND';
  end if;
  return app_hidden.user_json(v_user);
end
$function$;
comment on function app_private.set_admin(text,boolean) is null;
revoke all on function app_private.set_admin(text,boolean) from public, marine_anonymous, marine_agent, marine_admin;
