CREATE OR REPLACE FUNCTION app_hidden.user_json(u app_public.users)
 RETURNS json
 LANGUAGE sql
 STABLE
AS $function$
    select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
      'email', u.email, 'isAdmin', u.is_admin, 'isAgent', u.is_agent)
  $function$;
comment on function app_hidden.user_json(app_public.users) is 'A user as the API shows it (never secrets).';
revoke all on function app_hidden.user_json(app_public.users) from public, marine_anonymous, marine_agent, marine_admin;
grant execute on function app_hidden.user_json(app_public.users) to marine_anonymous;
