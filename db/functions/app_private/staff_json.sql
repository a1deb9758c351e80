-- What the command line shows of a user: e-mail, tier and staff grant.
CREATE OR REPLACE FUNCTION app_private.staff_json(p_user app_public.users)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'pg_catalog', 'public', 'pg_temp'
AS $function$
    select json_build_object('email', p_user.email, 'isAdmin', p_user.is_admin,
      'isStaff', exists (select 1 from app_private.staff_grants g where g.user_id = p_user.id))
  $function$;
comment on function app_private.staff_json(app_public.users) is null;
revoke all on function app_private.staff_json(app_public.users) from public, marine_anonymous, marine_agent, marine_admin;
